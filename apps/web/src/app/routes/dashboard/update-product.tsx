import { useParams } from 'react-router';
import { UpdateProductPage } from '@/features/admin-products/components/update-product-page';
import { dashboardAccess } from '@/lib/access';
import { Authorization } from '@/lib/auth';

/** /dashbord/updateproducts/{productId}: staff and admins. */
export function UpdateProductRoute() {
  const { productId = '' } = useParams();
  return (
    <Authorization allow={dashboardAccess.updateProduct}>
      {/* A new id is a new form: nothing typed for one product carries over to another. */}
      <UpdateProductPage key={productId} productId={productId} />
    </Authorization>
  );
}
