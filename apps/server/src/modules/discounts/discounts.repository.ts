import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { ShopDatabase } from '../../db/database.js';
import type { Database, DiscountRedemptionTable, DiscountTable } from '../../db/schema.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { bumpRevision, readRevision } from '../../lib/shared-revision.js';

export type DiscountRow = Selectable<DiscountTable>;
/** A discount's columns the admin writes. */
export type DiscountColumns = Omit<DiscountRow, 'id' | 'used_count' | 'created_at' | 'updated_at'>;
/** The database, or a transaction the placement is running. */
type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Counts one use of a discount, if it is active and has a use left: one conditional update, so
 * however many placements run at once, no more succeed than the code has uses. Answers the
 * discount's id when it counted (a query builder: run it in the placement's transaction, or
 * use it as a CTE of the placement's statement on PostgreSQL).
 */
export const countUse = (db: Executor, discountId: string, now = new Date().toISOString()) =>
  db
    .updateTable('discounts')
    .set({ used_count: sql`used_count + 1`, updated_at: now })
    .where('id', '=', discountId)
    .where(sql<boolean>`active`)
    .where((eb) => eb.or([eb('uses_total', 'is', null), eb('used_count', '<', eb.ref('uses_total'))]))
    .returning('id');

/**
 * Records a purchase's use of a discount unless its redeemer used it already (the account, for a
 * once-per-customer code): answers the row when recorded, nothing when it was there. A query
 * builder, like `countUse`.
 */
export const recordRedemption = (db: Executor, redemption: DiscountRedemptionTable) =>
  db
    .insertInto('discount_redemptions')
    .values(redemption)
    .onConflict((conflict) => conflict.columns(['discount_id', 'redeemer_key']).doNothing())
    .returning(['discount_id', 'purchase_id']);

/** What runs last in the transaction of an admin's change (its activity entry): the discount as it was. */
export type AfterDiscountWrite = (trx: Transaction<Database>, before: DiscountRow) => Promise<unknown>;

