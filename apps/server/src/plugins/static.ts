import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../app-config.js';
import { IMAGE_CACHE_CONTROL, IMAGE_FILE_NAME, IMAGES_PUBLIC_PATH, type ImageStorage } from '../lib/image-storage.js';
import { sendError } from './errors.js';

/** Client routes the web app knows; any other path renders its not-found page with a 404 status. */
const CLIENT_ROUTES = [
  /^\/$/,
  /^\/allproducts\/?$/,
  /^\/blogs\/?$/,
  /^\/search\/?$/,
  /^\/parts\/[^/]+\/?$/,
  /^\/(garage|cart|checkout|quick-order)\/?$/,
  /^\/service-emails\/stop\/?$/,
  /^\/(about|warranty|returns|privacy|terms)\/?$/,
  /^\/singin\/?$/,
  /^\/signup\/?$/,
  /^\/reset-password\/?$/,
  /^\/purchase\/[^/]+\/?$/,
  /^\/dashbord(\/.*)?$/,
];

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * Images from the disk: sent by the static plugin. Names are content hashes, so a file never
 * changes and is cached for a year.
 */
async function serveImagesFromDisk(app: FastifyInstance, directory: string) {
  await app.register(fastifyStatic, {
    root: directory,
    prefix: IMAGES_PUBLIC_PATH,
    decorateReply: false,
    index: false,
    immutable: true,
    maxAge: ONE_YEAR_SECONDS * 1000,
  });
}

/**
 * Images from the bucket: streamed through the shop (a CDN in front caches them for a year),
 * or, with S3_PUBLIC_URL, a permanent redirect there. Only names the shop gives are asked
 * for: any other key in the bucket is never reached through this route.
 */
function serveImagesFromBucket(app: FastifyInstance, storage: Extract<ImageStorage, { kind: 's3' }>) {
  app.get<{ Params: { name: string } }>(`${IMAGES_PUBLIC_PATH}:name`, { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    const notFound = () => sendError(reply, request, 404, 'NOT_FOUND', `No image ${name} here`);
    if (!IMAGE_FILE_NAME.test(name)) return notFound();
    if (storage.publicUrl) return reply.header('cache-control', IMAGE_CACHE_CONTROL).redirect(`${storage.publicUrl}${IMAGES_PUBLIC_PATH}${name}`, 308);
    const file = await storage.read(name, request.headers['if-none-match']);
    if (file === undefined) return notFound();
    reply.header('cache-control', IMAGE_CACHE_CONTROL);
    if (file === 'not-modified') return reply.code(304).send();
    if (file.etag) reply.header('etag', file.etag);
    if (file.length !== undefined) reply.header('content-length', file.length);
    return reply.type('image/webp').send(file.body);
  });
}

/** Uploaded images, the built web app, and the SPA fallback. Unknown /api paths stay JSON 404s. */
export const staticPlugin = fp(
  async (app: FastifyInstance, { config, images }: { config: AppConfig; images: ImageStorage }) => {
    if (images.kind === 'disk') await serveImagesFromDisk(app, images.directory);
    else serveImagesFromBucket(app, images);

    const indexFile = path.join(config.webDistDir, 'index.html');
    const hasWebApp = existsSync(indexFile);
    let indexHtml: Buffer | undefined;

    if (hasWebApp) {
      indexHtml = readFileSync(indexFile);
      await app.register(fastifyStatic, {
        root: config.webDistDir,
        prefix: '/',
        index: false,
        wildcard: true,
        // The build writes .br and .gz beside each asset; the client's Accept-Encoding picks one.
        preCompressed: true,
        setHeaders(reply, filePath) {
          // Vite's hashed bundles never change; other files may.
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            reply.header('cache-control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
          } else {
            reply.header('cache-control', 'public, max-age=300');
          }
        },
      });
    } else {
      app.log.warn({ webDistDir: config.webDistDir }, 'web app is not built; only the API is served');
    }

    // Storefront pages are rendered on the server (storefront-pages.ts); the rest are this shell, rendered in the browser.
    const sendShell = (reply: FastifyReply, statusCode: number, html = indexHtml) =>
      reply.code(statusCode).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);

    // Without the web app's server build, the home page is the shell too (the static files would answer it 403, a directory).
    if (indexHtml && !app.hasRoute({ method: 'GET', url: '/' })) app.get('/', { schema: { hide: true } }, (_request, reply) => sendShell(reply, 200));

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api';
      if (!wantsPage || !indexHtml || pathname.startsWith(IMAGES_PUBLIC_PATH)) {
        return sendError(reply, request, 404, 'NOT_FOUND', `No ${request.method} ${pathname} here`);
      }
      return sendShell(reply, CLIENT_ROUTES.some((route) => route.test(pathname)) ? 200 : 404);
    });
  },
  { name: 'static' },
);
