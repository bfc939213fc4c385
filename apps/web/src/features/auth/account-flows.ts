import { useQueryClient } from '@tanstack/react-query';
import { completeSignIn } from '@/api/auth/exchange-token';
import { signInWithPassword, type SignInValues } from '@/api/auth/sign-in';
import { signUp, type SignUpValues } from '@/api/auth/sign-up';
import { ApiError, isApiError } from '@/lib/api-client';
import { signOut } from '@/lib/session';
import { authCopy } from './copy';

/**
 * Email + password sign-in, then the token exchange. An earlier session in this browser is
 * ended first: its token would otherwise be sent along and speak for the wrong person.
 */
export function usePasswordSignIn(): (values: SignInValues) => Promise<void> {
  const queryClient = useQueryClient();
  return async (values) => {
    await signOut(queryClient);
    const { user } = await signInWithPassword(values);
    await completeSignIn(user.email, queryClient);
  };
}

/**
 * Sign-up, then sign-in with the same credentials. Sign-up answers alike for an email that
 * already has an account, whose owner the shop emails instead; when this password does not open
 * that account, the form says to look at the email, not that the password is wrong (which would
 * tell a stranger the address has an account).
 */
export function useSignUpAndSignIn(): (values: SignUpValues) => Promise<void> {
  const signIn = usePasswordSignIn();
  return async (values) => {
    await signUp(values);
    try {
      await signIn({ email: values.email, password: values.password });
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        throw new ApiError({ status: 401, code: 'CHECK_EMAIL', message: authCopy.signUp.checkEmail(values.email), cause: error });
      }
      throw error;
    }
  };
}
