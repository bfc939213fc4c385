import { CartPage } from '@/features/cart/components/cart-page';
import { CheckoutPage } from '@/features/cart/components/checkout-page';
import { ProtectedRoute } from '@/lib/auth';
import { useAuth } from '@/lib/session';

/** /cart: a visitor's cart or a signed-in customer's. */
export function CartRoute() {
  return <CartPage />;
}

/** /checkout: signed-in customers; sign-in comes back here. */
export function CheckoutRoute() {
  return (
    <ProtectedRoute>
      <SignedInCheckout />
    </ProtectedRoute>
  );
}

function SignedInCheckout() {
  const { user } = useAuth();
  return user ? <CheckoutPage buyer={{ name: user.name, email: user.email }} /> : null;
}
