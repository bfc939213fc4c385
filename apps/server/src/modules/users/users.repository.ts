import { type Kysely, sql } from 'kysely';
import type { Database, Role, UserRow } from '../../db/schema.js';
import { holdsEveryWord } from '../../lib/text-match.js';
import { type Actor, changesBetween, recordActivity } from '../activity/activity.plugin.js';
import { workshopOf } from './users.mapper.js';

export { isEmailVerified } from './users.mapper.js';


/** How the activity log names an account: its name and address as they are at the change. */
export const userLabel = (user: Pick<UserRow, 'name' | 'email'>) => `${user.name} (${user.email})`;

/** The account a role change names in the activity log, with the role it had. */
const roleChange = (target: Pick<UserRow, 'id' | 'name' | 'email' | 'role'>, role: Role) => ({
  action: 'user.role' as const,
  record: { type: 'user' as const, id: target.id, label: userLabel(target) },
  changes: [{ field: 'role', before: target.role, after: role }],
});

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
    /**
     * Changes the phone and photo of a profile; answers how many profiles changed (one, or 0 for
     * no such account). Someone else's change (an admin's) is kept in the activity log.
     */
    async updateProfile(email: string, profile: { image: string; phone: string }, by?: Actor | null): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('users').select(['id', 'name', 'email', 'phone', 'image']).where('email', '=', email).executeTakeFirst();
        if (!before) return 0;
        await trx
          .updateTable('users')
          .set({ ...profile, updated_at: new Date().toISOString() })
          .where('id', '=', before.id)
          .execute();
        if (by && by.id !== before.id) {
          const changes = changesBetween({ phone: before.phone, img: before.image }, { phone: profile.phone, img: profile.image });
          if (changes.length > 0) await recordActivity(trx, by, { action: 'user.updated', record: { type: 'user', id: before.id, label: userLabel(before) }, changes });
        }
        return 1;
      });
    },
    /**
     * Marks an account a workshop with its trade discount (hundredths of a percent), or not one
     * (discount 0), with its activity entry when it changed; answers the account's mark as
     * stored, or undefined when there is no such account.
     */
    async setWorkshop(email: string, workshop: boolean, tradeDiscount: number, by?: Actor | null): Promise<Pick<UserRow, 'workshop' | 'trade_discount'> | undefined> {
      return db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('users').select(['id', 'name', 'email', 'workshop', 'trade_discount']).where('email', '=', email).executeTakeFirst();
        if (!before) return undefined;
        const stored = await trx
          .updateTable('users')
          // A literal: SQLite takes `true` and `false` in SQL, but its driver binds no booleans.
          .set({ workshop: sql.lit(workshop), trade_discount: workshop ? tradeDiscount : 0, updated_at: new Date().toISOString() })
          .where('id', '=', before.id)
          .returning(['workshop', 'trade_discount'])
          .executeTakeFirstOrThrow();
        const changes = changesBetween(workshopOf(before), workshopOf(stored));
        if (changes.length > 0) await recordActivity(trx, by, { action: 'user.workshop', record: { type: 'user', id: before.id, label: userLabel(before) }, changes });
        return stored;
      });
    },
    /**
     * Moves an account to `role` (from `from` only, when given), with its activity entry, in one
     * transaction; answers the role it had (unchanged when it was `role` already or not `from`),
     * or undefined when there is no such account.
     */
    async changeRole(email: string, role: Role, { from, by }: { from?: Role; by?: Actor | null } = {}): Promise<Role | undefined> {
      return db.transaction().execute(async (trx) => {
        const target = await trx.selectFrom('users').select(['id', 'name', 'email', 'role']).where('email', '=', email).executeTakeFirst();
        if (!target || target.role === role || (from !== undefined && target.role !== from)) return target?.role;
        // Only from the role just read: a change made meanwhile is not overwritten.
        const result = await trx
          .updateTable('users')
          .set({ role, updated_at: new Date().toISOString() })
          .where('id', '=', target.id)
          .where('role', '=', target.role)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return role;
        await recordActivity(trx, by, roleChange(target, role));
        return target.role;
      });
    },
    /**
     * The command line's promotion (an operator, no account of the shop, so no activity entry);
     * answers how many rows changed: 0 when the user already had the role or does not exist.
     */
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
    async demoteUnlessLastAdmin(email: string, by?: Actor | null): Promise<'demoted' | 'not-found' | 'not-admin' | 'last-admin'> {
      return db.transaction().execute(async (trx) => {
        const adminsQuery = trx.selectFrom('users').select(['id', 'email']).where('role', '=', 'admin');
        const admins = dialect === 'postgres' ? await adminsQuery.forUpdate().execute() : await adminsQuery.execute();
        const target = await trx.selectFrom('users').select(['id', 'name', 'email', 'role']).where('email', '=', email).executeTakeFirst();
        if (!target) return 'not-found';
        if (target.role !== 'admin') return 'not-admin';
        // Staff are not admins: the shop's last admin stays one whatever staff it has.
        if (admins.length <= 1) return 'last-admin';
        await trx.updateTable('users').set({ role: 'user', updated_at: new Date().toISOString() }).where('id', '=', target.id).execute();
        await recordActivity(trx, by, roleChange(target, 'user'));
        return 'demoted';
      });
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
