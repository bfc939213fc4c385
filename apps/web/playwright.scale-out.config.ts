import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// Set before the journeys load their fixtures: the emails are read from this run's outbox.
process.env.E2E_PORT ??= '3400';
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

/**
 * The journeys tagged @scale-out (sign-up and sign-in, a profile photo, an admin's product with a
 * photo, order and pay, shipping, a cart checkout) against two instances of the shop on
 * PostgreSQL and an S3 bucket, behind HAProxy: each page and call may be answered by either.
 */
export default defineConfig({
  ...base,
  grep: /@scale-out/,
  outputDir: '../../test-results/playwright-scale-out',
  use: { ...base.use, baseURL },
  webServer: {
    command: 'node --import tsx ../../scripts/scale-out-server.mjs',
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: process.env.E2E_PORT },
  },
});
