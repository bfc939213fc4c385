import { useSendContactMessage } from '../api/send-contact-message';
import { ContactForm } from './contact-form';

/** The contact form wired to POST /api/contact. */
export function SendContactForm() {
  const { mutateAsync } = useSendContactMessage();
  return <ContactForm onSend={mutateAsync} />;
}
