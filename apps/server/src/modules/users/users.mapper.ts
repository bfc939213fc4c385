import type { AdminUser, User, WorkshopAnswer } from '@shop/shared';
import type { UserRow } from '../../db/schema.js';

/**
 * Whether the owner of this address has confirmed it (the link of the confirmation email,
 * Google's word for a Google account, or the operator's ADMIN_EMAIL). Only a confirmed address
 * may gain admin or staff rights: anyone can sign up any address. (SQLite stores booleans as 0 and 1.)
 */
export const isEmailVerified = (user: Pick<UserRow, 'email_verified'>) => user.email_verified === true || user.email_verified === 1;

/** Database row -> SPEC's wire shape (`_id`, the profile photo as `img`). */
export const toUser = (row: UserRow): User => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  img: row.image,
  phone: row.phone,
});

/** A user as the admin's list shows them. PostgreSQL answers counts as strings. */
export const toAdminUser = (row: UserRow & { purchases: number | string | bigint | null }): AdminUser => ({
  ...toUser(row),
  emailConfirmed: isEmailVerified(row),
  orders: Number(row.purchases ?? 0),
  joined: new Date(row.created_at).toISOString(),
  ...workshopOf(row),
});

/** The workshop mark and its trade discount in percent (stored in hundredths of a percent; 0 when not a workshop). */
export const workshopOf = (row: Pick<UserRow, 'workshop' | 'trade_discount'>): WorkshopAnswer => {
  const workshop = row.workshop === true || row.workshop === 1;
  return { workshop, tradeDiscount: workshop ? Number(row.trade_discount) / 100 : 0 };
};
