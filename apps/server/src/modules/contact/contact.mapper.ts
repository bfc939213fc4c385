import type { ContactInboxMessage, contactMessageSchema } from '@shop/shared';
import type { z } from 'zod';
import type { ContactMessageRow } from '../../db/schema.js';
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

/** A kept message -> what the Messages page reads. */
export const toInboxMessage = (row: ContactMessageRow): ContactInboxMessage => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  subject: row.subject,
  message: row.message,
  createdAt: row.created_at,
  read: row.read_at !== null,
});
