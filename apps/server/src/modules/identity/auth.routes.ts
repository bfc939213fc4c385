import { normalizeIP } from '@fastify/rate-limit';
import { emailSchema, forgotPasswordSchema, passwordSchema, signInSchema, signUpSchema } from '@shop/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest, type FieldErrors } from '../../lib/errors.js';
import { RETRY_AFTER_SECONDS } from '../../plugins/errors.js';
import { scaledLimit } from '../../plugins/security.js';

/** Per-minute limits of the identity endpoints, per client address. */
const LIMITS = {
  'sign-in': 10,
  'sign-up': 5,
  // Requests that send an email.
  mail: 3,
  'reset-password': 10,
  'verify-email': 10,
  other: 120,
} as const;
type Bucket = keyof typeof LIMITS;

/**
 * Answers that would tell a known address from an unknown one take at least this long, so the
 * database writes and the email of the known address are not measurable.
 */
const ENUMERATION_FLOOR_MS = 300;

// eslint-disable-next-line no-control-regex
const LINE_BREAK_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** A path on this shop (`/...`), never another origin, a scheme such as `javascript:` or a protocol-relative `//host`. */
const localPath = z
  .string()
  .max(500, 'Must be a path on this shop')
  .refine((value) => {
    if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || /\s/.test(value) || LINE_BREAK_OR_CONTROL.test(value)) return false;
    const base = 'http://shop.invalid';
    try {
      return new URL(value, base).origin === base;
    } catch {
      return false;
    }
  }, 'Must be a path on this shop');

const linkToken = z.string().min(1, 'The link is not valid').max(512, 'The link is not valid').regex(/^[A-Za-z0-9_-]+$/, 'The link is not valid');

/**
 * The identity endpoints the shop uses, each with the only body (or query) it accepts: the
 * shop's own rules (SPEC section 5, with its messages), and no field beyond them, so nothing
 * such as `image`, `role` or a `callbackURL` of another site reaches Better Auth. Every other
 * path under /api/auth answers 404.
 */
interface Endpoint {
  method: 'GET' | 'POST';
  /** Below /api/auth. */
  path: string | RegExp;
  body?: z.ZodType<Record<string, unknown>>;
  /** The only query accepted; without it (and without `anyQuery`) a query string is refused. */
  query?: z.ZodType<Record<string, unknown>>;
  /** The query comes from another party (the identity provider) and Better Auth checks it. */
  anyQuery?: true;
  minimumMs?: number;
}

const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    path: '/sign-up/email',
    body: z.strictObject({ name: signUpSchema.shape.name, email: emailSchema, password: passwordSchema }),
    minimumMs: ENUMERATION_FLOOR_MS,
  },
  { method: 'POST', path: '/sign-in/email', body: z.strictObject({ ...signInSchema.shape, rememberMe: z.boolean().optional() }) },
  {
    method: 'POST',
    path: '/sign-in/social',
    body: z.strictObject({
      provider: z.literal('google'),
      callbackURL: localPath.optional(),
      errorCallbackURL: localPath.optional(),
      newUserCallbackURL: localPath.optional(),
    }),
  },
  { method: 'GET', path: '/callback/google', anyQuery: true },
  { method: 'GET', path: '/error', anyQuery: true },
  { method: 'GET', path: '/get-session' },
  { method: 'GET', path: '/ok' },
  { method: 'POST', path: '/sign-out', body: z.strictObject({}) },
  {
    method: 'POST',
    path: '/request-password-reset',
    body: z.strictObject({ ...forgotPasswordSchema.shape, redirectTo: localPath.optional() }),
    minimumMs: ENUMERATION_FLOOR_MS,
  },
  { method: 'GET', path: /^\/reset-password\/[A-Za-z0-9_-]+$/, query: z.strictObject({ callbackURL: localPath }) },
  { method: 'POST', path: '/reset-password', body: z.strictObject({ newPassword: passwordSchema, token: linkToken }) },
  {
    method: 'POST',
    path: '/change-password',
    // A new password always ends every other session: whoever else held one is out.
    body: z
      .strictObject({
        currentPassword: z.string({ error: 'Password is Required' }).min(1, 'Password is Required').max(128, 'Must be 128 characters or fewer'),
        newPassword: passwordSchema,
        revokeOtherSessions: z.boolean().optional(),
      })
      .transform((body) => ({ ...body, revokeOtherSessions: true })),
  },
  {
    method: 'GET',
    path: '/verify-email',
    query: z.strictObject({
      token: z.string().min(1).max(4096).regex(/^[A-Za-z0-9_.-]+$/, 'The link is not valid'),
      callbackURL: localPath.optional(),
    }),
  },
  { method: 'POST', path: '/send-verification-email', body: z.strictObject({ email: emailSchema }), minimumMs: ENUMERATION_FLOOR_MS },
];

