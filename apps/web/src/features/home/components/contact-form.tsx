import { zodResolver } from '@hookform/resolvers/zod';
import { contactMessageSchema, type ContactMessageInput } from '@shop/shared';
import type { ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import type { ContactMessage } from '../api/send-contact-message';
import { homeCopy } from '../copy';
import { CONTACT_FIRST_FIELD_ID } from '../section-ids';

const copy = homeCopy.contact;

type ContactField = keyof ContactMessageInput;

const EMPTY_MESSAGE: Required<ContactMessageInput> = { name: '', email: '', phone: '', subject: '', message: '' };
const isContactField = (field: string): field is ContactField => Object.hasOwn(EMPTY_MESSAGE, field);

interface ContactFormProps {
  /** Delivers a checked message; rejects with an ApiError when the shop refuses it. */
  onSend: (message: ContactMessage) => Promise<unknown>;
}

export function ContactForm({ onSend }: ContactFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: EMPTY_MESSAGE,
  });

  const submit = handleSubmit(async (message) => {
    try {
      await onSend(message);
      toast.success(copy.sent);
      reset(EMPTY_MESSAGE);
    } catch (error) {
      if (isApiError(error) && error.status === 422 && error.fieldErrors) {
        const fields = Object.entries(error.fieldErrors).filter(
          (entry): entry is [ContactField, string[]] => isContactField(entry[0]) && entry[1].length > 0,
        );
        for (const [field, messages] of fields) setError(field, { type: 'server', message: messages[0] });
        const [first] = fields;
        if (first) {
          setFocus(first[0]);
          return;
        }
      }
      toast.error(isApiError(error) && error.status === 429 ? copy.rateLimited : copy.failed);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-5 md:grid-cols-2">
      <Field id={CONTACT_FIRST_FIELD_ID} label={copy.name} error={errors.name?.message}>
        {(props) => <input type="text" autoComplete="name" {...props} {...register('name')} />}
      </Field>
      <Field id="contact-email" label={copy.email} error={errors.email?.message}>
        {(props) => <input type="email" autoComplete="email" inputMode="email" {...props} {...register('email')} />}
      </Field>
      <Field id="contact-phone" label={copy.phone} hint={copy.phoneHint} error={errors.phone?.message}>
        {(props) => <input type="tel" autoComplete="tel" {...props} {...register('phone')} />}
      </Field>
      <Field id="contact-subject" label={copy.subject} error={errors.subject?.message}>
        {(props) => <input type="text" {...props} {...register('subject')} />}
      </Field>
      <Field id="contact-message" kind="textarea" label={copy.message} error={errors.message?.message} className="md:col-span-2">
        {(props) => <textarea rows={5} {...props} {...register('message')} />}
      </Field>
      <div className="md:col-span-2">
        <button type="submit" className="btn btn-primary w-full sm:w-auto sm:min-w-40" disabled={isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {copy.send}
        </button>
      </div>
    </form>
  );
}

const CONTROL_CLASSES = {
  input: { base: 'input w-full', invalid: 'input-error' },
  textarea: { base: 'textarea w-full', invalid: 'textarea-error' },
} as const;

interface ControlProps {
  id: string;
  className: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  id: string;
  kind?: 'input' | 'textarea';
  label: string;
  hint?: string;
  error: string | undefined;
  className?: string;
  children: (props: ControlProps) => ReactElement;
}

function Field({ id, kind = 'input', label, hint, error, className = '', children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <div className="flex items-baseline gap-2">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {hint && (
          <span id={hintId} className="text-sm text-base-content/80">
            {hint}
          </span>
        )}
      </div>
      {children({
        id,
        className: `${CONTROL_CLASSES[kind].base} ${error ? CONTROL_CLASSES[kind].invalid : ''}`,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy,
      })}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
