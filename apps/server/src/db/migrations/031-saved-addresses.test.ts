import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { migrationDatabase } from '../../test/migration-database.js';

const BEFORE = '030-shipping-methods';
const MIGRATION = '031-saved-addresses';

describe('migration 031: saved addresses', () => {
  const fresh = migrationDatabase();

  it('holds one default per customer whatever a writer does, and goes away on the way down', async () => {
    expect((await fresh.migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    const { db } = fresh.database;
    const now = new Date().toISOString();
    const userId = newId();
    await db.insertInto('users').values({ id: userId, name: 'Ada', email: 'ada@example.com', email_verified: sql<boolean>`true`, image: null, created_at: now, updated_at: now, role: 'user', phone: null }).execute();
    const address = (isDefault: number) => ({ id: newId(), user_id: userId, full_name: 'Ada', line1: '1 Market Street', region: null, postcode: '94105', country: 'US', phone: '+1 415 555 0100', is_default: isDefault, created_at: now, updated_at: now });
    await db.insertInto('addresses').values([address(1), address(0), address(0)]).execute();
    await expect(db.insertInto('addresses').values(address(1)).execute()).rejects.toThrow();
    expect(await db.selectFrom('addresses').select('line2').where('user_id', '=', userId).execute()).toEqual([{ line2: '' }, { line2: '' }, { line2: '' }]);

    // An account's addresses go with it.
    await db.deleteFrom('users').where('id', '=', userId).execute();
    expect(await db.selectFrom('addresses').selectAll().execute()).toEqual([]);

    expect((await fresh.migrator.migrateTo(BEFORE)).error).toBeUndefined();
    expect((await fresh.migrator.migrateTo(MIGRATION)).error).toBeUndefined();
  });
});
