import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Where an answer goes, when not to the shop's sender address. */
  replyTo?: string;
  /** Files sent with it (an invoice's PDF), as nodemailer takes them. */
  attachments?: MailAttachment[];
  /** Header lines of its own, by name (List-Unsubscribe and List-Unsubscribe-Post of RFC 8058). */
  headers?: Record<string, string>;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends through SMTP_URL when it is set; otherwise writes each email as an .eml file to
 * DATA_DIR/outbox (and logs where), so a local shop can follow its own reset links.
 */
export function createMailer({
  smtpUrl,
  from,
  outboxDir,
  log,
}: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
        log.info({ to: message.to, subject: message.subject }, 'email sent');
      },
    };
  }

  mkdirSync(outboxDir, { recursive: true });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      const file = path.join(outboxDir, `${new Date().toISOString().replaceAll(':', '-')}-${info.messageId.replace(/[^a-z0-9]/gi, '')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ to: message.to, subject: message.subject, file }, 'email written to the outbox');
    },
  };
}
