import type { User } from '@shop/shared';
import type { UserRow } from '../../db/schema.js';

/** Database row -> SPEC's wire shape (`_id`, the profile photo as `img`). */
export const toUser = (row: UserRow): User => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  img: row.image,
  phone: row.phone,
});
