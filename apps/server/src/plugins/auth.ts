import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { ShopDatabase } from '../db/database.js';
import type { Role } from '../db/schema.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import type { Auth } from '../modules/identity/auth.js';
import { sessionRenewal } from '../modules/identity/session-policy.js';

export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  sessionToken: string;
}

/**
 * Who may call a route: anyone; a signed-in user; the account named by the route's `:email`
 * or an admin; an admin; or the holder of that account's identity session (Better Auth's
 * cookie or bearer: the token exchange). A function decides from the request line alone
 * (method, path, query), never from the body.
 */
export type Access = 'public' | 'user' | 'owner' | 'admin' | 'identity-session';
export type RouteAccess = Access | ((request: FastifyRequest) => Access);

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /** Puts the check of `config.access` in front of every route later added to `scope` (the API). */
    guardRoutes(scope: FastifyInstance): void;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
  }
  interface FastifyContextConfig {
    /**
     * Checked in `onRequest`, before the body is read or validated. A route of the API that
     * says nothing needs a signed-in user: being public is the declaration, never the default.
     */
    access?: RouteAccess;
  }
}

const BEARER = /^bearer\s+(\S+)\s*$/i;

/** The signed-in user behind a headers' bearer token or session cookie, read fresh from the database. */
export async function resolveUser(auth: Auth, headers: Headers): Promise<CurrentUser | null> {
  const session = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
  if (!session) return null;
  const { user } = session as unknown as { user: { id: string; email: string; name: string; role?: string } };
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role === 'admin' ? 'admin' : 'user',
    sessionToken: session.session.token,
  };
}

/** The identity session behind the request's cookie or bearer header, as Better Auth sees it. */
function userFromIdentitySession(auth: Auth, request: FastifyRequest): Promise<CurrentUser | null> {
  const headers = new Headers();
  if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
  if (request.headers.authorization) headers.set('authorization', request.headers.authorization);
  return resolveUser(auth, headers);
}

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

interface SessionUserRow {
  sessionId: string;
  created_at: string | Date;
  expires_at: string | Date;
  id: string;
  email: string;
  name: string;
  role: string;
}

/**
 * The user behind a session token, read fresh from the database on every request (one query),
 * so a removed user or a changed role takes effect on the very next request. The query runs on
 * every signed-in request, so its SQL is built once and only the token changes.
 */
function createSessionLookup({ db, prepared }: ShopDatabase) {
  const lookup = db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as sessionId', 'sessions.created_at', 'sessions.expires_at', 'users.id', 'users.email', 'users.name', 'users.role'])
    .where('sessions.token', '=', '')
    .compile();

  return async function userFromSessionToken(token: string): Promise<CurrentUser | null> {
    const now = new Date();
    const rows = await prepared<SessionUserRow>('session-user', lookup.sql, [token]);
    const row = rows[0];
    if (!row) return null;
    // One rule for every session (identity/session-policy.ts): a session without 'remember me'
    // is never renewed, and none outlives its absolute limit after sign-in.
    const renewal = sessionRenewal({ createdAt: row.created_at, expiresAt: row.expires_at }, now);
    if (!renewal.active) return null;
    if (renewal.renewTo) {
      await db
        .updateTable('sessions')
        .set({ expires_at: renewal.renewTo.toISOString(), updated_at: now.toISOString() })
        .where('id', '=', row.sessionId)
        .execute();
    }
    return { id: row.id, email: row.email, name: row.name, role: row.role === 'admin' ? 'admin' : 'user', sessionToken: token };
  };
}

/**
 * Our API is authorised by the bearer header only, never by the identity cookie, so no other
 * site can make a signed-in browser call it.
 */
async function userFromBearer(
  app: FastifyInstance,
  userFromSessionToken: (token: string) => Promise<CurrentUser | null>,
  request: FastifyRequest,
): Promise<CurrentUser | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = BEARER.exec(header);
  if (!match) throw unauthorized('The Authorization header must be: Bearer <token>');
  const token = sessionTokenOf(match[1]!, app.config.authSecret);
  const user = token ? await userFromSessionToken(token) : null;
  if (!user) throw unauthorized('Your session has ended. Please sign in again.');
  return user;
}

export const authPlugin = fp(
  async (app: FastifyInstance, { auth }: { auth: Auth }) => {
    app.decorate('auth', auth);
    app.decorateRequest('user', null);
    const userFromSessionToken = createSessionLookup(app.database);

    /** The identity check of a route, first of the route's own hooks. */
    const checkAccess = (access: RouteAccess): onRequestAsyncHookHandler =>
      async function checkAccess(request, reply) {
        const needed = typeof access === 'function' ? access(request) : access;
        if (needed === 'public') return;
        // Answers for one account are never kept by a browser or a shared cache.
        reply.header('cache-control', 'no-store');
        if (needed === 'identity-session') {
          request.user = await userFromIdentitySession(auth, request);
          if (!request.user) throw unauthorized('Please sign in first');
          if (!namesAccountOf(request, request.user)) throw forbidden('You can only ask for a token of your own account');
          return;
        }
        request.user = await userFromBearer(app, userFromSessionToken, request);
        if (!request.user) throw unauthorized();
        if (needed === 'admin' && request.user.role !== 'admin') throw forbidden('This needs an admin account');
        if (needed === 'owner' && request.user.role !== 'admin' && !namesAccountOf(request, request.user)) {
          throw forbidden('You can only see and change your own account');
        }
      };

    app.decorate('guardRoutes', (scope: FastifyInstance) => {
      scope.addHook('onRoute', (route: RouteOptions) => {
        const access = route.config?.access ?? 'user';
        route.onRequest = [checkAccess(access), ...[route.onRequest ?? []].flat()];
      });
    });
  },
  { name: 'auth', dependencies: ['database'] },
);

/** Whether the route's `:email` is the user's own (before validation: the raw parameter, compared as the schema will normalise it). */
function namesAccountOf(request: FastifyRequest, user: CurrentUser): boolean {
  const email = (request.params as { email?: unknown }).email;
  return typeof email === 'string' && email.trim().toLowerCase() === user.email;
}
