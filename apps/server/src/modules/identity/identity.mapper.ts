import type { Role } from '../../db/schema.js';
import type { SessionUserRow } from './identity.repository.js';

/** Who is calling, as routes see it (`request.user`): read fresh from the database on every request. */
export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  sessionToken: string;
  /**
   * The buyer's trade discount in hundredths of a percent (SPEC-3 section 6): 0 unless the
   * account is a workshop. Read with the session, so an admin's change counts from the next request.
   */
  tradeDiscount: number;
}

/** Any role the database holds that is neither admin nor staff grants no more than a customer's rights. */
const roleOf = (role: unknown): Role => (role === 'admin' || role === 'staff' ? role : 'user');

/** A trade discount counts only on a workshop's account (SQLite stores the flag as 0 and 1). */
const tradeDiscountOf = (workshop: unknown, discount: unknown): number =>
  (workshop === true || workshop === 1) && typeof discount === 'number' && Number.isInteger(discount) && discount > 0 ? discount : 0;

export const toCurrentUser = (row: SessionUserRow, sessionToken: string): CurrentUser => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: roleOf(row.role),
  sessionToken,
  tradeDiscount: tradeDiscountOf(row.workshop, Number(row.trade_discount)),
});

/**
 * Better Auth's answer to `getSession`, whose user carries the shop's `role` field, and its
 * `workshop` and `tradeDiscount` where Better Auth is told of them (its user's additional fields).
 */
interface IdentitySession {
  session: { token: string };
  user: { id: string; email: string; name: string; role?: unknown; workshop?: unknown; tradeDiscount?: unknown };
}

export const fromIdentitySession = ({ session, user }: IdentitySession): CurrentUser => ({
  id: user.id,
  email: user.email,
  name: user.name,
  role: roleOf(user.role),
  sessionToken: session.token,
  tradeDiscount: tradeDiscountOf(user.workshop, user.tradeDiscount),
});
