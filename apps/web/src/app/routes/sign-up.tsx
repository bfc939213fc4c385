import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSignUpAndSignIn } from '@/features/auth/account-flows';
import { AuthCard } from '@/features/auth/components/auth-card';
import { CheckoutReturnNotice } from '@/features/auth/components/checkout-return-notice';
import { ContinueWithGoogle } from '@/features/auth/components/continue-with-google';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { authCopy } from '@/features/auth/copy';
import { returnPathFromState } from '@/features/auth/return-path';
import { useAccessToken } from '@/lib/access-token';

const copy = authCopy.signUp;

export function SignUpRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const signUpAndSignIn = useSignUpAndSignIn();
  // As after sign-in: back to the page the visitor was sent away from (the cart, on the way to
  // the checkout), otherwise home.
  const returnTo = returnPathFromState(location.state);
  // Someone already signed in has no account to create: on to where they were going.
  const signedIn = useAccessToken() !== null;
  if (signedIn) return <Navigate to={returnTo} replace />;

  return (
    <AuthCard
      heading={copy.heading}
      intro={copy.intro}
      footer={
        <>
          {copy.haveAccount}{' '}
          <Link to={paths.auth.signIn.getHref()} state={location.state} className="link link-primary font-medium">
            {copy.signInLink}
          </Link>
        </>
      }
    >
      <title>{copy.documentTitle}</title>
      <CheckoutReturnNotice returnTo={returnTo} />
      <SignUpForm
        onSubmit={async (values) => {
          await signUpAndSignIn(values);
          await navigate(returnTo, { replace: true });
        }}
      />
      <ContinueWithGoogle returnTo={returnTo} />
    </AuthCard>
  );
}
