import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { createUser, type SignedInUser } from '../../test/auth-helpers.js';
import { readOutbox } from '../../test/outbox.js';

/**
 * Whether an address has an account must not show in how long sign-up and password reset
 * take. A security property, not a speed target: the bounds are generous on purpose.
 */

let t: TestApp;
let known: SignedInUser;
let address = 0;
beforeAll(async () => {
  t = await buildTestApp();
  known = await createUser(t.app, t.database.db, { name: 'Known' });
});
afterAll(async () => t.close());

const post = (app: TestApp['app'], url: string, payload: object) =>
  app.inject({
    method: 'POST',
    url,
    headers: { origin: app.config.publicUrl },
    payload,
    remoteAddress: `10.55.${Math.floor(++address / 250) % 250}.${address % 250}`,
  });

async function timed(run: () => Promise<{ statusCode: number }>): Promise<number> {
  const started = performance.now();
  const response = await run();
  expect(response.statusCode).toBe(200);
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function waitFor(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Five of each, interleaved, after one warm-up of each. */
async function compare(knownCall: (n: number) => Promise<{ statusCode: number }>, unknownCall: (n: number) => Promise<{ statusCode: number }>) {
  await timed(() => knownCall(-1));
  await timed(() => unknownCall(-1));
  const knownTimes: number[] = [];
  const unknownTimes: number[] = [];
  for (let n = 0; n < 5; n++) {
    knownTimes.push(await timed(() => knownCall(n)));
    unknownTimes.push(await timed(() => unknownCall(n)));
  }
  return { known: median(knownTimes), unknown: median(unknownTimes) };
}

describe('no user enumeration by timing', () => {
  it('answers a sign-up as fast for a taken address as for a new one', async () => {
    const outbox = t.app.config.mail.outboxDir;
    const mailsBefore = readOutbox(outbox).filter((mail) => mail.includes(`To: ${known.email}`)).length;
    const stamp = Date.now();
    const { known: knownMs, unknown: unknownMs } = await compare(
      () => post(t.app, '/api/auth/sign-up/email', { name: 'Someone', email: known.email, password: 'another-pass-1' }),
      (n) => post(t.app, '/api/auth/sign-up/email', { name: 'Someone', email: `new-${stamp}-${n + 1}@example.com`, password: 'another-pass-1' }),
    );
    expect(unknownMs).toBeLessThan(knownMs * 3);
    expect(knownMs).toBeLessThan(unknownMs * 3);
    // The known path really did its work: the owner was told by email each time.
    await waitFor(() => readOutbox(outbox).filter((mail) => mail.includes(`To: ${known.email}`)).length >= mailsBefore + 6);
  });

  it('answers a password reset request as fast for a known address as for an unknown one', async () => {
    const outbox = t.app.config.mail.outboxDir;
    const resetMails = () => readOutbox(outbox).filter((mail) => mail.includes(`To: ${known.email}`) && mail.includes('/api/auth/reset-password/')).length;
    const before = resetMails();
    const { known: knownMs, unknown: unknownMs } = await compare(
      () => post(t.app, '/api/auth/request-password-reset', { email: known.email, redirectTo: '/reset-password' }),
      (n) => post(t.app, '/api/auth/request-password-reset', { email: `ghost-${n + 1}@example.com`, redirectTo: '/reset-password' }),
    );
    expect(unknownMs).toBeLessThan(knownMs * 3);
    expect(knownMs).toBeLessThan(unknownMs * 3);
    await waitFor(() => resetMails() >= before + 6);
  });

  it('never waits for the mail server: a server that accepts and never answers slows no answer', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const smtp = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}` });
    try {
      const owner = await createUser(smtp.app, smtp.database.db);
      for (const [url, payload] of [
        ['/api/auth/request-password-reset', { email: owner.email }],
        ['/api/auth/sign-up/email', { name: 'Again', email: owner.email, password: 'another-pass-1' }],
        ['/api/auth/sign-up/email', { name: 'Fresh', email: `fresh-${Date.now()}@example.com`, password: 'another-pass-1' }],
      ] as const) {
        const ms = await timed(() => post(smtp.app, url, payload));
        expect(ms, url).toBeLessThan(5000);
      }
      // The mails were tried: the silent server saw connections.
      await waitFor(() => sockets.size >= 3);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await smtp.close();
    }
  });
});
