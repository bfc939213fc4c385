import type { signUpSchema } from '@shop/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** The sign-up form's values once the shared schema has checked and normalised them. */
export type SignUpValues = z.output<typeof signUpSchema>;

/**
 * Creates the account. The answer is the same for an email that already has one, so this
 * never tells who is a customer; signing in next is what proves the password.
 */
export const signUp = (values: SignUpValues) => api.post<unknown>('/auth/sign-up/email', { body: values });
