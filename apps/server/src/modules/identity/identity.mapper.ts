import type { Role } from '../../db/schema.js';
import type { SessionUserRow } from './identity.repository.js';

/** Who is calling, as routes see it (`request.user`): read fresh from the database on every request. */
export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  sessionToken: string;
}

/** Any role the database holds that is not admin grants no more than a customer's rights. */
const roleOf = (role: unknown): Role => (role === 'admin' ? 'admin' : 'user');

export const toCurrentUser = (row: SessionUserRow, sessionToken: string): CurrentUser => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: roleOf(row.role),
  sessionToken,
});

/** Better Auth's answer to `getSession`, whose user carries the shop's `role` field. */
interface IdentitySession {
  session: { token: string };
  user: { id: string; email: string; name: string; role?: unknown };
}

export const fromIdentitySession = ({ session, user }: IdentitySession): CurrentUser => ({
  id: user.id,
  email: user.email,
  name: user.name,
  role: roleOf(user.role),
  sessionToken: session.token,
});
