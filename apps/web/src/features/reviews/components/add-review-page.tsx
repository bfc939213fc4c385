import { useCreateReview } from '@/api/reviews/create-review';
import { refusedOutcome, type SubmitOutcome } from '@/lib/field-errors';
import { toast } from '@/lib/toast';
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
    let img: string;
    try {
      img = await photo.uploadOnce(image);
    } catch {
      // The upload's reason is shown under the image field; nothing was added.
      return { saved: false };
    }
    try {
      const { insertedId } = await createReview.mutateAsync({ review, ratings, img });
      if (insertedId) {
        toast.success(copy.added);
        return { saved: true };
      }
      toast.error(copy.failed);
      return { saved: false };
    } catch (error) {
      toast.error(copy.failed);
      return refusedOutcome(error, copy.failed);
    }
  };

  return (
    <div className="mx-auto max-w-3xl">
      <title>{copy.documentTitle}</title>
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body p-6 sm:p-8">
          <AddReviewForm onSubmit={save} uploadProgress={photo.progress} uploadError={photo.error} />
        </div>
      </div>
    </div>
  );
}
