import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Auth } from './auth.js';
import { fromIdentitySession, toCurrentUser, type CurrentUser } from './identity.mapper.js';
import type { IdentityRepository } from './identity.repository.js';
import { sessionRenewal } from './session-policy.js';

/**
 * The session token behind a bearer value: the raw token, or Better Auth's signed form
 * (`token.signature`, HMAC-SHA256 with the auth secret) as its `set-auth-token` header gives it.
 */
function sessionTokenOf(value: string, secret: string): string | null {
  const decoded = value.includes('%') ? safeDecode(value) : value;
  const dot = decoded.lastIndexOf('.');
  if (dot === -1) return /^[A-Za-z0-9_-]{16,128}$/.test(decoded) ? decoded : null;
  const token = decoded.slice(0, dot);
  const given = Buffer.from(decoded.slice(dot + 1).replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Who is behind a request. The API's bearer token is looked up by the shop itself, in one
 * prepared query, at a tenth of the cost of Better Auth's `getSession` or less, on every
 * signed-in request; bearer-lookup.test.ts holds the two to the same answers
 * (docs/decisions/009-bearer-session-lookup.md).
 */
export function createIdentityService({ auth, repository, secret }: { auth: Auth; repository: IdentityRepository; secret: string }) {
  return {
    /**
     * The user behind a bearer value, read fresh from the database, so a removed user or a
     * changed role takes effect on the very next request. One rule for every session
     * (session-policy.ts): a session without 'remember me' is never renewed, and none outlives
     * its absolute limit after sign-in.
     */
    async userFromBearerToken(value: string): Promise<CurrentUser | null> {
      const token = sessionTokenOf(value, secret);
      if (!token) return null;
      const now = new Date();
      const row = await repository.findSessionUser(token);
      if (!row) return null;
      const renewal = sessionRenewal({ createdAt: row.created_at, expiresAt: row.expires_at }, now);
      if (!renewal.active) return null;
      if (renewal.renewTo) await repository.renewSession(row.sessionId, renewal.renewTo, now);
      return toCurrentUser(row, token);
    },

    /** The identity session behind Better Auth's cookie or bearer header, as Better Auth sees it. */
    async userFromIdentitySession(headers: Headers): Promise<CurrentUser | null> {
      const session = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
      return session ? fromIdentitySession(session) : null;
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
