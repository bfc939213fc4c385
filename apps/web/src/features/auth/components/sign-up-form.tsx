import { zodResolver } from '@hookform/resolvers/zod';
import { signUpSchema, type SignUpInput } from '@shop/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { SignUpValues } from '@/api/auth/sign-up';
import { FieldMessage, FormField } from '@/components/ui/form-field';
import { authCopy } from '../copy';
import { applyServerError } from '../form-errors';
import { SeePasswordToggle } from './see-password-toggle';
import { SubmitButton } from './submit-button';

const copy = authCopy.fields;
const FIELDS = ['name', 'email', 'password'] as const;

interface SignUpFormProps {
  /** Creates the account and signs in; rejects with an ApiError when the shop refuses. */
  onSubmit: (values: SignUpValues) => Promise<void>;
}

export function SignUpForm({ onSubmit }: SignUpFormProps) {
  const [showPassword, setShowPassword] = useState(false);
  const [authError, setAuthError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput, unknown, SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    setAuthError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setAuthError(applyServerError(error, setError, FIELDS));
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FormField id="sign-up-name" label={copy.name} error={errors.name?.message}>
        {(props) => <input type="text" autoComplete="name" {...props} {...register('name')} />}
      </FormField>
      <FormField id="sign-up-email" label={copy.email} error={errors.email?.message}>
        {(props) => <input type="email" autoComplete="email" inputMode="email" {...props} {...register('email')} />}
      </FormField>
      <FormField id="sign-up-password" label={copy.password} error={errors.password?.message}>
        {(props) => (
          <input type={showPassword ? 'text' : 'password'} autoComplete="new-password" {...props} {...register('password')} />
        )}
      </FormField>
      <SeePasswordToggle id="sign-up-see-password" controls="sign-up-password" checked={showPassword} onChange={setShowPassword} />
      {authError && <FieldMessage alert>{authError}</FieldMessage>}
      <SubmitButton label={authCopy.signUp.submit} busy={isSubmitting} />
    </form>
  );
}
