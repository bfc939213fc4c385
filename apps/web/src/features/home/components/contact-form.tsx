import { zodResolver } from '@hookform/resolvers/zod';
import { contactMessageSchema, type ContactMessageInput } from '@shop/shared';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { ContactMessage } from '@/api/contact/send-contact-message';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { homeCopy } from '../copy';
import { ContactFormView, restoreContactFormFocus, type ContactField, type ContactFormHandoff } from './contact-form-view';

const copy = homeCopy.contact;

const EMPTY_MESSAGE: Required<ContactMessageInput> = { name: '', email: '', phone: '', subject: '', message: '' };
const isContactField = (field: string): field is ContactField => Object.hasOwn(EMPTY_MESSAGE, field);

interface ContactFormProps {
  /** Delivers a checked message; rejects with an ApiError when the shop refuses it. */
  onSend: (message: ContactMessage) => Promise<unknown>;
  /** What the visitor did in the form shown while this one was loading. */
  handoff?: ContactFormHandoff | undefined;
}

export function ContactForm({ onSend, handoff }: ContactFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const handedOver = useRef(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: { ...EMPTY_MESSAGE, ...handoff?.values },
  });

  useEffect(() => {
    const form = formRef.current;
    if (!handoff || !form || handedOver.current) return;
    handedOver.current = true;
    restoreContactFormFocus(form, handoff.focus);
    if (handoff.submit) form.requestSubmit();
  }, [handoff]);

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
    <ContactFormView
      formRef={formRef}
      field={register}
      error={(field) => errors[field]?.message}
      isSubmitting={isSubmitting}
      onSubmit={submit}
    />
  );
}