/** Database access of discount codes and their uses. */
export function createDiscountsRepository({ db, dialect }: Pick<ShopDatabase, 'db' | 'dialect'>) {
  /** The discount as it is, locked on PostgreSQL until the write's transaction ends (placements counting a use wait). */
  const lockedRow = (trx: Transaction<Database>, id: string) => {
    const query = trx.selectFrom('discounts').selectAll().where('id', '=', id);
    return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  };
  return {
    /** The counter the admin's writes move (not a use's count): the instances' copies of the codes' terms follow it. */
    revision: () => readRevision(db, 'discounts'),

    /** How many uses the discount has counted now (the copies in memory do not follow uses). */
    async usedCount(id: string): Promise<number> {
      const row = await db.selectFrom('discounts').select('used_count').where('id', '=', id).executeTakeFirst();
      return Number(row?.used_count ?? 0);
    },

    list(): Promise<DiscountRow[]> {
      return db.selectFrom('discounts').selectAll().orderBy('code').execute();
    },
    findById(id: string): Promise<DiscountRow | undefined> {
      return db.selectFrom('discounts').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByCode(code: string): Promise<DiscountRow | undefined> {
      return db.selectFrom('discounts').selectAll().where('code', '=', code).executeTakeFirst();
    },
    async categoryExists(id: string): Promise<boolean> {
      return (await db.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },
    /** Whether this redeemer (an account, for a once-per-customer code) holds a use of the discount. */
    async hasRedeemed(discountId: string, redeemerKey: string): Promise<boolean> {
      const row = await db.selectFrom('discount_redemptions').select('purchase_id').where('discount_id', '=', discountId).where('redeemer_key', '=', redeemerKey).executeTakeFirst();
      return row !== undefined;
    },

    /** Adds a discount; 'taken' when its code exists (also when another admin saved it a moment before). */
    async insert(columns: DiscountColumns, after?: (trx: Transaction<Database>, added: DiscountRow) => Promise<unknown>): Promise<{ id: string } | 'taken'> {
      const now = new Date().toISOString();
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('discounts')
          .values({ ...columns, id: newId(), created_at: now, updated_at: now })
          .onConflict((conflict) => conflict.column('code').doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!inserted) return 'taken';
        await bumpRevision(trx, 'discounts');
        if (after) await after(trx, inserted);
        return { id: inserted.id };
      });
    },

    /** Changes a discount, then `after` with it as it was; 'taken' when another one has its code. */
    async update(id: string, columns: DiscountColumns, after?: AfterDiscountWrite): Promise<'updated' | 'not-found' | 'taken'> {
      try {
        return await db.transaction().execute(async (trx) => {
          const before = await lockedRow(trx, id);
          if (!before) return 'not-found';
          const result = await trx
            .updateTable('discounts')
            .set({ ...columns, updated_at: new Date().toISOString() })
            .where('id', '=', id)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) === 0) return 'not-found';
          await bumpRevision(trx, 'discounts');
          if (after) await after(trx, before);
          return 'updated';
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    /**
     * Deletes a discount no purchase has used; one that has been used (or is being used right
     * now, which its redemption's reference says) is deactivated instead, since its purchases
     * keep naming it. The revision moves with it: until another instance sees it, the placement
     * statement itself refuses a code deleted or inactive. `after` runs last, with the discount as it was.
     */
    async remove(id: string, after?: (trx: Transaction<Database>, before: DiscountRow, outcome: 'deleted' | 'deactivated') => Promise<unknown>): Promise<'deleted' | 'deactivated' | 'not-found'> {
      return db.transaction().execute(async (trx) => {
        // Locked first: a placement counting a use of it waits, so its redemption cannot land between the check and the delete.
        const before = await lockedRow(trx, id);
        if (!before) return 'not-found';
        const outcome = await deleteOrDeactivate(trx, id);
        if (outcome === 'not-found') return outcome;
        await bumpRevision(trx, 'discounts');
        if (after) await after(trx, before, outcome);
        return outcome;
      });
    },
  };

  async function deleteOrDeactivate(trx: Transaction<Database>, id: string): Promise<'deleted' | 'deactivated' | 'not-found'> {
    const deleted = await trx
      .deleteFrom('discounts')
      .where('id', '=', id)
      .where('used_count', '=', 0)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('discount_redemptions').select('discount_id').where('discount_id', '=', id))))
      .executeTakeFirst()
      .catch((error: unknown) => {
        if (isForeignKeyViolation(error)) return { numDeletedRows: 0n };
        throw error;
      });
    if (Number(deleted.numDeletedRows) > 0) return 'deleted';
    const deactivated = await trx
      .updateTable('discounts')
      .set({ active: 0, updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(deactivated.numUpdatedRows) > 0 ? 'deactivated' : 'not-found';
  }
}
export type DiscountsRepository = ReturnType<typeof createDiscountsRepository>;

/**
 * Counts a purchase's use of a discount inside the placement's transaction, exactly once: the
 * conditional update first (its row lock makes placements of the same code take turns), then
 * the redemption. A once-per-customer code its customer already used gives its count back.
 */
export async function redeem(
  trx: Transaction<Database>,
  { discountId, purchaseId, userId, oncePerCustomer }: { discountId: string; purchaseId: string; userId: string; oncePerCustomer: boolean },
): Promise<'redeemed' | 'used-up' | 'already-used' | 'inactive'> {
  const now = new Date().toISOString();
  if (!(await countUse(trx, discountId, now).executeTakeFirst())) {
    // Deactivated (or deleted) since the quote, or its last use taken: the customer hears which.
    const row = await trx.selectFrom('discounts').select('active').where('id', '=', discountId).executeTakeFirst();
    return row && row.active ? 'used-up' : 'inactive';
  }
  const redeemerKey = oncePerCustomer ? userId : purchaseId;
  const recorded = await recordRedemption(trx, { discount_id: discountId, redeemer_key: redeemerKey, purchase_id: purchaseId, user_id: userId, created_at: now }).executeTakeFirst();
  if (recorded) return 'redeemed';
  await trx.updateTable('discounts').set({ used_count: sql`used_count - 1` }).where('id', '=', discountId).execute();
  return 'already-used';
}

/**
 * Gives back the uses of a purchase being cancelled or swept, exactly once: only the
 * transaction that deletes a redemption gives its use back. Answers how many were given back.
 */
export async function giveBack(trx: Transaction<Database>, purchaseId: string): Promise<number> {
  const removed = await trx.deleteFrom('discount_redemptions').where('purchase_id', '=', purchaseId).returning('discount_id').execute();
  for (const { discount_id } of removed) {
    await trx.updateTable('discounts').set({ used_count: sql`used_count - 1` }).where('id', '=', discount_id).execute();
  }
  return removed.length;
}