const AUTH_BASE = '/api/auth';
/** The only spelling of an identity URL accepted: `/api/auth/<segments>`, an optional query, nothing else. */
const CANONICAL_TARGET = /^\/api\/auth((?:\/[A-Za-z0-9_-]+)+)(\?[^#]*)?$/;

const findEndpoint = (method: string, path: string) =>
  ENDPOINTS.find((endpoint) => endpoint.method === method && (typeof endpoint.path === 'string' ? endpoint.path === path : endpoint.path.test(path)));

/**
 * The path a request target names once every spelling trick is undone: absolute form, dot
 * segments, percent-encoding (repeatedly), repeated slashes, `;` parameters, letter case and
 * trailing slashes. Only the rate limit reads it, so that every spelling of an endpoint counts
 * in that endpoint's bucket; the handler serves canonical targets only.
 */
export function routedPath(target: string): string {
  const base = 'http://shop.invalid';
  let path: string;
  try {
    path = new URL(target, base).pathname;
    for (let round = 0; round < 3 && path.includes('%'); round++) {
      const decoded = decodeURIComponent(path).replace(/[?#]/g, '');
      if (decoded === path) break;
      path = new URL(decoded, base).pathname;
    }
  } catch {
    path = target;
  }
  return (
    path
      .replace(/;[^/]*/g, '')
      .replace(/\/{2,}/g, '/')
      .replace(/\/+$/, '')
      .toLowerCase() || '/'
  );
}

function bucketOf(request: FastifyRequest): Bucket {
  const path = routedPath(request.raw.url ?? request.url);
  const sub = path.startsWith(`${AUTH_BASE}/`) ? path.slice(AUTH_BASE.length) : path;
  if (sub.startsWith('/sign-in/') || sub === '/change-password') return 'sign-in';
  if (sub.startsWith('/sign-up/')) return 'sign-up';
  if (sub === '/request-password-reset' || sub === '/forget-password' || sub === '/send-verification-email') return 'mail';
  if (sub === '/reset-password' || sub.startsWith('/reset-password/')) return 'reset-password';
  if (sub === '/verify-email') return 'verify-email';
  return 'other';
}

function fieldErrorsOf(error: z.ZodError): FieldErrors {
  // Keys come from the caller's JSON, `__proto__` included.
  const fieldErrors: FieldErrors = Object.create(null) as FieldErrors;
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) (fieldErrors[[...issue.path, key].join('.')] ??= []).push('This field is not accepted');
      continue;
    }
    (fieldErrors[issue.path.join('.') || '(root)'] ??= []).push(issue.message);
  }
  return fieldErrors;
}

const invalid = (fieldErrors: FieldErrors) =>
  new AppError(422, 'VALIDATION_FAILED', Object.values(fieldErrors)[0]?.[0] ?? 'Some fields are not valid', fieldErrors);

function checkedBody(request: FastifyRequest, rule: z.ZodType<Record<string, unknown>>): string {
  const raw = Buffer.isBuffer(request.body) && request.body.length > 0 ? request.body : undefined;
  let parsed: unknown = {};
  if (raw) {
    const type = String(request.headers['content-type'] ?? '').toLowerCase();
    if (!/^application\/json\s*(;|$)/.test(type)) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON');
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      throw badRequest('The request body is not valid JSON');
    }
  }
  const result = rule.safeParse(parsed);
  if (!result.success) throw invalid(fieldErrorsOf(result.error));
  return JSON.stringify(result.data);
}

function checkQuery(endpoint: Endpoint, search: string): void {
  if (endpoint.anyQuery) return;
  const params = new URLSearchParams(search);
  const query = Object.create(null) as Record<string, string>;
  for (const [key, value] of params) {
    if (Object.hasOwn(query, key)) throw badRequest('A query parameter is repeated');
    query[key] = value;
  }
  if (!endpoint.query) {
    if (Object.keys(query).length > 0) throw badRequest('This address takes no query parameters');
    return;
  }
  const result = endpoint.query.safeParse(query);
  if (!result.success) {
    const fieldErrors = fieldErrorsOf(result.error);
    throw badRequest(Object.values(fieldErrors)[0]?.[0] ?? 'The address is not valid', fieldErrors);
  }
}

