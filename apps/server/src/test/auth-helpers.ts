import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readOutbox } from './outbox.js';

export interface SignedInUser {
  email: string;
  name: string;
  password: string;
  token: string;
  cookie: string;
  headers: { authorization: string };
}

let counter = 0;
const cookieHeader = (setCookie: string | string[] | undefined) =>
  (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).map((cookie) => cookie.split(';')[0]).join('; ');

/** Signs in through the real identity endpoints and exchanges the session for the API token, as the web app does. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  options: { rememberMe?: boolean } = {},
): Promise<Omit<SignedInUser, 'name'>> {
  const origin = app.config.publicUrl;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin },
    payload: { email, password, ...(options.rememberMe === undefined ? {} : { rememberMe: options.rememberMe }) },
    remoteAddress: `10.200.${counter % 250}.${++counter % 250}`,
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = cookieHeader(response.headers['set-cookie']);
  const exchange = await app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(email)}`,
    headers: { cookie, origin },
    payload: { email },
  });
  if (exchange.statusCode !== 200) throw new Error(`token exchange failed: ${exchange.statusCode} ${exchange.body}`);
  const { token } = exchange.json() as { token: string };
  return { email, password, token, cookie, headers: { authorization: `Bearer ${token}` } };
}

/** Creates an account through the real sign-up endpoint, optionally makes it admin, and signs it in. */
export async function createUser(
  app: FastifyInstance,
  db: Kysely<Database>,
  options: { name?: string; email?: string; password?: string; admin?: boolean } = {},
): Promise<SignedInUser> {
  const n = ++counter;
  const name = options.name ?? `Rider ${n}`;
  const email = options.email ?? `rider${n}-${Date.now()}@example.com`;
  const password = options.password ?? `secret-${n}-pass`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: app.config.publicUrl },
    payload: { name, email, password },
    remoteAddress: `10.100.${n % 250}.${(n * 7) % 250}`,
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  if (options.admin) await db.updateTable('users').set({ role: 'admin' }).where('email', '=', email.toLowerCase()).execute();
  return { name, ...(await signIn(app, email.toLowerCase(), password)) };
}

/**
 * Confirms an account's email address as its owner does: opens the link of the confirmation
 * email the shop sent at sign-up (waiting for it to reach the outbox).
 */
export async function confirmEmailAddress(app: FastifyInstance, email: string): Promise<void> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mail = readOutbox(app.config.mail.outboxDir)
      .reverse()
      .find((text) => new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'mi').test(text) && text.includes('/api/auth/verify-email?'));
    const link = mail && /(https?:\/\/\S+\/api\/auth\/verify-email\?\S+)/.exec(mail)?.[1];
    if (link) {
      const url = new URL(link);
      const response = await app.inject({ url: url.pathname + url.search });
      if (response.statusCode !== 302) throw new Error(`confirming ${email} failed: ${response.statusCode} ${response.body}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`no confirmation email to ${email} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A session's creation and expiry, as stored. */
export function sessionTimes(db: Kysely<Database>, token: string) {
  return db.selectFrom('sessions').select(['created_at', 'expires_at']).where('token', '=', token).executeTakeFirstOrThrow();
}

/** Moves a session in time, as if it had been made and renewed then. */
export async function setSessionTimes(db: Kysely<Database>, token: string, createdAt: number, expiresAt: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ created_at: new Date(createdAt).toISOString(), expires_at: new Date(expiresAt).toISOString() })
    .where('token', '=', token)
    .execute();
}
