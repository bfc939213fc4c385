import { zodResolver } from '@hookform/resolvers/zod';
import { contactMessageSchema, type ContactMessageInput } from '@shop/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import type { ContactMessage } from '../api/send-contact-message';
import { homeCopy } from '../copy';
import { CONTACT_FIRST_FIELD_ID, takeContactFormFocus } from '../section-ids';

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

  // 'Contact Us' pressed while this form was still loading.
  useEffect(() => {
    if (takeContactFormFocus()) document.getElementById(CONTACT_FIRST_FIELD_ID)?.focus();
  }, []);

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
      <FormField id={CONTACT_FIRST_FIELD_ID} label={copy.name} error={errors.name?.message}>
        {(props) => <input type="text" autoComplete="name" {...props} {...register('name')} />}
      </FormField>
      <FormField id="contact-email" label={copy.email} error={errors.email?.message}>
        {(props) => <input type="email" autoComplete="email" inputMode="email" {...props} {...register('email')} />}
      </FormField>
      <FormField id="contact-phone" label={copy.phone} hint={copy.phoneHint} error={errors.phone?.message}>
        {(props) => <input type="tel" autoComplete="tel" {...props} {...register('phone')} />}
      </FormField>
      <FormField id="contact-subject" label={copy.subject} error={errors.subject?.message}>
        {(props) => <input type="text" {...props} {...register('subject')} />}
      </FormField>
      <FormField id="contact-message" kind="textarea" label={copy.message} error={errors.message?.message} className="md:col-span-2">
        {(props) => <textarea rows={5} {...props} {...register('message')} />}
      </FormField>
      <div className="md:col-span-2">
        <button type="submit" className="btn btn-primary w-full sm:w-auto sm:min-w-40" disabled={isSubmitting}>
          {isSubmitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {copy.send}
        </button>
      </div>
    </form>
  );
}
