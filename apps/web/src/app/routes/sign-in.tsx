import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { requestPasswordReset } from '@/api/auth/request-password-reset';
import { PageLoader } from '@/components/ui/page-loader';
import { paths } from '@/config/paths';
import { usePasswordSignIn } from '@/features/auth/account-flows';
import { AuthCard } from '@/features/auth/components/auth-card';
import { CheckoutReturnNotice } from '@/features/auth/components/checkout-return-notice';
import { ContinueWithGoogle } from '@/features/auth/components/continue-with-google';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { authCopy } from '@/features/auth/copy';
import { returnPathFromState } from '@/features/auth/return-path';
import { useGoogleReturn } from '@/features/auth/use-google-return';
import { useAccessToken } from '@/lib/access-token';

const copy = authCopy.signIn;

export function SignInRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const signIn = usePasswordSignIn();
  const googleReturn = useGoogleReturn();
  // Back to the page a guard sent the visitor away from, otherwise home.
  const returnTo = returnPathFromState(location.state);
  const signedIn = useAccessToken() !== null;

  if (googleReturn.state === 'completing') {
    return (
      <>
        <title>{copy.documentTitle}</title>
        <PageLoader label={authCopy.google.completing} showLabel />
      </>
    );
  }

  // Someone already signed in has nothing to do here: on to where they were going.
  if (signedIn) return <Navigate to={returnTo} replace />;

  return (
    <AuthCard
      heading={copy.heading}
      intro={copy.intro}
      footer={
        <>
          {copy.newHere}{' '}
          {/* The way back goes along: a new account returns where this sign-in would have. */}
          <Link to={paths.auth.signUp.getHref()} state={location.state} className="link link-primary font-medium">
            {copy.signUpLink}
          </Link>
        </>
      }
    >
      <title>{copy.documentTitle}</title>
      <CheckoutReturnNotice returnTo={returnTo} />
      <SignInForm
        onSubmit={async (values) => {
          await signIn(values);
          await navigate(returnTo, { replace: true });
        }}
        onForgotPassword={requestPasswordReset}
      />
      <ContinueWithGoogle returnTo={returnTo} message={googleReturn.state === 'failed' ? googleReturn.message : null} />
    </AuthCard>
  );
}
