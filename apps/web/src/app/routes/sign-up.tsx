import { Link, Navigate, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSignUpAndSignIn } from '@/features/auth/account-flows';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ContinueWithGoogle } from '@/features/auth/components/continue-with-google';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { authCopy } from '@/features/auth/copy';
import { useAccessToken } from '@/lib/access-token';

const copy = authCopy.signUp;

export function SignUpRoute() {
  const navigate = useNavigate();
  const signUpAndSignIn = useSignUpAndSignIn();
  // Someone already signed in has no account to create: home.
  const signedIn = useAccessToken() !== null;
  if (signedIn) return <Navigate to={paths.home.getHref()} replace />;

  return (
    <AuthCard
      heading={copy.heading}
      intro={copy.intro}
      footer={
        <>
          {copy.haveAccount}{' '}
          <Link to={paths.auth.signIn.getHref()} className="link link-primary font-medium">
            {copy.signInLink}
          </Link>
        </>
      }
    >
      <title>{copy.documentTitle}</title>
      <SignUpForm
        onSubmit={async (values) => {
          await signUpAndSignIn(values);
          await navigate(paths.home.getHref(), { replace: true });
        }}
      />
      <ContinueWithGoogle returnTo={paths.home.getHref()} />
    </AuthCard>
  );
}
