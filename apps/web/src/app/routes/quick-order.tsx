import { QuickOrderPage } from '@/features/quick-order/components/quick-order-page';
import { ProtectedRoute } from '@/lib/auth';

/** /quick-order: signed-in customers; sign-in comes back here. */
export function QuickOrderRoute() {
  return (
    <ProtectedRoute>
      <QuickOrderPage />
    </ProtectedRoute>
  );
}
