import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig, TrustProxy } from './app-config.js';
import { createDatabase, type ShopDatabase } from './db/database.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { createResponseCache } from './lib/response-cache.js';
import { categoriesPlugin } from './modules/categories/categories.plugin.js';
import { categoriesRoutes } from './modules/categories/categories.routes.js';
import { contactPlugin } from './modules/contact/contact.plugin.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { cartPlugin } from './modules/cart/cart.plugin.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { garagePlugin } from './modules/garage/garage.plugin.js';
import { addressesPlugin } from './modules/addresses/addresses.plugin.js';
import { addressesRoutes } from './modules/addresses/addresses.routes.js';
import { accountPlugin } from './modules/account/account.plugin.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { activityPlugin } from './modules/activity/activity.plugin.js';
import { activityRoutes } from './modules/activity/activity.routes.js';
import { catalogueFilesPlugin } from './modules/catalogue-files/catalogue-files.plugin.js';
import { garageRoutes } from './modules/garage/garage.routes.js';
import { catalogueFilesRoutes } from './modules/catalogue-files/catalogue-files.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { authRoutes } from './modules/identity/auth.routes.js';
import { identityPlugin } from './modules/identity/identity.plugin.js';
import { identityRoutes } from './modules/identity/identity.routes.js';
import { imagesPlugin } from './modules/images/images.plugin.js';
import { imagesRoutes } from './modules/images/images.routes.js';
import { invoicesPlugin } from './modules/invoices/invoices.plugin.js';
import { invoicesRoutes } from './modules/invoices/invoices.routes.js';
import { ordersPlugin } from './modules/orders/orders.plugin.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { paymentsPlugin } from './modules/payments/payments.plugin.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { cataloguePlugin } from './modules/products/products.plugin.js';
import { productsRoutes } from './modules/products/products.routes.js';
import { reviewsPlugin } from './modules/reviews/reviews.plugin.js';
import { returnsPlugin } from './modules/returns/returns.plugin.js';
import { returnsRoutes } from './modules/returns/returns.routes.js';
import { searchPlugin } from './modules/search/search.plugin.js';
import { salesPlugin } from './modules/sales/sales.plugin.js';
import { salesRoutes } from './modules/sales/sales.routes.js';
import { settingsPlugin } from './modules/settings/settings.plugin.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { taxesPlugin } from './modules/taxes/taxes.plugin.js';
import { taxesRoutes } from './modules/taxes/taxes.routes.js';
import { shippingPlugin } from './modules/shipping/shipping.plugin.js';
import { shippingRoutes } from './modules/shipping/shipping.routes.js';
import { discountsPlugin } from './modules/discounts/discounts.plugin.js';
import { quotePlugin } from './modules/quote/quote.plugin.js';
import { quoteRoutes } from './modules/quote/quote.routes.js';
import { discountsRoutes } from './modules/discounts/discounts.routes.js';
import { stockAlertsPlugin } from './modules/stock-alerts/stock-alerts.plugin.js';
import { stockAlertsRoutes } from './modules/stock-alerts/stock-alerts.routes.js';
import { stockPlugin } from './modules/stock/stock.plugin.js';
import { stockRoutes } from './modules/stock/stock.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { seoPlugin } from './modules/seo/seo.plugin.js';
import { seoRoutes } from './modules/seo/seo.routes.js';
import { reviewsRoutes } from './modules/reviews/reviews.routes.js';
import { usersPlugin } from './modules/users/users.plugin.js';
import { vehiclesPlugin } from './modules/vehicles/vehicles.plugin.js';
import { vehiclesRoutes } from './modules/vehicles/vehicles.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { authPlugin } from './plugins/auth.js';
import { answerClientError, errorsPlugin, sendError } from './plugins/errors.js';
import { publicCachePlugin } from './plugins/public-cache.js';
import { LOG_REDACT, LOG_SERIALIZERS, securityPlugin } from './plugins/security.js';
import { backgroundJobsPlugin } from './plugins/background-jobs.js';
import { staticPlugin } from './plugins/static.js';
import { RENDERED_PAGES, storefrontPagesPlugin } from './plugins/storefront-pages.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: ShopDatabase;
    mailer: Mailer;
    /** Every route the app serves, as `METHOD url` (the authorization matrix test reads it). */
    routeList: string[];
    /** Set while shutting down: readiness fails so load balancers stop sending. */
    draining: boolean;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  /** An already open database (tests share one per file); otherwise one is opened from config and closed with the app. */
  database?: ShopDatabase;
  /** Where emails go; by default SMTP_URL or the outbox folder. */
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
}

const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * Fastify's trustProxy for TRUST_PROXY. A number of hops trusts the nearest N addresses
 * (Fastify itself no longer takes a bare count), so request.ip is the address the outermost
 * trusted proxy saw, whatever a client wrote into X-Forwarded-For before it.
 */
