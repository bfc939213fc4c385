import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema, signInSchema, type SignInInput } from '@shop/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { SignInValues } from '@/api/auth/sign-in';
import { FieldMessage, FormField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-client';
import { authCopy } from '../copy';
import { applyServerError } from '../form-errors';
import { SeePasswordToggle } from './see-password-toggle';
import { SubmitButton } from './submit-button';

const copy = authCopy.signIn;
const FIELDS = ['email', 'password'] as const;

type ResetRequest = { state: 'idle' | 'sending' } | { state: 'sent'; email: string } | { state: 'failed'; message: string };

interface SignInFormProps {
  /** Signs in; rejects with an ApiError when the shop refuses. */
  onSubmit: (values: SignInValues) => Promise<void>;
  /** Sends the password reset email to this address. */
  onForgotPassword: (email: string) => Promise<unknown>;
}

export function SignInForm({ onSubmit, onForgotPassword }: SignInFormProps) {
  const [showPassword, setShowPassword] = useState(false);
  const [authError, setAuthError] = useState<string | null>(null);
  const [resetRequest, setResetRequest] = useState<ResetRequest>({ state: 'idle' });
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput, unknown, SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    setAuthError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setAuthError(applyServerError(error, setError, FIELDS));
    }
  });

  // The reset email goes to the address typed in the form, as SPEC describes.
  const requestReset = async () => {
    setAuthError(null);
    clearErrors();
    const checked = forgotPasswordSchema.safeParse({ email: getValues('email') });
    if (!checked.success) {
      setError('email', { type: 'forgot', message: checked.error.issues[0]?.message }, { shouldFocus: true });
      setResetRequest({ state: 'idle' });
      return;
    }
    setResetRequest({ state: 'sending' });
    try {
      await onForgotPassword(checked.data.email);
      setResetRequest({ state: 'sent', email: checked.data.email });
    } catch (error) {
      setResetRequest({ state: 'failed', message: isApiError(error) ? error.message : authCopy.failed });
    }
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField id="sign-in-email" label={authCopy.fields.email} error={errors.email?.message}>
        {(props) => <input type="email" autoComplete="email" inputMode="email" {...props} {...register('email')} />}
      </FormField>
      <FormField id="sign-in-password" label={authCopy.fields.password} error={errors.password?.message}>
        {(props) => (
          <input type={showPassword ? 'text' : 'password'} autoComplete="current-password" {...props} {...register('password')} />
        )}
      </FormField>
      <div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <SeePasswordToggle id="sign-in-see-password" controls="sign-in-password" checked={showPassword} onChange={setShowPassword} />
          <button
            type="button"
            className="btn btn-link btn-sm px-0"
            onClick={() => void requestReset()}
            disabled={resetRequest.state === 'sending'}
          >
            {resetRequest.state === 'sending' && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
            {copy.forgotPassword}
          </button>
        </div>
        {/* Always in the page, so that assistive technology announces the confirmation. */}
        <div aria-live="polite">
          {resetRequest.state === 'sent' && (
            <div className="mt-3 rounded-box bg-success/10 p-3 text-sm text-green-800">
              <p className="font-semibold">{copy.emailSent}</p>
              <p>{copy.emailSentDetail(resetRequest.email)}</p>
            </div>
          )}
        </div>
      </div>
      {resetRequest.state === 'failed' && <FieldMessage alert>{resetRequest.message}</FieldMessage>}
      {authError && <FieldMessage alert>{authError}</FieldMessage>}
      <SubmitButton label={copy.submit} busy={isSubmitting} />
    </form>
  );
}
