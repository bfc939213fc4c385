import { accountMessages, phoneSchema } from '@shop/shared';
import { type FieldErrors, type Resolver, type ResolverResult } from 'react-hook-form';
import { FormImageField, type PhotoFormProps } from '@/components/image-upload-field';
import { FormField } from '@/components/ui/form-field';
import { ServerFormView } from '@/components/ui/server-form-view';
import { useServerForm } from '@/hooks/use-server-form';
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

/** The API's field names for the profile, mapped to the form's. */
const PROFILE_FIELDS = { phone: 'phone', img: 'image' } as const;

interface ProfileFormProps extends PhotoFormProps<ProfileFormValues> {
  defaultPhone: string;
}

/** SPEC's 'Update Your Profile' form: phone and image file, both required. */
export function ProfileForm({ defaultPhone, onSubmit, upload }: ProfileFormProps) {
  const form = useServerForm<ProfileFormInput, ProfileFormValues>({
    resolver,
    defaultValues: { phone: defaultPhone, image: undefined },
    fields: PROFILE_FIELDS,
    onSubmit,
    // The saved phone stays; the new photo is now the profile's.
    afterSave: (current) => ({ ...current, image: undefined }),
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <ServerFormView id="profile-form" form={form} heading={copy.heading} level="h2" submitLabel={copy.submit}>
      <FormField id="profile-phone" label={copy.phone} error={errors.phone?.message}>
        {(props) => <input type="tel" autoComplete="tel" {...props} {...register('phone')} />}
      </FormField>
      <FormImageField form={form} name="image" id="profile-image" label={copy.image} hint={copy.imageHint} upload={upload} />
    </ServerFormView>
  );
}
