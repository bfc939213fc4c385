import type { ContactMessage } from './contact.mapper.js';

/** The email that tells the shop of a new message; answering it writes to the visitor. */
export const contactEmails = {
  received: (message: ContactMessage, messagesUrl: string) => ({
    subject: `Contact form: ${message.subject}`,
    text: `${message.name} <${message.email}>${message.phone ? `, phone ${message.phone}` : ''} wrote through the contact form:\n\n${message.message}\n\nReply to this email to answer ${message.name}. Every message is also kept in Messages: ${messagesUrl}\n\nMoto Parts`,
  }),
};
