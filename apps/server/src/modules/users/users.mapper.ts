import type { AdminUser, User, WorkshopAnswer } from '@shop/shared';
import type { UserRow } from '../../db/schema.js';
import { isEmailVerified } from './users.repository.js';

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
