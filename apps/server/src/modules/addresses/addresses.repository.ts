import { ADDRESSES_MAX, type AddressValues } from '@shop/shared';
import type { Transaction } from 'kysely';
import { takeAccountTurn } from '../../db/account-turn.js';
import type { ShopDatabase } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { toAddressColumns } from './addresses.mapper.js';

/**
 * Database access of each customer's saved addresses. A customer's changes take turns, so
 * addresses added at once still stop at ADDRESSES_MAX, and every change leaves exactly one
 * default: the default is cleared and set in one transaction (the partial unique index of
 * migration 031 refuses a second one whatever happens).
 */
export function createAddressesRepository(database: ShopDatabase) {
  const { db, dialect } = database;

  /** Makes one address the customer's only default: the others' mark goes first, as the index allows one. */
  const makeDefault = async (trx: Transaction<Database>, userId: string, id: string) => {
    await trx.updateTable('addresses').set({ is_default: 0 }).where('user_id', '=', userId).where('is_default', '=', 1).where('id', '<>', id).execute();
    await trx.updateTable('addresses').set({ is_default: 1 }).where('id', '=', id).where('user_id', '=', userId).execute();
  };

  return {
    /** The customer's addresses, the default first, then oldest first. */
    list(userId: string) {
      return db.selectFrom('addresses').selectAll().where('user_id', '=', userId).orderBy('is_default', 'desc').orderBy('created_at').orderBy('id').execute();
    },

    findDefault(userId: string) {
      return db.selectFrom('addresses').selectAll().where('user_id', '=', userId).where('is_default', '=', 1).executeTakeFirst();
    },

    /**
     * Saves a new address unless the customer keeps ADDRESSES_MAX already ('full'); the first one,
     * or one sent as the default, becomes the only default. Answers its id.
     */
    async add(userId: string, address: AddressValues): Promise<string | 'full'> {
      return database.writeTransaction(async (trx) => {
        await takeAccountTurn(trx, dialect, userId);
        const saved = await trx.selectFrom('addresses').select(['id', 'is_default']).where('user_id', '=', userId).execute();
        if (saved.length >= ADDRESSES_MAX) return 'full';
        const id = newId();
        const now = new Date().toISOString();
        await trx
          .insertInto('addresses')
          .values({ id, user_id: userId, ...toAddressColumns(address), is_default: 0, created_at: now, updated_at: now })
          .execute();
        if (address.isDefault === true || !saved.some((row) => row.is_default === 1)) await makeDefault(trx, userId, id);
        return id;
      });
    },

    /** Changes one of the customer's addresses (false: none of theirs has this id); `isDefault: true` makes it the default. */
    async update(userId: string, id: string, address: AddressValues): Promise<boolean> {
      return database.writeTransaction(async (trx) => {
        await takeAccountTurn(trx, dialect, userId);
        const changed = await trx
          .updateTable('addresses')
          .set({ ...toAddressColumns(address), updated_at: new Date().toISOString() })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) return false;
        if (address.isDefault === true) await makeDefault(trx, userId, id);
        return true;
      });
    },

    /** Removes one of the customer's addresses; when it was the default, the oldest remaining one takes over. */
    async remove(userId: string, id: string): Promise<boolean> {
      return database.writeTransaction(async (trx) => {
        await takeAccountTurn(trx, dialect, userId);
        const removed = await trx.deleteFrom('addresses').where('id', '=', id).where('user_id', '=', userId).returning('is_default').executeTakeFirst();
        if (!removed) return false;
        if (removed.is_default === 1) {
          const oldest = await trx.selectFrom('addresses').select('id').where('user_id', '=', userId).orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
          if (oldest) await makeDefault(trx, userId, oldest.id);
        }
        return true;
      });
    },
  };
}
export type AddressesRepository = ReturnType<typeof createAddressesRepository>;
