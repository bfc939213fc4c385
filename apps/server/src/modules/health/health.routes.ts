import { errorEnvelopeSchema, healthSchema, readinessSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.js';
import { RETRY_AFTER_SECONDS } from '../../plugins/errors.js';

const READY_TIMEOUT_MS = 2000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { logLevel: 'warn', config: { access: 'public' }, schema: { tags: ['health'], summary: 'Liveness: the process answers', response: { 200: healthSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      logLevel: 'warn',
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers and the search index is built',
        response: { 200: readinessSchema, 503: errorEnvelopeSchema },
      },
    },
    async (_request, reply) => {
      if (app.draining) {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        throw new AppError(503, 'SERVICE_UNAVAILABLE', 'This server is shutting down');
      }
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('database ping timed out')), READY_TIMEOUT_MS);
      });
      try {
        await Promise.race([app.database.ping(), timeout]);
      } catch {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The database is not reachable');
      } finally {
        clearTimeout(timer);
      }
      // The answers read the search index: an instance takes no traffic until it is built.
      if (!app.catalogueSearch.isBuilt()) {
        const built = await Promise.race([
          app.catalogueSearch.warm().then(
            () => true,
            () => false,
          ),
          new Promise<false>((resolve) => {
            timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
          }),
        ]);
        clearTimeout(timer);
        if (!built) {
          reply.header('retry-after', String(RETRY_AFTER_SECONDS));
          throw new AppError(503, 'SERVICE_UNAVAILABLE', 'The search index is still being built');
        }
      }
      return { status: 'ready' as const, database: 'up' as const };
    },
  );
};
