import { Link, useNavigate, useSearchParams } from 'react-router';
import { useProduct } from '@/api/products/get-product';
import { useCreateReview } from '@/api/reviews/create-review';
import { FormCard } from '@/components/ui/form-card';
import { paths } from '@/config/paths';
import type { SubmitOutcome } from '@/lib/field-errors';
import { toastedSave } from '@/lib/toasted-save';
import { useUploadOnce } from '@/hooks/use-upload-once';
import { reviewsCopy } from '../copy';
import type { AddReviewFormValues } from '../review-form-schema';
import { AddReviewForm } from './add-review-form';

const copy = reviewsCopy.add;

/**
 * /dashbord/addreview: uploads the photo, then adds the customer's review; with ?product= (from
 * 'Review this part' in My Orders) a review of that part, after which the customer is back at
 * their orders. A shop review (SPEC's) leaves the form empty for another.
 */
export function AddReviewPage() {
  const photo = useUploadOnce();
  const createReview = useCreateReview();
  const [searchParams] = useSearchParams();
  const productId = searchParams.get('product') ?? undefined;
  const navigate = useNavigate();

  const save = async ({ image, review, ratings }: AddReviewFormValues): Promise<SubmitOutcome> => {
    const img = await photo.uploadOnce(image);
    if (!img) return { saved: false };
    const outcome = await toastedSave({ done: copy.added, failed: copy.failed }, async () => {
      const { insertedId } = await createReview.mutateAsync({ review, ratings, img, ...(productId ? { productId } : {}) });
      return Boolean(insertedId);
    });
    if (outcome.saved && productId) await navigate(paths.dashboard.myOrders.getHref());
    return outcome;
  };

  return (
    <div className="mx-auto max-w-3xl">
      <title>{copy.documentTitle}</title>
      <FormCard>
        {productId && <ReviewedPart productId={productId} />}
        <AddReviewForm onSubmit={save} upload={photo} />
      </FormCard>
    </div>
  );
}

/** The part being reviewed, named and linked above the form. */
function ReviewedPart({ productId }: { productId: string }) {
  const product = useProduct(productId);
  return (
    <div className="mb-4 flex flex-col gap-1 rounded-box bg-base-200 p-4" data-testid="reviewed-part">
      <p>
        {copy.ofPart}{' '}
        {product.data ? (
          <Link to={paths.part.getHref(productId)} className="link font-semibold wrap-anywhere">
            {product.data.name}
          </Link>
        ) : (
          <span className="skeleton inline-block h-4 w-40 align-middle" aria-hidden="true" />
        )}
      </p>
      <p className="text-sm text-base-content/70">{copy.partIntro}</p>
    </div>
  );
}
