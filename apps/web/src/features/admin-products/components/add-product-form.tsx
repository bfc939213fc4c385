import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ImageUploadField } from '@/components/image-upload-field';
import { FieldMessage, FormField } from '@/components/ui/form-field';
import { applyFieldErrors, type SubmitOutcome } from '@/lib/field-errors';
import { adminProductsCopy } from '../copy';
import {
  ADD_PRODUCT_FIELDS,
  addProductFormSchema,
  type AddProductFormInput,
  type AddProductFormValues,
} from '../product-form-schemas';

const copy = adminProductsCopy.add;
const fields = adminProductsCopy.fields;
const EMPTY: AddProductFormInput = { name: '', decreption: '', price: '', quantity: '', minimum: '', image: undefined };

export interface AddProductFormProps {
  /** Uploads the photo and adds the product. */
  onSubmit: (values: AddProductFormValues) => Promise<SubmitOutcome>;
  /** Share of the photo sent so far (0 to 1) while it uploads, otherwise null. */
  uploadProgress: number | null;
  /** Why the photo's upload failed. */
  uploadError: string | null;
}

/** SPEC's 'Add new Product' form: every field required, each with its own message. */
export function AddProductForm({ onSubmit, uploadProgress, uploadError }: AddProductFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<AddProductFormInput, unknown, AddProductFormValues>({
    resolver: zodResolver(addProductFormSchema),
    defaultValues: EMPTY,
  });
  const chosen = useWatch({ control, name: 'image' });

  const submit = handleSubmit(async (values, event) => {
    const form = event?.target instanceof HTMLFormElement ? event.target : null;
    setFormError(null);
    const outcome = await onSubmit(values);
    if (!outcome.saved) {
      if (!applyFieldErrors(outcome.fieldErrors, setError, ADD_PRODUCT_FIELDS)) setFormError(outcome.message ?? null);
      return;
    }
    // Ready for the next part; a file input keeps showing its file until its own value is cleared.
    reset(EMPTY);
    const fileInput = form?.elements.namedItem('image');
    if (fileInput instanceof HTMLInputElement) fileInput.value = '';
  });

  return (
    <form noValidate onSubmit={submit} aria-labelledby="add-product-heading" className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h1 id="add-product-heading" className="text-3xl font-bold">
          {copy.heading}
        </h1>
        <p className="text-base-content/80">{copy.intro}</p>
      </div>
      <FormField id="product-name" label={fields.name} error={errors.name?.message}>
        {(props) => <input type="text" autoComplete="off" {...props} {...register('name')} />}
      </FormField>
      <FormField id="product-decreption" kind="textarea" label={fields.decreption} error={errors.decreption?.message}>
        {(props) => <textarea rows={4} {...props} {...register('decreption')} />}
      </FormField>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-3">
        <FormField id="product-price" label={fields.price} hint={fields.priceHint} error={errors.price?.message}>
          {/* Text, as SPEC has it: a number input would turn '12,99' or '1.234' into nothing. */}
          {(props) => <input type="text" inputMode="decimal" autoComplete="off" {...props} {...register('price')} />}
        </FormField>
        <FormField id="product-quantity" label={fields.quantity} hint={fields.quantityHint} error={errors.quantity?.message}>
          {(props) => <input type="number" inputMode="numeric" min={0} step={1} {...props} {...register('quantity')} />}
        </FormField>
        <FormField id="product-minimum" label={fields.minimum} hint={fields.minimumHint} error={errors.minimum?.message}>
          {(props) => <input type="number" inputMode="numeric" min={1} step={1} {...props} {...register('minimum')} />}
        </FormField>
      </div>
      <ImageUploadField
        id="product-image"
        label={fields.image}
        hint={fields.imageHint}
        error={errors.image?.message}
        file={chosen?.[0] ?? null}
        progress={uploadProgress}
        uploadError={uploadError}
        inputProps={register('image')}
      />
      {formError && <FieldMessage alert>{formError}</FieldMessage>}
      <button type="submit" className="btn btn-primary self-start sm:min-w-44" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {copy.submit}
      </button>
    </form>
  );
}
