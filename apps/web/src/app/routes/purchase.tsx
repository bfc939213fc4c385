import { readQuantity } from '@shop/shared';
import { useParams, useSearchParams } from 'react-router';
import { PurchasePage } from '@/features/purchase/components/purchase-page';
import { ProtectedRoute } from '@/lib/auth';
import { useAuth } from '@/lib/session';

/** `?quantity=` from the part's page: a quantity the shop takes, or nothing. */
const quantityParam = (value: string | null) => {
  const read = readQuantity(value ?? '');
  return 'quantity' in read ? read.quantity : undefined;
};

function PurchaseForSignedIn({ productId }: { productId: string }) {
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  return user ? (
    <PurchasePage key={productId} productId={productId} buyer={{ name: user.name, email: user.email }} initialQuantity={quantityParam(searchParams.get('quantity'))} />
  ) : null;
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
