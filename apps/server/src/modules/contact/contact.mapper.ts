import type { contactMessageSchema } from '@shop/shared';
import type { z } from 'zod';
import type { NewContactMessageRow } from './contact.repository.js';

export type ContactMessage = z.output<typeof contactMessageSchema>;

/** The contact form's message -> its row, kept as the visitor wrote it (stored as text, rendered as text). */
export const toContactMessageRow = ({ name, email, phone, subject, message }: ContactMessage, id: string, at: Date): NewContactMessageRow => ({
  id,
  name,
  email,
  phone,
  subject,
  message,
  created_at: at.toISOString(),
});
