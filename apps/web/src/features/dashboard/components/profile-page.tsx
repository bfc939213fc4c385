import { useAccountSettings } from '@/api/account/get-account-settings';
import { useUserProfile } from '@/api/users/get-user-profile';
import { useUpdateUserInfo } from '@/api/users/update-user-info';
import { FormCard } from '@/components/ui/form-card';
import { QueryView } from '@/components/ui/query-view';
import type { SubmitOutcome } from '@/lib/field-errors';
import { toastedSave } from '@/lib/toasted-save';
import { useUploadOnce } from '@/hooks/use-upload-once';
import { dashboardCopy } from '../copy';
import { AccountControls } from './account-controls';
import { ProfileCard } from './profile-card';
import { ProfileForm, type ProfileFormValues } from './profile-form';

const copy = dashboardCopy.profile;

/** The signed-in person's profile, the form that changes their phone and photo, and the account's controls. */
export function ProfilePage({ email }: { email: string }) {
  const profile = useUserProfile(email);
  // Asked beside the profile: whether the account has a password decides which controls show.
  const account = useAccountSettings();
  const photo = useUploadOnce();
  const updateUserInfo = useUpdateUserInfo();

  const save = async ({ phone, image }: ProfileFormValues): Promise<SubmitOutcome> => {
    const img = await photo.uploadOnce(image);
    if (!img) return { saved: false };
    return toastedSave({ done: copy.form.updated, failed: copy.form.failed }, async () => {
      const answer = await updateUserInfo.mutateAsync({ email, info: { img, phone } });
      return answer.modifiedCount > 0;
    });
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <title>{copy.documentTitle}</title>
      <QueryView query={profile} copy={copy}>
        {(current) => (
          <>
            <ProfileCard profile={current} />
            <FormCard>
              <ProfileForm defaultPhone={current.phone ?? ''} onSubmit={save} upload={photo} />
            </FormCard>
            {/* Shown once the shop has said whether there is a password, so nothing moves after. Not
                knowing, the password forms are offered: the shop refuses them for an account without one. */}
            {!account.isPending && <AccountControls email={current.email} hasPassword={account.data?.hasPassword ?? true} />}
          </>
        )}
      </QueryView>
    </div>
  );
}
