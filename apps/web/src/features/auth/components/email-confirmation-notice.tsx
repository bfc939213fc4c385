import { EMAIL_CONFIRMATION_PARAM } from '@shop/shared';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';

// Only the landing of the confirmation link shows it: every other visit leaves its script and texts out.
const EmailConfirmationMessage = lazy(() => import('./email-confirmation-message').then((module) => ({ default: module.EmailConfirmationMessage })));

/**
 * Where the link of the address confirmation email lands (EMAIL_CONFIRMATION_LANDING): says the
 * address is confirmed, or that the link did not work. Rendered once, in the page frame.
 */
export function EmailConfirmationNotice() {
  const [params] = useSearchParams();
  if (!params.has(EMAIL_CONFIRMATION_PARAM)) return null;
  return (
    <Suspense fallback={null}>
      <EmailConfirmationMessage />
    </Suspense>
  );
}
