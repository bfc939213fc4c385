import { errorEnvelopeSchema, searchAnswerSchema, searchQuerySchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/search',
    {
      config: { access: 'public' },
      schema: {
        tags: ['search'],
        summary: 'Parts found by text (name, brand, category, description, part and OEM numbers; typos forgiven), filtered, sorted and paged, with facet counts',
        querystring: searchQuerySchema,
        response: { 200: searchAnswerSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request) => app.catalogueSearch.search(request.query),
  );
};
