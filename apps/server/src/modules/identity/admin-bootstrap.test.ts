import { execFile } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../lib/errors.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { confirmEmailAddress, createUser, signIn } from '../../test/auth-helpers.js';
import { insertSignedInUser } from '../../test/factories.js';
import { serverProgramArgs, startServerProcess, type ServerProcess } from '../../test/server-process.js';
import { ensureConfiguredAdmin } from './admin-bootstrap.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAIL: 'Owner@MotoParts.example', ADMIN_PASSWORD: 'owner-password-1' });
});
afterAll(async () => t.close());

/** The same app started with other ADMIN_EMAIL / ADMIN_PASSWORD values. */
const withAdmin = (email: string, password: string) =>
  Object.assign(Object.create(t.app) as FastifyInstance, { config: { ...t.app.config, admin: { email, password } } });

const userRow = (email: string) =>
  t.database.db.selectFrom('users').select(['role', 'email_verified']).where('email', '=', email).executeTakeFirst();
const isAdmin = async (user: { email: string; headers: { authorization: string } }) =>
  (await t.app.inject({ url: `/api/admin/${user.email}`, headers: user.headers })).json().admin as boolean;

describe('ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  it("creates the operator's account when missing, confirmed and admin; start-up can run again harmlessly", async () => {
    await ensureConfiguredAdmin(t.app);
    await ensureConfiguredAdmin(t.app);
    const owner = await signIn(t.app, 'owner@motoparts.example', 'owner-password-1');
    expect(await isAdmin(owner)).toBe(true);
    const rows = await t.database.db.selectFrom('users').select(['email', 'email_verified']).where('email', '=', 'owner@motoparts.example').execute();
    expect(rows).toHaveLength(1);
    expect(Boolean(rows[0]!.email_verified)).toBe(true);
  });

  it('refuses to start when someone else signed up ADMIN_EMAIL first, and grants nothing', async () => {
    // The squatter signs up the address the operator is about to name, with their own password.
    const squatter = await createUser(t.app, t.database.db, { email: 'boss@motoparts.example', password: 'squatter-pass-1' });
    const start = ensureConfiguredAdmin(withAdmin('boss@motoparts.example', 'operator-pass-1'));
    await expect(start).rejects.toBeInstanceOf(ConfigError);
    await expect(start).rejects.toThrow(/ADMIN_EMAIL boss@motoparts\.example .*another password than ADMIN_PASSWORD/);
    await expect(start).rejects.toThrow(/set ADMIN_PASSWORD to that account's password/);

    expect(await userRow(squatter.email)).toMatchObject({ role: 'user' });
    expect(await isAdmin(squatter)).toBe(false);
    expect((await t.app.inject({ url: '/api/users', headers: squatter.headers })).statusCode).toBe(403);
    // Nothing changed: the squatter's password is still theirs, the operator's opens nothing.
    await expect(signIn(t.app, squatter.email, 'operator-pass-1')).rejects.toThrow(/401/);
    expect(await isAdmin(await signIn(t.app, squatter.email, 'squatter-pass-1'))).toBe(false);
  });

  it('refuses an account at ADMIN_EMAIL that has no password at all', async () => {
    const googleOnly = await insertSignedInUser(t.database.db);
    await expect(ensureConfiguredAdmin(withAdmin(googleOnly.email, 'operator-pass-1'))).rejects.toThrow(/has no password/);
    expect(await userRow(googleOnly.email)).toMatchObject({ role: 'user' });
  });

  it('makes an existing account admin when its password is ADMIN_PASSWORD, and confirms its address', async () => {
    const existing = await createUser(t.app, t.database.db, { email: 'shopkeeper@example.com', password: 'keeper-pass-1' });
    expect(Boolean((await userRow(existing.email))!.email_verified)).toBe(false);
    await ensureConfiguredAdmin(withAdmin('shopkeeper@example.com', 'keeper-pass-1'));
    expect(await isAdmin(existing)).toBe(true);
    expect(Boolean((await userRow(existing.email))!.email_verified)).toBe(true);
  });

  it('leaves an account that is already admin as it is, whatever ADMIN_PASSWORD says', async () => {
    const admin = await createUser(t.app, t.database.db, { password: 'admin-pass-1', admin: true });
    await ensureConfiguredAdmin(withAdmin(admin.email, 'some-other-pass'));
    expect(await isAdmin(admin)).toBe(true);
    await expect(signIn(t.app, admin.email, 'admin-pass-1')).resolves.toMatchObject({ email: admin.email });
  });
});

const serverRoot = path.resolve(import.meta.dirname, '../../..');

