import { newId } from '../../lib/ids.js';
import { toContactMessageRow, type ContactMessage } from './contact.mapper.js';
import type { ContactRepository } from './contact.repository.js';

/** Messages from the home page's contact form, kept for the shop to answer. */
export function createContactService({ repository }: { repository: ContactRepository }) {
  return {
    /** Keeps a message; answers its id. */
    async receive(message: ContactMessage): Promise<string> {
      const id = newId();
      await repository.insert(toContactMessageRow(message, id, new Date()));
      return id;
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
