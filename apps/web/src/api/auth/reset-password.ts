import { api } from '@/lib/api-client';

/** Sets the new password of the account the emailed token belongs to; the token works once. */
export const resetPassword = ({ token, newPassword }: { token: string; newPassword: string }) =>
  api.post<unknown>('/auth/reset-password', { body: { token, newPassword } });
