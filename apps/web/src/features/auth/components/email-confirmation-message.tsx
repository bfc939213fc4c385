import { accountControlMessages, EMAIL_CHANGE_CONFIRMATION, EMAIL_CONFIRMATION_PARAM } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { queryKeys } from '@/lib/query-keys';
import { authCopy } from '../copy';
import { announceEmailChange } from './email-change-signal';

const copy = authCopy.emailConfirmation;

/** What the landing says: an address confirmed, or changed (`emailConfirmation=change`), or why the link did not work. */
function outcomeOf(params: URLSearchParams): { failed: boolean; text: string; changed: boolean } {
  const error = params.get('error');
  if (params.get(EMAIL_CONFIRMATION_PARAM) !== EMAIL_CHANGE_CONFIRMATION) {
    // The address confirmation of a new account (Better Auth adds `error` when the link did not work).
    return error === null ? { failed: false, text: copy.confirmed, changed: false } : { failed: true, text: copy.failed, changed: false };
  }
  if (error === null) return { failed: false, text: accountControlMessages.emailChanged, changed: true };
  return { failed: true, text: error === 'EMAIL_TAKEN' ? accountControlMessages.emailTaken : copy.failed, changed: false };
}

/**
 * Says the address is confirmed or changed, or that the link did not work. A changed address
 * refreshes the session here and in the shop's other tabs, so the profile shows the new email at
 * once. Closing it takes the parameters out of the address.
 */
export function EmailConfirmationMessage() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { failed, text, changed } = outcomeOf(params);

  useEffect(() => {
    if (!changed) return;
    void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    announceEmailChange();
  }, [changed, queryClient]);

  const close = () => {
    const rest = new URLSearchParams(params);
    rest.delete(EMAIL_CONFIRMATION_PARAM);
    rest.delete('error');
    setParams(rest, { replace: true });
  };
  return (
    <div className="mx-auto max-w-6xl px-4 pt-4">
      <div
        role={failed ? 'alert' : 'status'}
        className={`flex items-center justify-between gap-3 rounded-box border p-4 font-medium ${failed ? 'border-red-300 bg-red-50 text-red-800' : 'border-green-700/40 bg-green-50 text-green-800'}`}
      >
        <p>{text}</p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={close}>
          {copy.close}
        </button>
      </div>
    </div>
  );
}
