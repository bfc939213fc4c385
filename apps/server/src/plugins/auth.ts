import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors.js';
import type { CurrentUser, IdentityService } from '../modules/identity/identity.plugin.js';

/**
 * Who may call a route: anyone; anyone, with answers priced for the buyer behind a valid bearer
 * ('public-priced': the catalogue's answers, a workshop's at its trade prices); a signed-in user;
 * the account named by the route's `:email` or an admin; staff or an admin (SPEC-3 section 7:
 * orders, messages, returns, products and vehicles); an admin; or the holder of that
 * account's identity session (Better Auth's cookie or bearer: the token exchange). A function
 * decides from the request line alone (method, path, query), never from the body.
 */
export type Access = 'public' | 'public-priced' | 'user' | 'owner' | 'staff' | 'admin' | 'identity-session';
export type RouteAccess = Access | ((request: FastifyRequest) => Access);

declare module 'fastify' {
  interface FastifyInstance {
    /** Puts the check of `config.access` in front of every route later added to `scope` (the API). */
    guardRoutes(scope: FastifyInstance): void;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
    /**
     * On a 'public-priced' route: the trade discount its answer is priced at, in hundredths of a
     * percent. 0 for a visitor, a customer who is not a workshop, and a bearer that is no session.
     */
    buyerDiscount: number;
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

/** The identity session behind the request's cookie or bearer header, as Better Auth sees it. */
function userFromIdentitySession(identity: IdentityService, request: FastifyRequest): Promise<CurrentUser | null> {
  const headers = new Headers();
  if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
  if (request.headers.authorization) headers.set('authorization', request.headers.authorization);
  return identity.userFromIdentitySession(headers);
}

/**
 * Our API is authorised by the bearer header only, never by the identity cookie, so no other
 * site can make a signed-in browser call it.
 */
async function userFromBearer(identity: IdentityService, request: FastifyRequest): Promise<CurrentUser | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = BEARER.exec(header);
  if (!match) throw unauthorized('The Authorization header must be: Bearer <token>');
  const user = await identity.userFromBearerToken(match[1]!);
  if (!user) throw unauthorized('Your session has ended. Please sign in again.');
  return user;
}

/**
 * How long one instance prices a browsing bearer as it last found it (decision 044). Only the
 * catalogue's priced answers use it, never an account's own routes: at worst a token's holder
 * sees, for this long, the prices its session had a moment ago. A write on this instance (an
 * admin changing a workshop, a sign-out) forgets them all at once.
 */
const BUYER_TTL_MS = 1000;
const BUYERS_MAX = 10_000;

/**
 * The buyer behind a bearer on a route anyone may browse: a missing, malformed, expired or
 * unknown token is a visitor (browsing never answers 401); a database failure still fails.
 * Found at most once a second per token and instance: a workshop's page asks for several priced
 * answers at once, and each would otherwise wait on the session's query.
 */
function createBuyerLookup(identity: IdentityService) {
  const found = new Map<string, { expires: number; buyer: Promise<CurrentUser | null> }>();
  return {
    buyerOf(request: FastifyRequest): Promise<CurrentUser | null> {
      const match = request.headers.authorization === undefined ? null : BEARER.exec(request.headers.authorization);
      if (!match) return Promise.resolve(null);
      const token = match[1]!;
      const now = Date.now();
      const hit = found.get(token);
      if (hit && hit.expires > now) return hit.buyer;
      if (found.size >= BUYERS_MAX) found.clear();
      const buyer = identity.userFromBearerToken(token);
      found.set(token, { expires: now + BUYER_TTL_MS, buyer });
      // A failure is not kept.
      buyer.catch(() => found.delete(token));
      return buyer;
    },
    forget: () => found.clear(),
  };
}

/** Staff and admins see every account's orders, returns and messages (SPEC-3 section 7). */
export const isStaffOrAdmin = (role: string): boolean => role === 'admin' || role === 'staff';

/** A route's declared access; a route of the API that says nothing needs a signed-in user. */
export const accessOf = (route: { config?: { access?: RouteAccess } }): RouteAccess => route.config?.access ?? 'user';

export const authPlugin = fp(
  async (app: FastifyInstance, { identity }: { identity: IdentityService }) => {
    app.decorateRequest('user', null);
    app.decorateRequest('buyerDiscount', 0);
    const buyers = createBuyerLookup(identity);
    // A write that succeeded may have changed a buyer (a workshop's discount, a session ended).
    app.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) buyers.forget();
    });

    /** The identity check of a route, first of the route's own hooks. */
    const checkAccess = (access: RouteAccess): onRequestAsyncHookHandler =>
      async function checkAccess(request, reply) {
        const needed = typeof access === 'function' ? access(request) : access;
        if (needed === 'public') return;
        if (needed === 'public-priced') {
          request.user = await buyers.buyerOf(request);
          request.buyerDiscount = request.user?.tradeDiscount ?? 0;
          return;
        }
        // Answers for one account are never kept by a browser or a shared cache.
        reply.header('cache-control', 'no-store');
        if (needed === 'identity-session') {
          request.user = await userFromIdentitySession(identity, request);
          if (!request.user) throw unauthorized('Please sign in first');
          if (!namesAccountOf(request, request.user)) throw forbidden('You can only ask for a token of your own account');
          return;
        }
        request.user = await userFromBearer(identity, request);
        if (!request.user) throw unauthorized();
        if (needed === 'admin' && request.user.role !== 'admin') throw forbidden('This needs an admin account');
        if (needed === 'staff' && !isStaffOrAdmin(request.user.role)) throw forbidden('This needs a staff or admin account');
        if (needed === 'owner' && request.user.role !== 'admin' && !namesAccountOf(request, request.user)) {
          throw forbidden('You can only see and change your own account');
        }
      };

    app.decorate('guardRoutes', (scope: FastifyInstance) => {
      scope.addHook('onRoute', (route: RouteOptions) => {
        route.onRequest = [checkAccess(accessOf(route)), ...[route.onRequest ?? []].flat()];
      });
    });
  },
  { name: 'auth' },
);

/** Whether the route's `:email` is the user's own (before validation: the raw parameter, compared as the schema will normalise it). */
function namesAccountOf(request: FastifyRequest, user: CurrentUser): boolean {
  const email = (request.params as { email?: unknown }).email;
  return typeof email === 'string' && email.trim().toLowerCase() === user.email;
}
