import type { ContactInboxPage } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import { notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Mailer } from '../../lib/mailer.js';
import { contactEmails } from './contact.emails.js';
import { toContactMessageRow, toInboxMessage, type ContactMessage } from './contact.mapper.js';
import type { ContactRepository } from './contact.repository.js';
import type { Actor } from '../activity/activity.plugin.js';

/** Messages from the home page's contact form: kept for the shop to answer, and emailed to it. */
export function createContactService({
  repository,
  mailer,
  shopAddress,
  messagesUrl,
  log,
}: {
  repository: ContactRepository;
  mailer: Mailer;
  /** Where the shop reads its email: SHOP_EMAIL, else the first admin's address. */
  shopAddress: () => Promise<string | undefined>;
  /** The admin's Messages page. */
  messagesUrl: string;
  log: FastifyBaseLogger;
}) {
  /** The message is kept before this runs: a mail server that is down loses nothing, it only delays the news. */
  async function tellTheShop(message: ContactMessage, id: string): Promise<void> {
    const to = await shopAddress();
    if (!to) {
      log.warn({ contactMessageId: id }, 'contact message kept, but the shop has no address to email it to (set SHOP_EMAIL)');
      return;
    }
    await mailer.send({ to, replyTo: message.email, ...contactEmails.received(message, messagesUrl) });
  }

  return {
    /** Keeps a message and emails it to the shop in the background; answers its id. */
    async receive(message: ContactMessage): Promise<string> {
      const id = newId();
      await repository.insert(toContactMessageRow(message, id, new Date()));
      tellTheShop(message, id).catch((error: unknown) => log.error({ err: error, contactMessageId: id }, 'emailing a contact message to the shop failed'));
      return id;
    },

    /** A page of the inbox, newest first, with how many messages there are and how many are unread. */
    async inbox({ page, size }: { page: number; size: number }): Promise<ContactInboxPage> {
      const [rows, total, unread] = await Promise.all([repository.listPage({ offset: page * size, limit: size }), repository.count(), repository.countUnread()]);
      return { messages: rows.map(toInboxMessage), total, unread };
    },

    unreadCount(): Promise<number> {
      return repository.countUnread();
    },

    async markRead(id: string, read: boolean, actor?: Actor): Promise<void> {
      if (!(await repository.setReadAt(id, read ? new Date().toISOString() : null, actor))) throw notFound('Message');
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
