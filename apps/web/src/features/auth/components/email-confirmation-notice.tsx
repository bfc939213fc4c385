import { EMAIL_CONFIRMATION_PARAM } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { queryKeys } from '@/lib/query-keys';
import { onEmailChangeElsewhere } from './email-change-signal';

// Only the landing of the confirmation link shows it: every other visit leaves its script and texts out.
const EmailConfirmationMessage = lazy(() => import('./email-confirmation-message').then((module) => ({ default: module.EmailConfirmationMessage })));

/**
 * Where the links of the address confirmation and change-of-email emails land
 * (EMAIL_CONFIRMATION_LANDING, EMAIL_CHANGE_LANDING): says the address is confirmed or changed, or
 * that the link did not work. Rendered once, in the page frame, it also refreshes the session of
 * this tab when another tab lands on a changed address.
 */
export function EmailConfirmationNotice() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  useEffect(() => onEmailChangeElsewhere(() => void queryClient.invalidateQueries({ queryKey: queryKeys.session })), [queryClient]);
  if (!params.has(EMAIL_CONFIRMATION_PARAM)) return null;
  return (
    <Suspense fallback={null}>
      <EmailConfirmationMessage />
    </Suspense>
  );
}
