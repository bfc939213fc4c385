import { Link, useLocation } from 'react-router';
import { useSetStockAlert, useStockAlert } from '@/api/stock-alerts/stock-alert';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/session';
import { partCopy } from '../copy';

const copy = partCopy.notify;

/**
 * SPEC-2 section 6 on an out-of-stock part: 'Notify me' for a signed-in customer (one email when
 * it is back, withdrawn at will); a visitor is asked to sign in and comes back here.
 */
export function NotifyMe({ productId }: { productId: string }) {
  const { user } = useAuth();
  const location = useLocation();
  const alert = useStockAlert(productId, user !== null);
  const setAlert = useSetStockAlert(productId);

  if (!user) {
    return (
      <p className="text-sm">
        <Link className="link link-primary" to={paths.auth.signIn.getHref()} state={{ from: { pathname: location.pathname } }}>
          {copy.signIn}
        </Link>{' '}
        {copy.signInWhy}
      </p>
    );
  }
  const subscribed = alert.data?.subscribed === true;
  const change = (next: boolean) => {
    // The part page paints without the toast library: it loads with the first tap, beside the call.
    const toasts = import('@/lib/toast');
    setAlert.mutate(next, {
      onSuccess: () => void toasts.then(({ toast }) => toast.success(next ? copy.subscribed : copy.withdrawn)),
      onError: (error) => void toasts.then(({ toast }) => toast.error(isApiError(error) ? error.message : copy.failed)),
    });
  };
  return (
    <div className="flex flex-col items-start gap-2" aria-live="polite">
      {subscribed && <p className="text-sm">{copy.waiting}</p>}
      <button
        type="button"
        className={`btn ${subscribed ? 'btn-ghost btn-sm' : 'btn-primary'}`}
        disabled={alert.isPending || setAlert.isPending}
        aria-busy={setAlert.isPending}
        onClick={() => change(!subscribed)}
      >
        {subscribed ? copy.withdraw : copy.notifyMe}
      </button>
    </div>
  );
}
