import { vi } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The emails the shop wrote to its outbox folder, newest last, as text. */
export function readOutbox(outboxDir: string): string[] {
  if (!existsSync(outboxDir)) return [];
  const files = readdirSync(outboxDir).filter((file) => file.endsWith('.eml')).sort();
  // Quoted-printable soft line breaks and escapes are undone so links can be read whole.
  return files.map((file) =>
    readFileSync(path.join(outboxDir, file), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
  );
}

/** The emails to this address in the shop's outbox, oldest first, folded headers read as one line. */
export const mailsTo = (outboxDir: string, email: string): string[] =>
  readOutbox(outboxDir)
    .map((mail) => mail.replace(/\r?\n /g, ' '))
    .filter((mail) => mail.includes(`To: ${email}`));

/** Waits (up to 5 s, asking every 50 ms) until `check` holds, for what the shop does in the background. */
export const waitFor = (check: () => Promise<boolean> | boolean): Promise<void> =>
  vi.waitFor(
    async () => {
      if (!(await check())) throw new Error('condition not met in time');
    },
    { timeout: 5000, interval: 50 },
  );
