import { TOAST_AUTO_CLOSE_MS } from '@shop/shared';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToToastDemand, toastsInDemand } from '@/lib/toast-demand';

// Loaded with the first script that can raise a toast (see toast-demand): until the visitor does
// something that can end in a toast, the page does not download the toast library or its styles.
const ToastContainer = lazy(() => import('./toast-container').then((module) => ({ default: module.ToastContainer })));

/** SPEC section 9: toasts top-right, closing after 5000 ms, light theme. */
export function ToastHost() {
  const inDemand = useSyncExternalStore(subscribeToToastDemand, toastsInDemand, toastsInDemand);
  if (!inDemand) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} theme="light" />
    </Suspense>
  );
}
