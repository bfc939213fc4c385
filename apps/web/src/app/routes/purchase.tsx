import { useParams } from 'react-router';
import { PurchasePage } from '@/features/purchase/components/purchase-page';
import { ProtectedRoute } from '@/lib/auth';
import { useAuth } from '@/lib/session';

function PurchaseForSignedIn({ productId }: { productId: string }) {
  const { user } = useAuth();
  return user ? <PurchasePage key={productId} productId={productId} buyer={{ name: user.name, email: user.email }} /> : null;
}

/** /purchase/{id}: signed-in only. */
export function PurchaseRoute() {
  const { id = '' } = useParams();
  return (
    <ProtectedRoute>
      <PurchaseForSignedIn productId={id} />
    </ProtectedRoute>
  );
}
