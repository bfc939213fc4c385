import { useSendContactMessage } from '@/api/contact/send-contact-message';
import { ContactForm } from './contact-form';
import type { ContactFormHandoff } from './contact-form-view';

/** The contact form wired to POST /api/contact. */
export function SendContactForm({ handoff }: { handoff?: ContactFormHandoff }) {
  const { mutateAsync } = useSendContactMessage();
  return <ContactForm onSend={mutateAsync} handoff={handoff} />;
}
