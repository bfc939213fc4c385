import { centsToDollars } from '@shop/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCreateProduct } from '@/api/products/create-product';
import { FormCard } from '@/components/ui/form-card';
import { paths } from '@/config/paths';
import type { SubmitOutcome } from '@/lib/field-errors';
import { toastedSave } from '@/lib/toasted-save';
import { useUploadOnce } from '@/hooks/use-upload-once';
import { adminProductsCopy } from '../copy';
import { quantityPricesInDollars, type AddProductFormValues } from '../product-form-schemas';
import { AddProductForm } from './add-product-form';
import { useCategoryNames } from './catalogue-details-fields';

const copy = adminProductsCopy.add;

/** /dashbord/addproducts: uploads the photo, then adds the product to the catalogue and links to its page. */
export function AddProductPage() {
  const photo = useUploadOnce();
  const createProduct = useCreateProduct();
  const categories = useCategoryNames();
  // The part added last: the emptied form is ready for the next, and this leads to the one just added.
  const [added, setAdded] = useState<{ id: string; name: string } | null>(null);

  const save = async ({ image, price, morePhotos, quantityPrices, ...product }: AddProductFormValues): Promise<SubmitOutcome> => {
    const img = await photo.uploadOnce(image);
    if (!img) return { saved: false };
    return toastedSave({ done: copy.added, failed: copy.failed }, async () => {
      const { insertedId } = await createProduct.mutateAsync({
        ...product,
        price: centsToDollars(price),
        img,
        ...(morePhotos.length > 0 ? { images: [img, ...morePhotos] } : {}),
        ...(quantityPrices.length > 0 ? { quantityPrices: quantityPricesInDollars(quantityPrices) } : {}),
      });
      if (insertedId) setAdded({ id: insertedId, name: product.name });
      return Boolean(insertedId);
    });
  };

  return (
    <div className="mx-auto max-w-3xl">
      <title>{copy.documentTitle}</title>
      <FormCard>
        <AddProductForm onSubmit={save} upload={photo} categories={categories} />
      </FormCard>
      {/* Right under the button just pressed; always present, so what it says once a part is added is announced. */}
      <div role="status">
        {added && (
          <p className="mt-4 rounded-box border border-green-700 bg-green-50 p-4 wrap-anywhere">
            {copy.inShop(added.name)}{' '}
            <Link to={paths.part.getHref(added.id)} className="link font-semibold">
              {copy.viewNew(added.name)}
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
