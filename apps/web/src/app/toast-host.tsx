import { TOAST_AUTO_CLOSE_MS } from '@shop/shared';
import { lazy, Suspense } from 'react';

// Loaded after the first paint: no toast can appear before the visitor has done something.
const ToastContainer = lazy(() =>
  import('react-toastify/unstyled').then((module) => ({ default: module.ToastContainer })),
);

/** SPEC section 9: toasts top-right, closing after 5000 ms, light theme. */
export function ToastHost() {
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} theme="light" />
    </Suspense>
  );
}
