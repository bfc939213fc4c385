import { paths } from '@/config/paths';

/**
 * A path inside this shop to return to after signing in, or '/' for anything else: a return
 * address comes from the URL, and must never send the visitor to another site.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  try {
    const url = new URL(value, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}

interface FromState {
  from?: { pathname?: unknown; search?: unknown; hash?: unknown };
}

/** The page a guard sent the visitor away from (router state `from`), as a path. */
export function returnPathFromState(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from || typeof from.pathname !== 'string') return '/';
  const search = typeof from.search === 'string' ? from.search : '';
  const hash = typeof from.hash === 'string' ? from.hash : '';
  return safeReturnPath(`${from.pathname}${search}${hash}`);
}

/** Whether the way back leads to the cart or the checkout: the visitor is signing in to check out. */
export function isCheckoutReturn(returnPath: string): boolean {
  const pathname = new URL(returnPath, window.location.origin).pathname;
  return pathname === paths.cart.getHref() || pathname === paths.checkout.getHref();
}
