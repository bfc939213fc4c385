import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { AppConfig } from '../config.js';
import { createDatabaseRateLimitStore } from './rate-limit-store.js';

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
  upgradeInsecureRequests: null,
};

/** Stripe.js and its card frames are allowed only when Stripe is the payment provider. */
export function contentSecurityPolicy(config: AppConfig) {
  if (!config.stripe) return CONTENT_SECURITY_POLICY;
  return {
    ...CONTENT_SECURITY_POLICY,
    scriptSrc: [...CONTENT_SECURITY_POLICY.scriptSrc, 'https://js.stripe.com'],
    frameSrc: [...CONTENT_SECURITY_POLICY.frameSrc, 'https://js.stripe.com', 'https://hooks.stripe.com'],
    connectSrc: [...CONTENT_SECURITY_POLICY.connectSrc, 'https://api.stripe.com'],
  };
}

/** Security headers, CORS for configured origins only, and database-backed rate limits. */
export const securityPlugin = fp(
  async (app: FastifyInstance, { config }: { config: AppConfig }) => {
    // Helmet's middleware is built once and its headers set on every answer (the Fastify
    // wrapper rebuilds it, parsing the policy again, on every request).
    const securityHeaders = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: config.publicUrl.startsWith('https://'),
    });
    // Helmet only sets headers; its `next` is called without an error.
    app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, done as (error?: unknown) => void));

    if (config.corsOrigins.length > 0) {
      await app.register(cors, { origin: config.corsOrigins, credentials: false });
    }

    await app.register(rateLimit, {
      global: false,
      store: createDatabaseRateLimitStore(app.database.db),
      // A database hiccup must not lock customers out.
      skipOnError: true,
      errorResponseBuilder: (_request, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
        return Object.assign(new Error(`Too many requests. Please try again in ${seconds} seconds.`), {
          statusCode: 429,
        });
      },
    });

    app.addHook('onSend', async (_request, reply, payload) => {
      reply.removeHeader('x-powered-by');
      reply.removeHeader('server');
      return payload;
    });
  },
  { name: 'security', dependencies: ['database'] },
);

/** Scales a per-route limit by RATE_LIMIT_SCALE (load tests, many customers behind one address). */
export const scaledLimit = (config: AppConfig, max: number) => Math.max(1, Math.round(max * config.rateLimitScale));