/** `npm run admin -- ...` on this test's database: its exit code and what it printed. */
async function adminCli(...args: string[]): Promise<{ code: number; output: string }> {
  const config = t.testDatabase.config;
  const program = await serverProgramArgs('admin');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...program, ...args],
      {
        cwd: serverRoot,
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          NODE_ENV: 'test',
          DATA_DIR: t.testDatabase.dataDir,
          DATABASE_URL: config.dialect === 'postgres' ? config.url : `sqlite:${config.file}`,
        },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

describe('npm run admin -- promote', () => {
  it('refuses an address its owner has not confirmed, and promotes it once confirmed', async () => {
    const squatter = await createUser(t.app, t.database.db, { email: 'ceo@motoparts.example' });
    const refused = await adminCli('promote', 'ceo@motoparts.example');
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/has not confirmed this email address/);
    expect(await userRow(squatter.email)).toMatchObject({ role: 'user' });
    expect(await isAdmin(squatter)).toBe(false);

    // The real owner of the address (who receives its email) confirms it; now it may be promoted.
    const owner = await createUser(t.app, t.database.db, { email: 'owner-of-mail@example.com' });
    await confirmEmailAddress(t.app, owner.email);
    const promoted = await adminCli('promote', owner.email);
    expect(promoted.output).toMatch(/is now an admin/);
    expect(promoted.code).toBe(0);
    expect(await isAdmin(owner)).toBe(true);
  }, 60_000);
});

describe('PUT /api/user/admin/{email}', () => {
  it('refuses to make an unconfirmed address admin, and makes it admin once its owner confirmed it', async () => {
    const admin = await createUser(t.app, t.database.db, { admin: true });
    // An admin asked to promote "the new shop manager", whose address a squatter signed up first.
    const squatter = await createUser(t.app, t.database.db, { email: 'manager@motoparts.example' });
    const refused = await t.app.inject({ method: 'PUT', url: `/api/user/admin/${squatter.email}`, headers: admin.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('CONFLICT');
    expect(await userRow(squatter.email)).toMatchObject({ role: 'user' });
    expect(await isAdmin(squatter)).toBe(false);

    await confirmEmailAddress(t.app, squatter.email);
    const made = await t.app.inject({ method: 'PUT', url: `/api/user/admin/${squatter.email}`, headers: admin.headers });
    expect(made.statusCode).toBe(200);
    expect(await isAdmin(squatter)).toBe(true);
  });
});

describe('the real server process with ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  const running = new Set<ServerProcess>();
  afterAll(() => {
    for (const server of running) server.child.kill('SIGKILL');
  });

  const env = (email: string) => {
    const config = t.testDatabase.config;
    return {
      DATA_DIR: t.testDatabase.dataDir,
      AUTH_SECRET: 'admin-bootstrap-tests-secret-long-enough-123',
      DATABASE_URL: config.dialect === 'postgres' ? config.url : `sqlite:${config.file}`,
      SHUTDOWN_DRAIN_SECONDS: '0',
      ADMIN_EMAIL: email,
      ADMIN_PASSWORD: 'operator-pass-1',
    };
  };

  it('does not start after a squatter signed up ADMIN_EMAIL, and the squatter gains nothing', async () => {
    const squatter = await createUser(t.app, t.database.db, { email: 'admin@squatted.example', password: 'squatter-pass-1' });
    await expect(startServerProcess(env('admin@squatted.example'))).rejects.toThrow(
      /server exited at start[\s\S]*ADMIN_EMAIL admin@squatted\.example already belongs to an account/,
    );
    expect(await userRow(squatter.email)).toMatchObject({ role: 'user' });
    expect(await isAdmin(squatter)).toBe(false);
  }, 60_000);

  it("starts with a fresh ADMIN_EMAIL, and the operator's password opens the admin account", async () => {
    const server = await startServerProcess(env('operator@fresh.example'));
    running.add(server);
    try {
      const signInAnswer = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({ email: 'operator@fresh.example', password: 'operator-pass-1' }),
      });
      expect(signInAnswer.status).toBe(200);
      const cookie = signInAnswer.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      const exchange = await fetch(`${server.url}/api/user/operator@fresh.example`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie, origin: server.url },
        body: JSON.stringify({ email: 'operator@fresh.example' }),
      });
      const { token } = (await exchange.json()) as { token: string };
      const admin = await fetch(`${server.url}/api/admin/operator@fresh.example`, { headers: { authorization: `Bearer ${token}` } });
      expect(await admin.json()).toEqual({ admin: true, staff: false });
      expect(Boolean((await userRow('operator@fresh.example'))!.email_verified)).toBe(true);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 60_000);
});
