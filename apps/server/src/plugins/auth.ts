import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../db/schema.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import type { Auth } from '../modules/identity/auth.js';

export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  sessionToken: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /** Needs a valid bearer token of an existing user. */
    requireUser: preHandlerAsyncHookHandler;
    /** Needs a valid bearer token of an admin (role read from the database on this request). */
    requireAdmin: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
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

/**
 * Our API is authorised by the bearer header only, never by the identity cookie, so no other
 * site can make a signed-in browser call it.
 */
async function userFromBearer(auth: Auth, request: FastifyRequest): Promise<CurrentUser | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  if (!BEARER.test(header)) throw unauthorized('The Authorization header must be: Bearer <token>');
  const user = await resolveUser(auth, new Headers({ authorization: header }));
  if (!user) throw unauthorized('Your session has ended. Please sign in again.');
  return user;
}

export const authPlugin = fp(
  async (app: FastifyInstance, { auth }: { auth: Auth }) => {
    app.decorate('auth', auth);
    app.decorateRequest('user', null);

    const requireUser: preHandlerAsyncHookHandler = async (request) => {
      request.user = await userFromBearer(auth, request);
      if (!request.user) throw unauthorized();
    };
    const requireAdmin: preHandlerAsyncHookHandler = async (request) => {
      request.user = await userFromBearer(auth, request);
      if (!request.user) throw unauthorized();
      if (request.user.role !== 'admin') throw forbidden('This needs an admin account');
    };
    app.decorate('requireUser', requireUser);
    app.decorate('requireAdmin', requireAdmin);
  },
  { name: 'auth' },
);

/** Owners see and change their own records; admins see and change everyone's. */
export function assertOwnerOrAdmin(request: FastifyRequest, ownerEmail: string): CurrentUser {
  const user = request.user;
  if (!user) throw unauthorized();
  if (user.role !== 'admin' && user.email !== ownerEmail.toLowerCase()) {
    throw forbidden('You can only see and change your own account');
  }
  return user;
}
