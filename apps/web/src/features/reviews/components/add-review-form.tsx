import { zodResolver } from '@hookform/resolvers/zod';
import { useWatch } from 'react-hook-form';
import { FormImageField, type PhotoFormProps } from '@/components/image-upload-field';
import { FormField } from '@/components/ui/form-field';
import { ServerFormView } from '@/components/ui/server-form-view';
import { useServerForm } from '@/hooks/use-server-form';
import { reviewsCopy } from '../copy';
import { ADD_REVIEW_FIELDS, addReviewFormSchema, type AddReviewFormInput, type AddReviewFormValues } from '../review-form-schema';
import { RatingField } from './rating-field';

const copy = reviewsCopy.add;
const EMPTY: AddReviewFormInput = { review: '', ratings: '', image: undefined };

export type AddReviewFormProps = PhotoFormProps<AddReviewFormValues>;

/** SPEC's review form: review text, ratings from 1 to 5 (chosen as stars) and a required photo. */
export function AddReviewForm({ onSubmit, upload }: AddReviewFormProps) {
  const form = useServerForm<AddReviewFormInput, AddReviewFormValues>({
    resolver: zodResolver(addReviewFormSchema),
    defaultValues: EMPTY,
    fields: ADD_REVIEW_FIELDS,
    onSubmit,
  });
  const {
    register,
    formState: { errors },
  } = form;
  const ratings = useWatch({ control: form.control, name: 'ratings' });

  return (
    <ServerFormView id="add-review" form={form} heading={copy.heading} intro={copy.intro} submitLabel={copy.submit}>
      <FormField id="review-text" kind="textarea" label={copy.review} error={errors.review?.message}>
        {(props) => <textarea rows={5} {...props} {...register('review')} />}
      </FormField>
      <RatingField id="review-ratings" value={ratings} field={register('ratings')} error={errors.ratings?.message} />
      <FormImageField form={form} name="image" id="review-image" label={copy.image} hint={copy.imageHint} upload={upload} />
    </ServerFormView>
  );
}
