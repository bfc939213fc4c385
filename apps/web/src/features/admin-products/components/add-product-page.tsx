import { centsToDollars } from '@shop/shared';
import { useCreateProduct } from '@/api/products/create-product';
import { refusedOutcome, type SubmitOutcome } from '@/lib/field-errors';
import { toast } from '@/lib/toast';
import { useUploadOnce } from '@/lib/use-upload-once';
import { adminProductsCopy } from '../copy';
import type { AddProductFormValues } from '../product-form-schemas';
import { AddProductForm } from './add-product-form';

const copy = adminProductsCopy.add;

/** /dashbord/addproducts: uploads the photo, then adds the product to the catalogue. */
export function AddProductPage() {
  const photo = useUploadOnce();
  const createProduct = useCreateProduct();

  const save = async ({ image, price, ...product }: AddProductFormValues): Promise<SubmitOutcome> => {
    let img: string;
    try {
      img = await photo.uploadOnce(image);
    } catch {
      // The upload's reason is shown under the image field; nothing was added.
      return { saved: false };
    }
    try {
      const { insertedId } = await createProduct.mutateAsync({ ...product, price: centsToDollars(price), img });
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
          <AddProductForm onSubmit={save} uploadProgress={photo.progress} uploadError={photo.error} />
        </div>
      </div>
    </div>
  );
}
