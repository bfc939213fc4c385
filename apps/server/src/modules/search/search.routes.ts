import { errorEnvelopeSchema, searchAnswerSchema, searchQuerySchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { personalSearchAnswer } from '../../lib/personal-prices.js';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  // The index keeps its searches itself; the answer's text is kept a moment too, so a search page
  // rendered from it is kept like the catalogue's (decision 046). A workshop's at its prices.
  app.cachedGet(
    '/search',
    {
      config: { access: 'public-priced' },
      personalise: personalSearchAnswer,
      schema: {
        tags: ['search'],
        summary: 'Parts found by text (name, brand, category, description, part and OEM numbers; typos forgiven), filtered, sorted and paged, with facet counts',
        querystring: searchQuerySchema,
        response: { 200: searchAnswerSchema, 400: errorEnvelopeSchema },
      },
    },
    async (request, _reply, cache) => cache(`search:${JSON.stringify(request.query)}`, () => app.catalogueSearch.search(request.query)),
  );
};
