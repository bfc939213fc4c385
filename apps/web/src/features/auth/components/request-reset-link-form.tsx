import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema } from '@shop/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FieldMessage, FormField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-client';
import { authCopy } from '../copy';
import { SubmitButton } from './submit-button';

type RequestValues = z.output<typeof forgotPasswordSchema>;

interface RequestResetLinkFormProps {
  onSubmit: (email: string) => Promise<unknown>;
}

/** Asks for a fresh reset email when the one that was followed no longer works. */
export function RequestResetLinkForm({ onSubmit }: RequestResetLinkFormProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }, unknown, RequestValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const submit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      await onSubmit(email);
      setSentTo(email);
    } catch (error) {
      setFormError(isApiError(error) ? error.message : authCopy.failed);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField id="reset-request-email" label={authCopy.fields.email} error={errors.email?.message}>
        {(props) => <input type="email" autoComplete="email" inputMode="email" {...props} {...register('email')} />}
      </FormField>
      {/* Always in the page, so that assistive technology announces the confirmation. */}
      <div aria-live="polite" className="-mt-4">
        {sentTo && (
          <div className="mt-4 rounded-box bg-success/10 p-3 text-sm text-green-800">
            <p className="font-semibold">{authCopy.signIn.emailSent}</p>
            <p>{authCopy.signIn.emailSentDetail(sentTo)}</p>
          </div>
        )}
      </div>
      {formError && <FieldMessage alert>{formError}</FieldMessage>}
      <SubmitButton label={authCopy.resetPassword.sendNewLink} busy={isSubmitting} />
    </form>
  );
}
