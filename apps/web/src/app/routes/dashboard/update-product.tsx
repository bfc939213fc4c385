import { useParams } from 'react-router';
import { UpdateProductPage } from '@/features/admin-products/components/update-product-page';
import { Authorization } from '@/lib/auth';

/** /dashbord/updateproducts/{productId}: admins only. */
export function UpdateProductRoute() {
  const { productId = '' } = useParams();
  return (
    <Authorization allow="admin">
      {/* A new id is a new form: nothing typed for one product carries over to another. */}
      <UpdateProductPage key={productId} productId={productId} />
    </Authorization>
  );
}
