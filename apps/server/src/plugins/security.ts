import cors from '@fastify/cors';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { AppConfig } from '../app-config.js';
import { accessOf } from './auth.js';
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

    // Every limit of a route that needs a signed-in caller counts per account, and only after the
    // identity check of onRequest has passed: a caller without a valid token never writes a
    // counter, and no header the caller picks (another session's token, a forged address)
    // opens a fresh bucket. Routes declare only how many and how often. Runs before the
    // rate-limit plugin's own onRoute hook reads the config.
    app.addHook('onRoute', (route) => {
      const limit = route.config?.rateLimit;
      if (!limit || !route.url?.startsWith('/api/')) return;
      if (accessOf(route) === 'public') return;
      route.config!.rateLimit = { ...limit, hook: 'preHandler', keyGenerator: callerKey };
    });

    await app.register(rateLimit, {
      global: false,
      store: createDatabaseRateLimitStore(app.database.db, app.log),
      // A database hiccup must not lock customers out; a limit that must hold (signing in)
      // says `skipOnError: false` and then answers 503 while the counters cannot be read.
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

/**
 * Who a limit counts: the signed-in account (set by the identity check), else the client
 * address as the trusted proxy hops report it (IPv6 by its /64, as the plugin's default does).
 */
const callerKey = (request: FastifyRequest): string =>
  request.user ? `account|${request.user.id}` : `address|${normalizeIP(request.ip)}`;

const REDACTED = '[redacted]';
/** A password-reset token travels as the last path segment of Better Auth's reset link. */
const SECRET_PATH_SEGMENT = /(\/reset-password\/)[^/?#]+/gi;
const SECRET_PARAMETER_NAME = /token|code|secret|password|signature|key/i;
/** A parameter whose value carries a link with a token (Better Auth's `callbackURL`). */
const SECRET_PARAMETER_VALUE = /token|reset-password/i;

function decodedUpTo3Times(value: string): string {
  let decoded = value;
  for (let round = 0; round < 3; round++) {
    try {
      const next = decodeURIComponent(decoded.replaceAll('+', ' '));
      if (next === decoded) break;
      decoded = next;
    } catch {
      break;
    }
  }
  return decoded;
}

/**
 * The URL as it may be logged: reset tokens in the path, and query parameters that are or
 * carry a token, code or secret, are replaced by `[redacted]`.
 */
export function redactUrl(url: string): string {
  const path = url.replace(SECRET_PATH_SEGMENT, `$1${REDACTED}`);
  const question = path.indexOf('?');
  if (question === -1) return path;
  const query = path
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      const name = decodedUpTo3Times(pair.slice(0, equals));
      const value = decodedUpTo3Times(pair.slice(equals + 1));
      return SECRET_PARAMETER_NAME.test(name) || SECRET_PARAMETER_VALUE.test(value) ? `${pair.slice(0, equals)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path.slice(0, question)}?${query}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  host?: string;
  socket?: { remoteAddress?: string; remotePort?: number };
}

/**
 * What the logs keep of a request: never its headers (Authorization, Cookie), and its URL
 * without reset tokens. Fastify hands its own request here; a raw one is read alike.
 */
export const LOG_SERIALIZERS = {
  req(raw: unknown) {
    const request = raw as LoggedRequest;
    return {
      method: request.method,
      url: redactUrl(request.url ?? ''),
      host: request.host,
      remoteAddress: request.ip ?? request.socket?.remoteAddress,
      remotePort: request.socket?.remotePort,
    };
  },
};

/** Credentials that may sit in a logged object whatever logs it. */
export const LOG_REDACT = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'headers.authorization',
    'headers.cookie',
    'headers["set-cookie"]',
    'res.headers["set-cookie"]',
    'authorization',
    'cookie',
  ],
  censor: REDACTED,
};