function trustedProxies(trust: TrustProxy) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** Builds the whole shop as a Fastify instance. It never listens; main.ts does. */
export async function buildApp({ config, database, mailer, logger }: BuildAppOptions): Promise<FastifyInstance> {
  let closing = false;
  const responseCache = createResponseCache({
    maxEntries: 5000,
    passMs: config.publicCacheMs,
    pathPrefix: '/api/',
    requestIdHeader: 'x-request-id',
    newRequestId: randomUUID,
    // Personal answers and cross-origin answers (Vary: Origin) are always made by the app.
    bypassHeaders: ['authorization', 'cookie', ...(config.corsOrigins.length > 0 ? ['origin'] : [])],
    // A rendered page is the same for every visitor: only a request the app would answer differently passes by.
    pages: { matches: (pathname) => RENDERED_PAGES.test(pathname), bypassHeaders: ['authorization'] },
    isServing: () => config.publicCacheMs > 0 && !closing && !base.draining,
  });
  const base: FastifyInstance = Fastify({
    // The same server Fastify would make, with the response cache in front of the router.
    // No client holds a connection for as long as it likes: the request, its headers, an idle
    // kept-alive connection and a connection where nothing moves all have an end, and
    // connections beyond the cap are refused as they open.
    serverFactory: (handler) => {
      const { connections } = config;
      const server = createServer(
        {
          requestTimeout: connections.requestTimeoutMs,
          headersTimeout: connections.headersTimeoutMs,
          // Node enforces both timeouts on this interval (30 s by default, longer than they are).
          connectionsCheckingInterval: Math.min(1000, connections.headersTimeoutMs),
        },
        responseCache.listener(handler),
      );
      server.keepAliveTimeout = connections.keepAliveTimeoutMs;
      server.setTimeout(connections.idleTimeoutMs);
      server.maxConnections = connections.maxConnections;
      return server;
    },
    connectionTimeout: config.connections.idleTimeoutMs,
    keepAliveTimeout: config.connections.keepAliveTimeoutMs,
    requestTimeout: config.connections.requestTimeoutMs,
    clientErrorHandler: answerClientError,
    logger: logger === false ? false : { level: config.logLevel, ...(typeof logger === 'object' ? logger : {}), serializers: LOG_SERIALIZERS, redact: LOG_REDACT },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: MAX_JSON_BODY_BYTES,
    trustProxy: trustedProxies(config.trustProxy),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Malformed or over-long URLs are refused before routing; answer them with the envelope too.
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      return sendError(reply, request, tooLong ? 414 : 400, tooLong ? 'URI_TOO_LONG' : 'BAD_REQUEST', tooLong ? 'The address is too long' : 'The address is not valid');
    },
  });
  const app = base.withTypeProvider<ZodTypeProvider>();

  const routeList: string[] = [];
  app.decorate('routeList', routeList);
  app.decorate('draining', false);
  // First of all preClose hooks: from here on Fastify answers 503 and the cache must not answer instead.
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeList.push(`${method} ${route.url}`);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !database;
  const db = database ?? createDatabase(config.database);
  app.decorate('config', config);
  app.decorate('database', db);
  app.decorate('mailer', mailer ?? createMailer({ ...config.mail, log: app.log }));
  if (ownsDatabase) app.addHook('onClose', async () => db.close());

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(fp(async () => {}, { name: 'database' }));
  await app.register(backgroundJobsPlugin);
  await app.register(errorsPlugin);
  await app.register(activityPlugin);
  await app.register(securityPlugin, { config });
  await app.register(publicCachePlugin, { responseCache });
  await app.register(identityPlugin);
  await app.register(authPlugin, { identity: app.identity });
  await app.register(settingsPlugin);
  await app.register(discountsPlugin);
  await app.register(invoicesPlugin);
  await app.register(ordersPlugin);
  await app.register(paymentsPlugin);
  await app.register(returnsPlugin);
  await app.register(imagesPlugin);
  await app.register(categoriesPlugin);
  await app.register(cataloguePlugin);
  await app.register(vehiclesPlugin);
  await app.register(searchPlugin);
  await app.register(garagePlugin);
  await app.register(addressesPlugin);
  await app.register(cartPlugin);
  await app.register(catalogueFilesPlugin);
  await app.register(reviewsPlugin);
  await app.register(accountPlugin);
  await app.register(usersPlugin);
  await app.register(contactPlugin);
  await app.register(stockAlertsPlugin);
  await app.register(stockPlugin);
  await app.register(salesPlugin);
  await app.register(taxesPlugin);
  await app.register(shippingPlugin);
  await app.register(quotePlugin);
  await app.register(seoPlugin);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Moto Parts API', version: '1.0.0', description: 'The API of the Moto Parts shop.' },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      app.guardRoutes(api);
      await api.register(healthRoutes);
      await api.register(productsRoutes);
      await api.register(categoriesRoutes);
      await api.register(searchRoutes);
      await api.register(vehiclesRoutes);
      await api.register(garageRoutes);
      await api.register(addressesRoutes);
      await api.register(cartRoutes);
      await api.register(stockAlertsRoutes);
      await api.register(stockRoutes);
      await api.register(catalogueFilesRoutes);
      await api.register(reviewsRoutes);
      await api.register(contactRoutes);
      await api.register(authRoutes);
      await api.register(identityRoutes);
      await api.register(usersRoutes);
      await api.register(accountRoutes);
      await api.register(activityRoutes);
      await api.register(imagesRoutes);
      await api.register(ordersRoutes);
      await api.register(invoicesRoutes);
      await api.register(paymentsRoutes);
      await api.register(returnsRoutes);
      await api.register(salesRoutes);
      await api.register(settingsRoutes);
      await api.register(taxesRoutes);
      await api.register(shippingRoutes);
      await api.register(discountsRoutes);
      await api.register(quoteRoutes);
    },
    { prefix: '/api' },
  );

  // robots.txt and the sitemaps sit at the root, where crawlers look, outside the API.
  await app.register(seoRoutes);
  await app.register(storefrontPagesPlugin, { config });
  await app.register(staticPlugin, { config, images: app.imageStorage });

  return app;
}
