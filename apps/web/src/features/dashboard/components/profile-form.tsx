import { accountMessages, phoneSchema } from '@shop/shared';
import { useForm, useWatch, type FieldErrors, type Resolver, type ResolverResult } from 'react-hook-form';
import { ImageUploadField } from '@/components/image-upload-field';
import { FormField } from '@/components/ui/form-field';
import { dashboardCopy } from '../copy';

const copy = dashboardCopy.profile.form;

interface ProfileFormInput {
  phone: string;
  image: FileList | undefined;
}

export interface ProfileFormValues {
  phone: string;
  image: File;
}

/** Phone by the shop's shared rule; the photo is a file that must be chosen every time. */
const resolver: Resolver<ProfileFormInput, unknown, ProfileFormValues> = (input): ResolverResult<ProfileFormInput, ProfileFormValues> => {
  const errors: FieldErrors<ProfileFormInput> = {};
  const phone = phoneSchema.safeParse(input.phone);
  if (!phone.success) errors.phone = { type: 'validate', message: phone.error.issues[0]?.message ?? accountMessages.phoneRequired };
  const image = input.image?.[0];
  if (!image) errors.image = { type: 'required', message: accountMessages.imageRequired };
  if (phone.success && image) return { values: { phone: phone.data, image }, errors: {} };
  const noValues: Record<string, never> = {};
  return { values: noValues, errors };
};

interface ProfileFormProps {
  defaultPhone: string;
  /** Uploads the photo and saves the profile; resolves true when the profile was saved. */
  onSubmit: (values: ProfileFormValues) => Promise<boolean>;
  uploadProgress: number | null;
  uploadError: string | null;
}

/** SPEC's 'Update Your Profile' form: phone and image file, both required. */
export function ProfileForm({ defaultPhone, onSubmit, uploadProgress, uploadError }: ProfileFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver,
    defaultValues: { phone: defaultPhone, image: undefined },
  });
  const chosen = useWatch({ control, name: 'image' });

  const submit = handleSubmit(async (values, event) => {
    const form = event?.target instanceof HTMLFormElement ? event.target : null;
    if (!(await onSubmit(values))) return;
    reset({ phone: values.phone, image: undefined });
    // A file input keeps showing its file until its own value is cleared.
    const fileInput = form?.elements.namedItem('image');
    if (fileInput instanceof HTMLInputElement) fileInput.value = '';
  });

  return (
    <form noValidate onSubmit={submit} aria-labelledby="profile-form-heading" className="flex flex-col gap-4">
      <h2 id="profile-form-heading" className="text-xl font-bold">
        {copy.heading}
      </h2>
      <FormField id="profile-phone" label={copy.phone} error={errors.phone?.message}>
        {(props) => <input type="tel" autoComplete="tel" {...props} {...register('phone')} />}
      </FormField>
      <ImageUploadField
        id="profile-image"
        label={copy.image}
        hint={copy.imageHint}
        error={errors.image?.message}
        file={chosen?.[0] ?? null}
        progress={uploadProgress}
        uploadError={uploadError}
        inputProps={register('image')}
      />
      <button type="submit" className="btn btn-primary self-start sm:min-w-40" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {copy.submit}
      </button>
    </form>
  );
}
