import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createDatabase, type ShopDatabase } from '../../db/database.js';
import { createUser } from '../../test/auth-helpers.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { betterAuthLog, profileName } from './auth.js';

/** The shop's log as JSON lines, kept for the test to read. */
function logCapture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

async function waitFor(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("Better Auth's log lines", () => {
  it('carry an Error as `err`, with its message and stack', () => {
    const { lines, stream } = logCapture();
    const log = Fastify({ logger: { level: 'debug', stream } }).log;
    const failure = new Error('duplicate key value violates unique constraint "users_email_key"');
    betterAuthLog(log)('error', 'Failed to create user', failure, { hint: 'details stay' });
    betterAuthLog(log)('warn', 'User not found');
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: 'identity: Failed to create user',
      err: { message: failure.message, type: 'Error' },
      details: [{ hint: 'details stay' }],
    });
    expect(String((lines[0]!.err as { stack: string }).stack)).toContain('identity-log.test.ts');
    expect(lines[1]).toMatchObject({ level: 40, msg: 'identity: User not found' });
  });
});

describe('a name from Google', () => {
  it.each([
    ['Greta Rider', 'greta@example.com', 'Greta Rider'],
    ['  Greta \r\n Bcc: everyone@example.com ', 'greta@example.com', 'Greta Bcc: everyone@example.com'],
    ['x'.repeat(60_000), 'greta@example.com', 'x'.repeat(120)],
    ['\u0000\u2028', 'greta@example.com', 'greta'],
    [undefined, undefined, 'Customer'],
  ])('%j becomes one line the forms would take', (name, email, expected) => {
    expect(profileName(name, email)).toBe(expected);
  });
});

describe('failures of the identity service in the log', () => {
  let testDatabase: TestDatabase;
  let database: ShopDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const capture = logCapture();

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    // Nothing listens on port 9: every email fails.
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: testDatabase.dataDir,
      SEED: 'none',
      WEB_DIST_DIR: `${testDatabase.dataDir}/no-web-build`,
      SMTP_URL: 'smtp://127.0.0.1:9',
    });
    config.database = testDatabase.config;
    database = createDatabase(testDatabase.config);
    await database.migrate();
    app = await buildApp({ config, database, logger: { level: 'warn', stream: capture.stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await testDatabase.drop();
  });

  const post = (url: string, payload: object, remoteAddress: string) =>
    app.inject({ method: 'POST', url, headers: { origin: app.config.publicUrl }, payload, remoteAddress });

  it('logs an email that could not be sent, with the reason, and still answers the request', async () => {
    const user = await createUser(app, database.db);
    const response = await post('/api/auth/request-password-reset', { email: user.email }, '10.41.0.1');
    expect(response.statusCode).toBe(200);
    await waitFor(() => capture.lines.some((line) => line.msg === 'identity: sending the password reset email failed'));
    const line = capture.lines.find((entry) => entry.msg === 'identity: sending the password reset email failed')!;
    expect(line).toMatchObject({ level: 50, to: user.email });
    expect(JSON.stringify(line.err)).toMatch(/ECONNREFUSED/);
  });

  it('logs a failure inside Better Auth with its message and stack, and answers without internals', async () => {
    const user = await createUser(app, database.db);
    await sql`alter table verifications rename to verifications_away`.execute(database.db);
    try {
      const response = await post('/api/auth/request-password-reset', { email: user.email }, '10.41.0.2');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } });
      expect(response.body).not.toMatch(/verifications|SQLITE|relation/i);
    } finally {
      await sql`alter table verifications_away rename to verifications`.execute(database.db);
    }
    // SQLite: "no such table: verifications"; PostgreSQL: 'relation "verifications" does not exist'.
    const line = capture.lines.find((entry) => /verifications/.test(String((entry.err as { message?: unknown } | undefined)?.message)));
    expect(line).toMatchObject({ level: 50 });
    expect(String((line!.err as { stack?: string }).stack)).toMatch(/\bat /);
  });
});
