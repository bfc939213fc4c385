import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSearchRepository } from './search.repository.js';
import { createSearchService, type SearchService } from './search.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Search over the catalogue. */
    catalogueSearch: SearchService;
  }
}

export const searchPlugin = fp(
  async (app: FastifyInstance) => {
    const search = createSearchService({ repository: createSearchRepository(app.database), catalogue: app.catalogue, vehicles: app.vehicles, log: app.log });
    app.decorate('catalogueSearch', search);
    // A write through this instance shows in its next search at once, not after the next read of the change log.
    app.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) search.changedHere();
    });
  },
  { name: 'search', dependencies: ['database', 'catalogue', 'vehicles'] },
);
