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
