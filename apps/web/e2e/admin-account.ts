/**
 * The admin account of the journeys' shop. scripts/e2e-server.mjs starts the server with it
 * (ADMIN_EMAIL, ADMIN_PASSWORD) and the journeys sign in with it, so the two cannot disagree.
 */
export const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@motoparts.example',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'admin-password-1',
} as const;
