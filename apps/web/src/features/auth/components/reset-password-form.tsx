import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordSchema } from '@shop/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FieldMessage, FormField } from '@/components/ui/form-field';
import { authCopy } from '../copy';
import { applyServerError } from '../form-errors';
import { SeePasswordToggle } from './see-password-toggle';
import { SubmitButton } from './submit-button';

type ResetPasswordValues = z.output<typeof resetPasswordSchema>;

interface ResetPasswordFormProps {
  /** Sets the new password; rejects with an ApiError when the shop refuses. */
  onSubmit: (password: string) => Promise<void>;
}

export function ResetPasswordForm({ onSubmit }: ResetPasswordFormProps) {
  const [showPassword, setShowPassword] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ password: string }, unknown, ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '' },
  });

  const submit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await onSubmit(password);
    } catch (error) {
      setFormError(applyServerError(error, setError, ['password']));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField id="reset-password" label={authCopy.fields.newPassword} error={errors.password?.message}>
        {(props) => (
          <input type={showPassword ? 'text' : 'password'} autoComplete="new-password" {...props} {...register('password')} />
        )}
      </FormField>
      <SeePasswordToggle id="reset-see-password" controls="reset-password" checked={showPassword} onChange={setShowPassword} />
      {formError && <FieldMessage alert>{formError}</FieldMessage>}
      <SubmitButton label={authCopy.resetPassword.submit} busy={isSubmitting} />
    </form>
  );
}
