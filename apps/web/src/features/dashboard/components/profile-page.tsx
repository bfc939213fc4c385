import { useUserProfile } from '@/api/users/get-user-profile';
import { useUpdateUserInfo } from '@/api/users/update-user-info';
import { ErrorPanel } from '@/components/ui/error-panel';
import { PageLoader } from '@/components/ui/page-loader';
import { toast } from '@/lib/toast';
import { useImageUpload } from '@/lib/use-image-upload';
import { dashboardCopy } from '../copy';
import { ProfileCard } from './profile-card';
import { ProfileForm, type ProfileFormValues } from './profile-form';

const copy = dashboardCopy.profile;

/** The signed-in person's profile and the form that changes their phone and photo. */
export function ProfilePage({ email }: { email: string }) {
  const profile = useUserProfile(email);
  const imageUpload = useImageUpload();
  const updateUserInfo = useUpdateUserInfo();

  const save = async ({ phone, image }: ProfileFormValues): Promise<boolean> => {
    let img: string;
    try {
      img = (await imageUpload.upload(image)).url;
    } catch {
      // The reason is shown under the image field.
      return false;
    }
    try {
      const answer = await updateUserInfo.mutateAsync({ email, info: { img, phone } });
      if (answer.modifiedCount > 0) {
        toast.success(copy.form.updated);
        return true;
      }
    } catch {
      // Reported below, as SPEC's failure toast.
    }
    toast.error(copy.form.failed);
    return false;
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <title>{copy.documentTitle}</title>
      {profile.isPending ? (
        <PageLoader label={copy.loading} />
      ) : profile.isError ? (
        <ErrorPanel
          message={copy.loadFailed}
          retryLabel={copy.retry}
          onRetry={() => void profile.refetch()}
          isRetrying={profile.isRefetching}
        />
      ) : (
        <>
          <ProfileCard profile={profile.data} />
          <div className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body p-6 sm:p-8">
              <ProfileForm
                defaultPhone={profile.data.phone ?? ''}
                onSubmit={save}
                uploadProgress={imageUpload.progress}
                uploadError={imageUpload.error}
              />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
