import { contactCreatedSchema, type contactMessageSchema } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** The contact form's values once the shared schema has checked and trimmed them. */
export type ContactMessage = z.output<typeof contactMessageSchema>;

/** POST /contact: the message goes to the shop's inbox. */
export const sendContactMessage = (message: ContactMessage) =>
  api.post('/contact', { body: message, schema: contactCreatedSchema });

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
