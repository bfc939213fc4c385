import { type Kysely, sql } from 'kysely';
import type { Database, Role, UserRow } from '../../db/schema.js';
import { holdsEveryWord } from '../../lib/text-match.js';

/**
 * Whether the owner of this address has confirmed it (the link of the confirmation email,
 * Google's word for a Google account, or the operator's ADMIN_EMAIL). Only a confirmed address
 * may gain admin rights: anyone can sign up any address. (SQLite stores booleans as 0 and 1.)
 */
export const isEmailVerified = (user: Pick<UserRow, 'email_verified'>) => user.email_verified === true || user.email_verified === 1;

export function createUsersRepository(db: Kysely<Database>, dialect: 'sqlite' | 'postgres') {
  return {
    findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },
    /** The address of the shop's longest-standing admin, if there is one. */
    async firstAdminEmail(): Promise<string | undefined> {
      const row = await db.selectFrom('users').select('email').where('role', '=', 'admin').orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
      return row?.email;
    },
    /** Every account, oldest first, with how many purchases it placed; with `q`, those whose name or email holds every word of it. */
    listAll(q?: string): Promise<(UserRow & { purchases: number | string | bigint | null })[]> {
      return db
        .selectFrom('users')
        .selectAll('users')
        // One count per account, from the purchases' (user_id, status) index.
        .select((eb) => eb.selectFrom('purchases').select(eb.fn.countAll().as('n')).whereRef('purchases.user_id', '=', 'users.id').as('purchases'))
        .$if(Boolean(q), (query) => query.where(holdsEveryWord(['name', 'email'], q!)))
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },
    async updateProfile(email: string, profile: { image: string; phone: string }) {
      const result = await db
        .updateTable('users')
        .set({ ...profile, updated_at: new Date().toISOString() })
        .where('email', '=', email)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    /**
     * Marks an account a workshop with its trade discount (hundredths of a percent), or not one
     * (discount 0); answers the account's mark as stored, or undefined when there is no such account.
     */
    async setWorkshop(email: string, workshop: boolean, tradeDiscount: number): Promise<Pick<UserRow, 'workshop' | 'trade_discount'> | undefined> {
      return db
        .updateTable('users')
        // A literal: SQLite takes `true` and `false` in SQL, but its driver binds no booleans.
        .set({ workshop: sql.lit(workshop), trade_discount: workshop ? tradeDiscount : 0, updated_at: new Date().toISOString() })
        .where('email', '=', email)
        .returning(['workshop', 'trade_discount'])
        .executeTakeFirst();
    },
    /** Answers how many rows changed: 0 when the user was already an admin or does not exist. */
    async setRole(email: string, role: Role) {
      const result = await db
        .updateTable('users')
        .set({ role, updated_at: new Date().toISOString() })
        .where('email', '=', email)
        .where('role', '<>', role)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    /**
     * Makes an admin a customer again unless that would leave the shop without an admin, under the
     * same lock as a removal, so two admins demoting each other cannot both succeed.
     */
    async demoteUnlessLastAdmin(email: string): Promise<'demoted' | 'not-found' | 'not-admin' | 'last-admin'> {
      return db.transaction().execute(async (trx) => {
        const adminsQuery = trx.selectFrom('users').select(['id', 'email']).where('role', '=', 'admin');
        const admins = dialect === 'postgres' ? await adminsQuery.forUpdate().execute() : await adminsQuery.execute();
        const target = await trx.selectFrom('users').select(['id', 'role']).where('email', '=', email).executeTakeFirst();
        if (!target) return 'not-found';
        if (target.role !== 'admin') return 'not-admin';
        if (admins.length <= 1) return 'last-admin';
        await trx.updateTable('users').set({ role: 'user', updated_at: new Date().toISOString() }).where('id', '=', target.id).execute();
        return 'demoted';
      });
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
