import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ImageUploadField } from '@/components/image-upload-field';
import { FieldMessage, FormField } from '@/components/ui/form-field';
import { applyFieldErrors, type SubmitOutcome } from '@/lib/field-errors';
import { reviewsCopy } from '../copy';
import { ADD_REVIEW_FIELDS, addReviewFormSchema, type AddReviewFormInput, type AddReviewFormValues } from '../review-form-schema';

const copy = reviewsCopy.add;
const EMPTY: AddReviewFormInput = { review: '', ratings: '', image: undefined };

export interface AddReviewFormProps {
  /** Uploads the photo and adds the review. */
  onSubmit: (values: AddReviewFormValues) => Promise<SubmitOutcome>;
  /** Share of the photo sent so far (0 to 1) while it uploads, otherwise null. */
  uploadProgress: number | null;
  /** Why the photo's upload failed. */
  uploadError: string | null;
}

/** SPEC's review form: review text, ratings from 1 to 5 and a required photo. */
export function AddReviewForm({ onSubmit, uploadProgress, uploadError }: AddReviewFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<AddReviewFormInput, unknown, AddReviewFormValues>({
    resolver: zodResolver(addReviewFormSchema),
    defaultValues: EMPTY,
  });
  const chosen = useWatch({ control, name: 'image' });

  const submit = handleSubmit(async (values, event) => {
    const form = event?.target instanceof HTMLFormElement ? event.target : null;
    setFormError(null);
    const outcome = await onSubmit(values);
    if (!outcome.saved) {
      if (!applyFieldErrors(outcome.fieldErrors, setError, ADD_REVIEW_FIELDS)) setFormError(outcome.message ?? null);
      return;
    }
    reset(EMPTY);
    // A file input keeps showing its file until its own value is cleared.
    const fileInput = form?.elements.namedItem('image');
    if (fileInput instanceof HTMLInputElement) fileInput.value = '';
  });

  return (
    <form noValidate onSubmit={submit} aria-labelledby="add-review-heading" className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h1 id="add-review-heading" className="text-3xl font-bold">
          {copy.heading}
        </h1>
        <p className="text-base-content/80">{copy.intro}</p>
      </div>
      <FormField id="review-text" kind="textarea" label={copy.review} error={errors.review?.message}>
        {(props) => <textarea rows={5} {...props} {...register('review')} />}
      </FormField>
      <FormField id="review-ratings" label={copy.ratings} hint={copy.ratingsHint} error={errors.ratings?.message} className="sm:max-w-48">
        {(props) => <input type="text" inputMode="numeric" autoComplete="off" {...props} {...register('ratings')} />}
      </FormField>
      <ImageUploadField
        id="review-image"
        label={copy.image}
        hint={copy.imageHint}
        error={errors.image?.message}
        file={chosen?.[0] ?? null}
        progress={uploadProgress}
        uploadError={uploadError}
        inputProps={register('image')}
      />
      {formError && <FieldMessage alert>{formError}</FieldMessage>}
      {/* Busy from the photo's upload until the review is saved. */}
      <button type="submit" className="btn btn-primary self-start sm:min-w-44" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {copy.submit}
      </button>
    </form>
  );
}
