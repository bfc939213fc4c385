import type { signInSchema } from '@shop/shared';
import { api } from '@/lib/api-client';

export type SignInValues = ReturnType<typeof signInSchema.parse>;

interface SignInAnswer {
  user: { email: string };
}

/** Checks the password; the answer sets the identity session cookie that the token exchange needs. */
export const signInWithPassword = (values: SignInValues) =>
  api.post<SignInAnswer>('/auth/sign-in/email', { body: values });
