// The shop on two instances behind HAProxy, for the browser journeys tagged @scale-out: one fresh,
// seeded PostgreSQL database (TEST_DATABASE_URL), the S3 stand-in, and the admin account. The
// balancer listens on E2E_PORT; the instances' emails land in test-results/e2e-data-PORT/outbox.
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startScaleOutStack } from '../apps/server/src/test/scale-out-stack.ts';
import { ADMIN } from '../apps/web/e2e/admin-account.ts';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3400);
const dataDir = path.join(root, 'test-results', `e2e-data-${port}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const stack = await startScaleOutStack({
  port,
  dataDir,
  env: {
    SEED: 'demo',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    // Journeys sign many people up from one address.
    RATE_LIMIT_SCALE: '50',
    UNPAID_ORDERS_PER_ACCOUNT: '5',
    UNPAID_UNITS_PER_ACCOUNT: '100',
  },
});
console.log(`the shop on two instances behind HAProxy at ${stack.url}`);

let closing = false;
const close = async () => {
  if (closing) return;
  closing = true;
  await stack.close();
  process.exit(0);
};
process.on('SIGINT', () => void close());
process.on('SIGTERM', () => void close());
