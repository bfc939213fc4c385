import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSeoRepository } from './seo.repository.js';
import { createSeoService, type SeoService } from './seo.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What search engines read: robots.txt and the sitemaps. */
    seo: SeoService;
  }
}

export const seoPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('seo', createSeoService({ repository: createSeoRepository(app.database), publicUrl: app.config.publicUrl }));
  },
  { name: 'seo', dependencies: ['database'] },
);
