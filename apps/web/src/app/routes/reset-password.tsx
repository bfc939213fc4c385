import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { requestPasswordReset } from '@/api/auth/request-password-reset';
import { resetPassword } from '@/api/auth/reset-password';
import { paths } from '@/config/paths';
import { AuthCard } from '@/features/auth/components/auth-card';
import { RequestResetLinkForm } from '@/features/auth/components/request-reset-link-form';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { authCopy } from '@/features/auth/copy';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

const copy = authCopy.resetPassword;

export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const token = searchParams.get('token');
  // The identity service sends expired or unknown links here with ?error=INVALID_TOKEN.
  const [linkInvalid, setLinkInvalid] = useState(!token || searchParams.has('error'));

  const changePassword = async (newPassword: string) => {
    try {
      await resetPassword({ token: token ?? '', newPassword });
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        setLinkInvalid(true);
        return;
      }
      throw error;
    }
    toast.success(copy.changed);
    await navigate(paths.auth.signIn.getHref(), { replace: true });
  };

  return (
    <AuthCard
      heading={copy.heading}
      intro={linkInvalid ? undefined : copy.intro}
      footer={
        <Link to={paths.auth.signIn.getHref()} className="link link-primary font-medium">
          {copy.backToSignIn}
        </Link>
      }
    >
      <title>{copy.documentTitle}</title>
      {linkInvalid ? (
        <>
          <div role="alert" className="rounded-box bg-error/10 p-3 text-sm">
            <p className="font-semibold text-red-800">{copy.invalidLink}</p>
            <p>{copy.requestNew}</p>
          </div>
          <RequestResetLinkForm onSubmit={requestPasswordReset} />
        </>
      ) : (
        <ResetPasswordForm onSubmit={changePassword} />
      )}
    </AuthCard>
  );
}
