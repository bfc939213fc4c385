import { centsToDollars } from '@shop/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { useFitment } from '@/api/products/get-fitment';
import { useProduct } from '@/api/products/get-product';
import { useUpdateProduct } from '@/api/products/update-product';
import { FormCard } from '@/components/ui/form-card';
import { QueryView } from '@/components/ui/query-view';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import type { SubmitOutcome } from '@/lib/field-errors';
import { toastedSave } from '@/lib/toasted-save';
import { useUploadOnce } from '@/hooks/use-upload-once';
import { adminProductsCopy } from '../copy';
import { quantityPricesInDollars, type UpdateProductFormValues } from '../product-form-schemas';
import { useCategoryNames } from './catalogue-details-fields';
import { StockHistorySection } from './stock-history-section';
import { UpdateProductForm } from './update-product-form';

const copy = adminProductsCopy.update;

/** A malformed id (400) or an unknown one (404): asking again will not find it. */
const isMissing = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 400);

/** /dashbord/updateproducts/{productId}: the product's form, prefilled with what the shop has now. */
export function UpdateProductPage({ productId }: { productId: string }) {
  const product = useProduct(productId);
  const fitment = useFitment(productId);
  const categories = useCategoryNames(product.data?.category);
  const photo = useUploadOnce();
  const updateProduct = useUpdateProduct();
  // The stock the form showed when it opened (or was last saved): the server writes a new stock
  // only while the shelf still holds this many, so units ordered meanwhile are never overwritten.
  const [stockSeen, setStockSeen] = useState<number | null>(null);
  if (stockSeen === null && product.data) setStockSeen(product.data.quantity);

  const photosChanged = (morePhotos: readonly string[]) => morePhotos.join('\n') !== (product.data?.images?.slice(1) ?? []).join('\n');

  const save = async ({ image, price, morePhotos, quantityPrices, ...changes }: UpdateProductFormValues): Promise<SubmitOutcome> => {
    const img = image ? await photo.uploadOnce(image) : undefined;
    if (img === null) return { saved: false };
    return toastedSave({ done: copy.updated, failed: copy.failed }, async () => {
      try {
        await updateProduct.mutateAsync({
          id: productId,
          changes: {
            ...changes,
            quantitySeen: stockSeen ?? changes.quantity,
            price: centsToDollars(price),
            // The rows replace the part's quantity prices: none left, none kept.
            quantityPrices: quantityPricesInDollars(quantityPrices),
            ...(img ? { img } : {}),
            // Every photo in order, only when they changed: the image first.
            ...(img || photosChanged(morePhotos) ? { images: [img ?? product.data!.img, ...morePhotos] } : {}),
          },
        });
      } catch (error) {
        if (isApiError(error) && error.code === 'STOCK_CHANGED') {
          // The message under Quantity says what the shelf holds now; saving again sets the typed stock from there.
          const fresh = await product.refetch();
          if (fresh.data) setStockSeen(fresh.data.quantity);
        }
        throw error;
      }
      setStockSeen(changes.quantity);
      return true;
    });
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <title>{copy.documentTitle}</title>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <Link to={paths.dashboard.manageProducts.getHref()} className="link">
          {copy.backToList}
        </Link>
        {product.data && (
          <Link to={paths.part.getHref(product.data._id)} className="link">
            {copy.viewInShop}
          </Link>
        )}
      </div>
      <QueryView
        query={product}
        copy={copy}
        failure={(error) =>
          isMissing(error) && (
            <div role="alert" className="rounded-box border border-base-300 bg-base-200 p-8 text-center">
              <h1 className="mb-2 text-2xl font-bold">{copy.heading}</h1>
              <p>{copy.notFound}</p>
            </div>
          )
        }
      >
        {(current) => (
          <FormCard>
            <QueryView query={fitment} copy={copy}>
              {(currentFitment) => (
            <UpdateProductForm
              key={current._id}
              product={current}
              fitment={currentFitment}
              onSubmit={save}
              upload={photo}
              categories={categories}
            />
              )}
            </QueryView>
          </FormCard>
        )}
      </QueryView>
      {product.data && <StockHistorySection productId={productId} />}
    </div>
  );
}
