import { useCreateReview } from '@/api/reviews/create-review';
import { FormCard } from '@/components/ui/form-card';
import type { SubmitOutcome } from '@/lib/field-errors';
import { toastedSave } from '@/lib/toasted-save';
import { useUploadOnce } from '@/lib/use-upload-once';
import { reviewsCopy } from '../copy';
import type { AddReviewFormValues } from '../review-form-schema';
import { AddReviewForm } from './add-review-form';

const copy = reviewsCopy.add;

/** /dashbord/addreview: uploads the photo, then adds the customer's review. */
export function AddReviewPage() {
  const photo = useUploadOnce();
  const createReview = useCreateReview();

  const save = async ({ image, review, ratings }: AddReviewFormValues): Promise<SubmitOutcome> => {
    const img = await photo.uploadOnce(image);
    if (!img) return { saved: false };
    return toastedSave({ done: copy.added, failed: copy.failed }, async () => {
      const { insertedId } = await createReview.mutateAsync({ review, ratings, img });
      return Boolean(insertedId);
    });
  };

  return (
    <div className="mx-auto max-w-3xl">
      <title>{copy.documentTitle}</title>
      <FormCard>
        <AddReviewForm onSubmit={save} upload={photo} />
      </FormCard>
    </div>
  );
}
