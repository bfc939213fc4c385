import type { FastifyInstance } from 'fastify';

/**
 * ADMIN_EMAIL + ADMIN_PASSWORD: that account is created when missing and made admin at
 * every start, so a fresh shop always has a way in. An existing account's password is left alone.
 */
export async function ensureConfiguredAdmin(app: FastifyInstance): Promise<void> {
  const admin = app.config.admin;
  if (!admin) return;
  const db = app.database.db;
  const existing = await db.selectFrom('users').select(['id', 'role']).where('email', '=', admin.email).executeTakeFirst();
  if (!existing) {
    await app.auth.api.signUpEmail({ body: { email: admin.email, password: admin.password, name: 'Admin' } });
    app.log.info({ email: admin.email }, 'admin account created');
  }
  const result = await db
    .updateTable('users')
    .set({ role: 'admin', updated_at: new Date().toISOString() })
    .where('email', '=', admin.email)
    .where('role', '<>', 'admin')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) app.log.info({ email: admin.email }, 'account made admin');
}
