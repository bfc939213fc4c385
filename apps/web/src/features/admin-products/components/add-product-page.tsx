import { centsToDollars } from '@shop/shared';
import { useCreateProduct } from '@/api/products/create-product';
import { FormCard } from '@/components/ui/form-card';
import type { SubmitOutcome } from '@/lib/field-errors';
import { toastedSave } from '@/lib/toasted-save';
import { useUploadOnce } from '@/hooks/use-upload-once';
import { adminProductsCopy } from '../copy';
import type { AddProductFormValues } from '../product-form-schemas';
import { AddProductForm } from './add-product-form';
import { useCategoryNames } from './catalogue-details-fields';

const copy = adminProductsCopy.add;

/** /dashbord/addproducts: uploads the photo, then adds the product to the catalogue. */
export function AddProductPage() {
  const photo = useUploadOnce();
  const createProduct = useCreateProduct();
  const categories = useCategoryNames();

  const save = async ({ image, price, ...product }: AddProductFormValues): Promise<SubmitOutcome> => {
    const img = await photo.uploadOnce(image);
    if (!img) return { saved: false };
    return toastedSave({ done: copy.added, failed: copy.failed }, async () => {
      const { insertedId } = await createProduct.mutateAsync({ ...product, price: centsToDollars(price), img });
      return Boolean(insertedId);
    });
  };

  return (
    <div className="mx-auto max-w-3xl">
      <title>{copy.documentTitle}</title>
      <FormCard>
        <AddProductForm onSubmit={save} upload={photo} categories={categories} />
      </FormCard>
    </div>
  );
}
