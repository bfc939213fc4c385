import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema } from '@shop/shared';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { ServerFormView } from '@/components/ui/server-form-view';
import type { SubmitOutcome } from '@/lib/field-errors';
import { useServerForm } from '@/hooks/use-server-form';
import { dashboardCopy } from '../copy';

const copy = dashboardCopy.account.password;
type ChangePasswordFormInput = z.input<typeof changePasswordSchema>;
export type ChangePasswordFormValues = z.output<typeof changePasswordSchema>;

interface ChangePasswordFormProps {
  /** The account's email: password managers file the new password under it. */
  email: string;
  onSubmit: (values: ChangePasswordFormValues) => Promise<SubmitOutcome>;
}

/** 'Change password': the current one proves it is the owner; the shop's refusals show under their fields. */
export function ChangePasswordForm({ email, onSubmit }: ChangePasswordFormProps) {
  const form = useServerForm<ChangePasswordFormInput, ChangePasswordFormValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
    fields: { currentPassword: 'currentPassword', newPassword: 'newPassword' },
    onSubmit,
  });
  const { errors } = form.formState;
  return (
    <ServerFormView id="change-password" form={form} heading={copy.heading} intro={copy.intro} level="h2" submitLabel={copy.submit}>
      {/* Not shown: tells password managers whose password this is. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormField id="change-password-current" label={copy.current} error={errors.currentPassword?.message}>
        {(props) => <input type="password" autoComplete="current-password" {...props} {...form.register('currentPassword')} />}
      </FormField>
      <FormField id="change-password-new" label={copy.next} hint={copy.nextHint} error={errors.newPassword?.message}>
        {(props) => <input type="password" autoComplete="new-password" {...props} {...form.register('newPassword')} />}
      </FormField>
    </ServerFormView>
  );
}
