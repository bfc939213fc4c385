import { useQueryClient } from '@tanstack/react-query';
import { completeSignIn } from '@/api/auth/exchange-token';
import { signInWithPassword, type SignInValues } from '@/api/auth/sign-in';
import { signUp, type SignUpValues } from '@/api/auth/sign-up';
import { signOut } from '@/lib/session';

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
 * already has an account, so only the sign-in tells whether this password opens it.
 */
export function useSignUpAndSignIn(): (values: SignUpValues) => Promise<void> {
  const signIn = usePasswordSignIn();
  return async (values) => {
    await signUp(values);
    await signIn({ email: values.email, password: values.password });
  };
}
