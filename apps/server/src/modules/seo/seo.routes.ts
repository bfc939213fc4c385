import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { sendError } from '../../plugins/errors.js';
import { partsFileNumber } from './seo.service.js';

/** Crawlers read these often; an hour old is fresh enough for a catalogue. */
const CACHE_CONTROL = 'public, max-age=3600';

const asXml = (reply: FastifyReply) => reply.header('cache-control', CACHE_CONTROL).type('application/xml; charset=utf-8');

/** robots.txt and the sitemaps, at the site's root where crawlers look for them; public, outside the API. */
export const seoRoutes: FastifyPluginAsync = async (app) => {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', CACHE_CONTROL).type('text/plain; charset=utf-8').send(app.seo.robots()),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => asXml(reply).send(await app.seo.sitemapIndex()));

  app.get('/sitemaps/categories.xml', { schema: { hide: true } }, async (_request, reply) => asXml(reply).send(await app.seo.categoriesSitemap()));

  app.get<{ Params: { name: string } }>('/sitemaps/:name', { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    const n = partsFileNumber(name);
    const sitemap = n === undefined ? undefined : await app.seo.partsSitemap(n);
    if (!sitemap) return sendError(reply, request, 404, 'NOT_FOUND', `No sitemap ${name} here`);
    // A HEAD answers the headers alone, without reading the parts.
    if (request.method === 'HEAD') {
      sitemap.destroy();
      return asXml(reply).send(Readable.from([]));
    }
    return asXml(reply).send(sitemap);
  });
};
