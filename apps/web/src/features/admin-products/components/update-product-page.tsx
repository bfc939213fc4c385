import { centsToDollars } from '@shop/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { useProduct } from '@/api/products/get-product';
import { useUpdateProduct } from '@/api/products/update-product';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { refusedOutcome, type SubmitOutcome } from '@/lib/field-errors';
import { toast } from '@/lib/toast';
import { useUploadOnce } from '@/lib/use-upload-once';
import { adminProductsCopy } from '../copy';
import type { UpdateProductFormValues } from '../product-form-schemas';
import { UpdateProductForm } from './update-product-form';

const copy = adminProductsCopy.update;

/** A malformed id (400) or an unknown one (404): asking again will not find it. */
const isMissing = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

/** /dashbord/updateproducts/{productId}: the product's form, prefilled with what the shop has now. */
export function UpdateProductPage({ productId }: { productId: string }) {
  const product = useProduct(productId);
  const photo = useUploadOnce();
  const updateProduct = useUpdateProduct();
  // The stock the form showed when it opened (or was last saved): the server writes a new stock
  // only while the shelf still holds this many, so units ordered meanwhile are never overwritten.
  const [stockSeen, setStockSeen] = useState<number | null>(null);
  if (stockSeen === null && product.data) setStockSeen(product.data.quantity);

  const save = async ({ image, price, ...changes }: UpdateProductFormValues): Promise<SubmitOutcome> => {
    let img: string | undefined;
    if (image) {
      try {
        img = await photo.uploadOnce(image);
      } catch {
        // The upload's reason is shown under the photo field; nothing was changed.
        return { saved: false };
      }
    }
    try {
      await updateProduct.mutateAsync({
        id: productId,
        changes: { ...changes, quantitySeen: stockSeen ?? changes.quantity, price: centsToDollars(price), ...(img ? { img } : {}) },
      });
      setStockSeen(changes.quantity);
      toast.success(copy.updated);
      return { saved: true };
    } catch (error) {
      if (isApiError(error) && error.code === 'STOCK_CHANGED') {
        // The message under Quantity says what the shelf holds now; saving again sets the typed stock from there.
        const fresh = await product.refetch();
        if (fresh.data) setStockSeen(fresh.data.quantity);
      }
      toast.error(copy.failed);
      return refusedOutcome(error, copy.failed);
    }
  };

  const backLink = (
    <Link to={paths.dashboard.manageProducts.getHref()} className="link self-start">
      {copy.backToList}
    </Link>
  );

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <title>{copy.documentTitle}</title>
      {backLink}
      {product.isPending ? (
        <PageLoader label={copy.loading} />
      ) : product.isError ? (
        isMissing(product.error) ? (
          <div role="alert" className="rounded-box border border-base-300 bg-base-200 p-8 text-center">
            <h1 className="mb-2 text-2xl font-bold">{copy.heading}</h1>
            <p>{copy.notFound}</p>
          </div>
        ) : (
          <ErrorPanel message={copy.loadFailed} retryLabel={copy.retry} onRetry={() => void product.refetch()} isRetrying={product.isRefetching} />
        )
      ) : (
        <div className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body p-6 sm:p-8">
            <UpdateProductForm
              key={product.data._id}
              product={product.data}
              onSubmit={save}
              uploadProgress={photo.progress}
              uploadError={photo.error}
            />
          </div>
        </div>
      )}
    </div>
  );
}
