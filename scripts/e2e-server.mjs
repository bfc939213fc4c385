// The real shop for the browser journeys: a fresh, seeded SQLite database in
// test-results/e2e-data-PORT (emails land in its outbox), an admin account, and Google sign-in
// pointed at a local OpenID provider on loopback.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startLocalOpenIdProvider } from '../apps/server/src/test/local-openid-provider.ts';
import { ADMIN } from '../apps/web/e2e/admin-account.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT ?? '3100';
const publicUrl = `http://127.0.0.1:${port}`;
const dataDir = path.join(root, 'test-results', `e2e-data-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const google = await startLocalOpenIdProvider({
  clientId: 'e2e-shop',
  clientSecret: 'e2e-shop-secret',
  redirectUris: [`${publicUrl}/api/auth/callback/google`],
  port: Number(process.env.E2E_OIDC_PORT ?? Number(port) + 1),
});

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    LOG_LEVEL: 'warn',
    SEED: 'demo',
    DATABASE_URL: '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    GOOGLE_CLIENT_ID: 'e2e-shop',
    GOOGLE_CLIENT_SECRET: 'e2e-shop-secret',
    GOOGLE_ISSUER: google.issuer,
    // Journeys sign many people up from one address.
    RATE_LIMIT_SCALE: '50',
  },
});
const stop = (signal) => server.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', async (code) => {
  await google.close();
  process.exit(code ?? 0);
});
