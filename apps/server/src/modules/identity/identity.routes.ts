import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const authProvidersSchema = z.object({ google: z.boolean() });

export const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth-providers',
    {
      config: { access: 'public' },
      schema: {
        tags: ['identity'],
        summary: 'Which sign-in providers besides email and password this shop offers',
        response: { 200: authProvidersSchema },
      },
    },
    async () => ({ google: Boolean(app.config.google) }),
  );
};