const notFound = () => new AppError(404, 'NOT_FOUND', 'There is no such identity endpoint');

/**
 * The identity rate limit of a request's bucket, per client address, failing closed: when the
 * counters cannot be read, guessing passwords is refused (503), not let through.
 */
function identityLimit(app: FastifyInstance, bucket: (request: FastifyRequest) => Bucket) {
  const limiter = app.rateLimit({
    timeWindow: 60_000,
    skipOnError: false,
    keyGenerator: (request: FastifyRequest) => `auth|${normalizeIP(request.ip)}|${bucket(request)}`,
    max: (request: FastifyRequest) => scaledLimit(app.config, LIMITS[bucket(request)]),
  });
  return async function limitIdentityRequests(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    try {
      await limiter.call(this, request, reply);
    } catch (error) {
      const status = (error as { statusCode?: unknown }).statusCode;
      if (status === 429 || status === 403) throw error;
      request.log.error({ err: error }, 'identity rate limit unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      throw new AppError(503, 'SERVICE_UNAVAILABLE', 'Signing in is not possible right now. Please try again in a few seconds.');
    }
  };
}

/**
 * The sign-in limit, for the shop's other routes that take a password (the account's changes and
 * its deletion): the same counter as signing in from the same address, so guessing a password
 * there is no faster than at the sign-in form.
 */
export const signInAttemptLimit = (app: FastifyInstance) => identityLimit(app, () => 'sign-in');

/** The limit of identity requests that send an email, shared with the identity endpoints' own. */
export const mailRequestLimit = (app: FastifyInstance) => identityLimit(app, () => 'mail');

/** Better Auth's own endpoints under /api/auth/*, behind the shop's rules and rate limits. */
export async function authRoutes(app: FastifyInstance) {
  // Better Auth reads the raw body itself; it is checked and rewritten as JSON first.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

  // The limit is kept per address and endpoint whatever the spelling of the path, and fails
  // closed: when the counters cannot be read, guessing passwords is refused, not let through.
  const limitIdentityRequests = identityLimit(app, bucketOf);

  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    config: { access: 'public' },
    onRequest: limitIdentityRequests,
    async handler(request, reply) {
      const started = performance.now();
      // Only the canonical spelling is served, so the rate limit and Better Auth always see
      // the same path (Better Auth resolves dot segments; an absolute-form target would also
      // replace the shop's own origin).
      const target = CANONICAL_TARGET.exec(request.raw.url ?? request.url);
      const endpoint = target ? findEndpoint(request.method, target[1]!) : undefined;
      if (!target || !endpoint) throw notFound();
      checkQuery(endpoint, target[2] ?? '');

      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (value === undefined || key === 'content-length' || key === 'transfer-encoding') continue;
        if (Array.isArray(value)) value.forEach((item) => headers.append(key, item));
        else headers.set(key, String(value));
      }
      // Better Auth reads the client address from this header for its session records.
      headers.set('x-forwarded-for', request.ip);
      let body: string | undefined;
      if (endpoint.body) {
        body = checkedBody(request, endpoint.body);
        headers.set('content-type', 'application/json');
      }
      const url = new URL(`${AUTH_BASE}${target[1]}${target[2] ?? ''}`, app.config.publicUrl);
      const response = await app.auth.handler(new Request(url, { method: request.method, headers, body }));

      if (endpoint.minimumMs) {
        const wait = endpoint.minimumMs - (performance.now() - started);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }

      if (response.status >= 500) {
        request.log.error({ status: response.status, answer: (await response.text()).slice(0, 500) }, 'identity endpoint failed');
        throw new AppError(500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
      }
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      if (response.status >= 400) {
        const text = await response.text();
        let message = response.statusText || 'Request failed';
        let code = 'AUTH_ERROR';
        try {
          const parsed = JSON.parse(text) as { message?: unknown; code?: unknown };
          if (typeof parsed.message === 'string') message = parsed.message;
          if (typeof parsed.code === 'string') code = parsed.code;
        } catch {
          // not JSON: keep the status text
        }
        // A page of another address than the shop's: say which address works and what to set.
        if (code === 'INVALID_ORIGIN') {
          message = `This page is not open at the shop's own address. Open the shop at ${app.config.publicUrl}, or, if this is the address customers use, set PUBLIC_URL to it and restart the shop.`;
        }
        // The envelope, plus Better Auth's own top-level code and message that its client reads.
        return reply
          .type('application/json; charset=utf-8')
          .send({ error: { code, message }, requestId: String(request.id), code, message });
      }
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
