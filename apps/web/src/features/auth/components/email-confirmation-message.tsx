import { EMAIL_CONFIRMATION_PARAM } from '@shop/shared';
import { useSearchParams } from 'react-router';
import { authCopy } from '../copy';

const copy = authCopy.emailConfirmation;

/**
 * Says the address is confirmed, or that the link did not work (Better Auth adds `error` then).
 * Closing it takes the parameters out of the address.
 */
export function EmailConfirmationMessage() {
  const [params, setParams] = useSearchParams();
  const failed = params.has('error');
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
        <p>{failed ? copy.failed : copy.confirmed}</p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={close}>
          {copy.close}
        </button>
      </div>
    </div>
  );
}
