import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { createAuth, type Auth } from './auth.js';
import { mailRequestLimit, signInAttemptLimit } from './auth.routes.js';
import { createIdentityRepository } from './identity.repository.js';
import { createIdentityService, type IdentityService } from './identity.service.js';

export type { CurrentUser } from './identity.mapper.js';
export type { IdentityService } from './identity.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Better Auth on the shop's database: its endpoints (auth.routes.ts) and its accounts. */
    auth: Auth;
    /** Who is behind a bearer token or an identity session. */
    identity: IdentityService;
    /**
     * The identity endpoints' limits per client address, for the shop's other routes that take a
     * password (`signIn`: the same counter as signing in) or send an identity email (`mail`).
     */
    identityLimits: { signIn: onRequestAsyncHookHandler; mail: onRequestAsyncHookHandler };
    /** Calls `listener` each time an account's owner confirms its email address. */
    whenAddressConfirmed(listener: (userId: string) => Promise<void>): void;
  }
}

/** Identity: Better Auth, and the lookups that tell the API who is calling. */
export const identityPlugin = fp(
  async (app: FastifyInstance) => {
    const confirmed: Array<(userId: string) => Promise<void>> = [];
    const onAddressConfirmed = async (userId: string) => {
      for (const listener of confirmed) await listener(userId);
    };
    const auth = createAuth({ config: app.config, database: app.database, mailer: app.mailer, log: app.log, onAddressConfirmed });
    app.decorate('auth', auth);
    app.decorate('whenAddressConfirmed', (listener: (userId: string) => Promise<void>) => {
      confirmed.push(listener);
    });
    app.decorate('identityLimits', { signIn: signInAttemptLimit(app), mail: mailRequestLimit(app) });
    app.decorate('identity', createIdentityService({ auth, repository: createIdentityRepository(app.database), secret: app.config.authSecret }));
  },
  { name: 'identity', dependencies: ['database', 'security'] },
);
