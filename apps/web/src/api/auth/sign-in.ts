import type { signInSchema } from '@shop/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type SignInValues = z.output<typeof signInSchema>;

interface SignInAnswer {
  user: { email: string };
}

/** Checks the password; the answer sets the identity session cookie that the token exchange needs. */
export const signInWithPassword = (values: SignInValues) =>
  api.post<SignInAnswer>('/auth/sign-in/email', { body: values });
