import { accountControlMessages } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useChangeEmail } from '@/api/account/change-email';
import { useChangePassword } from '@/api/account/change-password';
import { useDeleteAccount } from '@/api/account/delete-account';
import { FormCard } from '@/components/ui/form-card';
import { paths } from '@/config/paths';
import { clearAccessToken } from '@/lib/access-token';
import { refusedOutcome, type SubmitOutcome } from '@/lib/field-errors';
import { toast } from '@/lib/toast';
import { dashboardCopy } from '../copy';
import { ChangeEmailForm, type ChangeEmailFormValues, type ChangeEmailOutcome } from './change-email-form';
import { ChangePasswordForm, type ChangePasswordFormValues } from './change-password-form';
import { DeleteAccountSection, type DeleteAccountFormValues } from './delete-account-section';
import { DownloadDataSection } from './download-data-section';

const copy = dashboardCopy.account;

/**
 * My profile's account controls (SPEC-3 section 4): password, email, a copy of the data, and
 * deleting the account. An account made with Google only has no password: it is told how to get
 * one instead of being shown the password form, and confirms a deletion by a recent sign-in.
 */
export function AccountControls({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const changePassword = useChangePassword();
  const changeEmail = useChangeEmail();
  const deleteAccount = useDeleteAccount();
  const deleted = useRef(false);

  // A deleted account's sessions went with it: this browser forgets it once the dashboard has
  // gone. Earlier, the dashboard's guard would see no one signed in and send the visitor to sign in.
  useEffect(
    () => () => {
      if (!deleted.current) return;
      clearAccessToken();
      queryClient.clear();
    },
    [queryClient],
  );

  const savePassword = async (values: ChangePasswordFormValues): Promise<SubmitOutcome> => {
    try {
      await changePassword.mutateAsync(values);
    } catch (error) {
      return refusedOutcome(error, copy.password.failed);
    }
    toast.success(accountControlMessages.passwordChanged);
    return { saved: true };
  };

  const saveEmail = async ({ newEmail }: ChangeEmailFormValues): Promise<ChangeEmailOutcome> => {
    try {
      const answer = await changeEmail.mutateAsync({ newEmail });
      return { saved: true, sent: answer.message };
    } catch (error) {
      return refusedOutcome(error, copy.email.failed);
    }
  };

  const remove = async (values: DeleteAccountFormValues): Promise<SubmitOutcome> => {
    try {
      await deleteAccount.mutateAsync(values);
    } catch (error) {
      return refusedOutcome(error, copy.remove.failed);
    }
    deleted.current = true;
    toast.success(accountControlMessages.deleted);
    await navigate(paths.home.getHref(), { replace: true });
    return { saved: true };
  };

  return (
    <>
      <FormCard>
        {hasPassword ? <ChangePasswordForm email={email} onSubmit={savePassword} /> : <NoPasswordSection />}
      </FormCard>
      <FormCard>
        <ChangeEmailForm onSubmit={saveEmail} />
      </FormCard>
      <FormCard>
        <DownloadDataSection />
      </FormCard>
      <FormCard>
        <DeleteAccountSection email={email} hasPassword={hasPassword} onDelete={remove} />
      </FormCard>
    </>
  );
}

/** 'Change password' of an account made with Google only: how to get a password. */
function NoPasswordSection() {
  return (
    <section aria-labelledby="no-password-heading" className="flex flex-col gap-1">
      <h2 id="no-password-heading" className="text-xl font-bold">
        {copy.password.heading}
      </h2>
      <p className="text-base-content/80">{accountControlMessages.noPassword}</p>
    </section>
  );
}
