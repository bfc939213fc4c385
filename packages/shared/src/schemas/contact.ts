import { z } from 'zod';
import { TEXT_LIMITS } from '../constants.js';
import { boundedText, idSchema, pageNumberParam, pageSizeParam, singleLineText } from './common.js';

const contactMessages = {
  name: 'Name is Required',
  email: 'Email is Required',
  emailInvalid: 'Please provide a valid email',
  phone: 'Phone is Required',
  subject: 'Subject is Required',
  message: 'Message is Required',
} as const;

/** Contact form: SPEC shows no validation; a real shop keeps messages it can answer. */
export const contactMessageSchema = z.object({
  name: singleLineText(TEXT_LIMITS.name, contactMessages.name),
  email: z
    .string({ error: contactMessages.email })
    .trim()
    .min(1, contactMessages.email)
    .max(TEXT_LIMITS.email, contactMessages.emailInvalid)
    .pipe(z.email(contactMessages.emailInvalid)),
  phone: z
    .string()
    .trim()
    .max(TEXT_LIMITS.phone, `Must be at most ${TEXT_LIMITS.phone} characters`)
    .regex(/^[0-9+()\-.\s]*$/, 'Please provide a valid phone number')
    .optional()
    .default(''),
  subject: boundedText(TEXT_LIMITS.subject, contactMessages.subject),
  message: z
    .string({ error: contactMessages.message })
    .trim()
    .min(1, contactMessages.message)
    .max(TEXT_LIMITS.message, `Must be at most ${TEXT_LIMITS.message} characters`)
    // eslint-disable-next-line no-control-regex
    .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value), 'Contains characters that are not allowed'),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;

export const contactCreatedSchema = z.object({ insertedId: z.string() });

/** A kept message as the admin's Messages page reads it. */
export const contactInboxMessageSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type ContactInboxMessage = z.infer<typeof contactInboxMessageSchema>;

/** GET /contact-messages: a page of messages, newest first, and how many there are and are unread. */
export const contactInboxQuerySchema = z.object({ page: pageNumberParam.optional(), size: pageSizeParam.optional() });
export const contactInboxPageSchema = z.object({ messages: z.array(contactInboxMessageSchema), total: z.number().int(), unread: z.number().int() });
export type ContactInboxPage = z.infer<typeof contactInboxPageSchema>;
export const contactUnreadSchema = z.object({ unread: z.number().int() });

/** PATCH /contact-messages/{id}: marks a message read or unread. */
export const contactReadSchema = z.object({ read: z.boolean({ error: 'read must be true or false' }) });
