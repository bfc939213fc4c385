import { publicSettingsSchema, shopSettingsAnswerSchema, shopSettingsSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';
import { toPublicSettings } from './settings.mapper.js';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Shared by every visitor, so a page rendered from it (the part page's dates) is kept like the rest.
  app.cachedGet(
    '/settings',
    {
      config: { access: 'public' },
      schema: { tags: ['settings'], summary: "The shop's public settings: name, country, taxes in prices, dispatch cut-off, time zone, return window", response: { 200: publicSettingsSchema } },
    },
    async (_request, _reply, cache) => cache('settings', async () => toPublicSettings(await app.settings.current())),
  );

  app.get(
    '/admin/settings',
    {
      config: { access: 'admin' },
      schema: { tags: ['settings'], ...bearer, summary: "Every setting of the shop, for the admin's Settings page (admin)", response: { 200: shopSettingsAnswerSchema, ...errors(401, 403) } },
    },
    async () => app.settings.current(),
  );

  app.put(
    '/settings',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['settings'],
        ...bearer,
        summary: 'Sets every setting of the shop at once; answers them as saved (admin)',
        body: shopSettingsSchema,
        response: { 200: shopSettingsAnswerSchema, ...errors(400, 401, 403, 422) },
      },
    },
    async (request) => {
      const saved = await app.settings.save(request.body, request.user);
      request.log.info({ by: request.user?.email }, 'settings saved');
      return saved;
    },
  );
};
