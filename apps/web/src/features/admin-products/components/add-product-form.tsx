import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useWatch } from 'react-hook-form';
import { FormImageField, type PhotoFormProps } from '@/components/image-upload-field';
import { FormField } from '@/components/ui/form-field';
import { ServerFormView } from '@/components/ui/server-form-view';
import { useServerForm } from '@/hooks/use-server-form';
import { adminProductsCopy } from '../copy';
import type { UseFormReturn } from 'react-hook-form';
import {
  ADD_PRODUCT_FIELDS,
  ROW_LISTS,
  addProductFormSchema,
  belowMinimumAdvice,
  priceCommaAdvice,
  type AddProductFormInput,
  type AddProductFormValues,
} from '../product-form-schemas';
import { CatalogueDetailsFields } from './catalogue-details-fields';
import { EMPTY_FITMENT, FitmentFields, type FitmentFormValues, useFitmentYearChecks } from './fitment-fields';
import { MorePhotosField } from './more-photos-field';
import { QuantityPricesFields, type QuantityPricesFormValues } from './quantity-prices-fields';

const copy = adminProductsCopy.add;
const fields = adminProductsCopy.fields;
const EMPTY: AddProductFormInput = {
  name: '',
  decreption: '',
  price: '',
  quantity: '',
  minimum: '',
  category: '',
  brand: '',
  partNumber: '',
  oemNumbers: '',
  image: undefined,
  morePhotos: [],
  fitment: EMPTY_FITMENT,
  quantityPrices: [],
};

export interface AddProductFormProps extends PhotoFormProps<AddProductFormValues> {
  /** The names of the shop's categories, for the Category select. */
  categories: readonly string[];
}

/** SPEC's 'Add new Product' form: every field required, each with its own message, and advice where a value would surprise. */
export function AddProductForm({ onSubmit, upload, categories }: AddProductFormProps) {
  // Once added, the form is ready for the next part.
  const form = useServerForm<AddProductFormInput, AddProductFormValues>({
    resolver: useFitmentYearChecks(zodResolver(addProductFormSchema)),
    defaultValues: EMPTY,
    fields: ADD_PRODUCT_FIELDS,
    lists: ROW_LISTS,
    onSubmit,
  });
  const {
    register,
    formState: { errors },
  } = form;
  const [price, quantity, minimum] = useWatch({ control: form.control, name: ['price', 'quantity', 'minimum'] });

  return (
    <ServerFormView id="add-product" form={form} heading={copy.heading} intro={copy.intro} submitLabel={copy.submit}>
      <FormField id="product-name" label={fields.name} error={errors.name?.message}>
        {(props) => <input type="text" autoComplete="off" {...props} {...register('name')} />}
      </FormField>
      <CatalogueDetailsFields form={form} idPrefix="product" categories={categories} placeholder={fields.chooseCategory} />
      <FormField id="product-decreption" kind="textarea" label={fields.decreption} error={errors.decreption?.message}>
        {(props) => <textarea rows={4} {...props} {...register('decreption')} />}
      </FormField>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-3">
        <FormField id="product-price" label={fields.price} hint={fields.priceHint} error={errors.price?.message} warning={priceCommaAdvice(price)}>
          {/* Text, as SPEC has it: a number input would turn '12,99' or '1.234' into nothing. */}
          {(props) => <input type="text" inputMode="decimal" autoComplete="off" {...props} {...register('price')} />}
        </FormField>
        <FormField
          id="product-quantity"
          label={fields.quantity}
          hint={fields.quantityHint}
          error={errors.quantity?.message}
          warning={belowMinimumAdvice(quantity, minimum)}
        >
          {(props) => <input type="number" inputMode="numeric" min={0} step={1} {...props} {...register('quantity')} />}
        </FormField>
        <FormField id="product-minimum" label={fields.minimum} hint={fields.minimumHint} error={errors.minimum?.message}>
          {(props) => <input type="number" inputMode="numeric" min={1} step={1} {...props} {...register('minimum')} />}
        </FormField>
      </div>
      <QuantityPricesFields form={form as unknown as UseFormReturn<QuantityPricesFormValues, unknown, unknown>} idPrefix="product" />
      <FitmentFields form={form as unknown as UseFormReturn<FitmentFormValues, unknown, unknown>} idPrefix="product" />
      <FormImageField form={form} name="image" id="product-image" label={fields.image} hint={fields.imageHint} upload={upload} />
      <Controller
        control={form.control}
        name="morePhotos"
        render={({ field, fieldState }) => <MorePhotosField id="product-more-photos" photos={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
      />
    </ServerFormView>
  );
}
