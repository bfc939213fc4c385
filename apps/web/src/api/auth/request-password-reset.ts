import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';

/** Sends the reset email; answered alike for unknown emails, so it never tells who has an account. */
export const requestPasswordReset = (email: string) =>
  api.post<unknown>('/auth/request-password-reset', {
    body: { email, redirectTo: paths.auth.resetPassword.getHref() },
  });
