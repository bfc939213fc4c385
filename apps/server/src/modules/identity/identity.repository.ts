import type { ShopDatabase } from '../../db/database.js';

/** A session with its user, as one query reads them. */
export interface SessionUserRow {
  sessionId: string;
  created_at: string | Date;
  expires_at: string | Date;
  id: string;
  email: string;
  name: string;
  role: string;
  /** SQLite answers 0 or 1. */
  workshop: boolean | number;
  /** Hundredths of a percent (migration 043). */
  trade_discount: number;
}

/** The sessions Better Auth keeps, read and renewed by the API's bearer lookup. */
export function createIdentityRepository({ db, prepared }: ShopDatabase) {
  // Runs on every signed-in request: its SQL is built once and only the token changes.
  const sessionUser = db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as sessionId', 'sessions.created_at', 'sessions.expires_at', 'users.id', 'users.email', 'users.name', 'users.role', 'users.workshop', 'users.trade_discount'])
    .where('sessions.token', '=', '')
    .compile();

  return {
    /** The session of a token and its user, read fresh; undefined once either is gone. */
    async findSessionUser(token: string): Promise<SessionUserRow | undefined> {
      const rows = await prepared<SessionUserRow>('session-user', sessionUser.sql, [token]);
      return rows[0];
    },
    async renewSession(sessionId: string, expiresAt: Date, now: Date): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ expires_at: expiresAt.toISOString(), updated_at: now.toISOString() })
        .where('id', '=', sessionId)
        .execute();
    },
  };
}
export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
