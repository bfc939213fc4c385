import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** Query parameters of the sign-in page when Google sends the visitor back. */
export const GOOGLE_RETURN_PARAMS = { provider: 'provider', from: 'from', error: 'error' } as const;
export const GOOGLE_PROVIDER = 'google';

/** Where Google sends the visitor back to: the sign-in page, which finishes the sign-in. */
export const googleReturnUrl = (from: string) =>
  `${paths.auth.signIn.getHref()}?${new URLSearchParams({
    [GOOGLE_RETURN_PARAMS.provider]: GOOGLE_PROVIDER,
    [GOOGLE_RETURN_PARAMS.from]: from,
  })}`;

/** Asks the identity service for Google's sign-in address and leaves for it. */
export async function startGoogleSignIn(from: string): Promise<void> {
  const returnUrl = googleReturnUrl(from);
  const { url } = await api.post<{ url: string }>('/auth/sign-in/social', {
    body: { provider: GOOGLE_PROVIDER, callbackURL: returnUrl, errorCallbackURL: returnUrl },
  });
  window.location.assign(url);
}
