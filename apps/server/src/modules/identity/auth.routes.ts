import { forgotPasswordSchema, passwordSchema, signInSchema, signUpSchema } from '@shop/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest, type FieldErrors } from '../../lib/errors.js';
import { scaledLimit } from '../../plugins/security.js';

/** Per-minute limits of Better Auth's endpoints, per client address. */
const AUTH_LIMITS: Array<[RegExp, number]> = [
  [/^\/api\/auth\/sign-in\//, 10],
  [/^\/api\/auth\/sign-up\//, 5],
  [/^\/api\/auth\/(request-password-reset|forget-password)/, 3],
  [/^\/api\/auth\/reset-password/, 10],
];
const DEFAULT_AUTH_LIMIT = 120;

const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '';

/**
 * The shop's own rules (SPEC section 5, with its messages) for the bodies of the identity
 * endpoints, checked before Better Auth sees them. Emails are normalised to lower case.
 */
const BODY_RULES: Record<string, z.ZodType<Record<string, unknown>>> = {
  '/api/auth/sign-up/email': signUpSchema.passthrough(),
  '/api/auth/sign-in/email': signInSchema.passthrough(),
  '/api/auth/request-password-reset': forgotPasswordSchema.passthrough(),
  '/api/auth/reset-password': z.object({ newPassword: passwordSchema, token: z.string().min(1).max(512) }).passthrough(),
};

function checkedBody(path: string, raw: Buffer | undefined): Buffer | undefined {
  const rule = BODY_RULES[path];
  if (!rule) return raw;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw?.toString('utf8') || '{}');
  } catch {
    throw badRequest('The request body is not valid JSON');
  }
  const result = rule.safeParse(parsed);
  if (!result.success) {
    const fieldErrors: FieldErrors = {};
    for (const issue of result.error.issues) (fieldErrors[issue.path.join('.') || '(root)'] ??= []).push(issue.message);
    throw invalid(fieldErrors);
  }
  return Buffer.from(JSON.stringify(result.data));
}

const invalid = (fieldErrors: FieldErrors) => new AppError(422, 'VALIDATION_FAILED', Object.values(fieldErrors)[0]?.[0] ?? 'Some fields are not valid', fieldErrors);

/** Better Auth's own endpoints under /api/auth/*, behind the shop's rate limits. */
export async function authRoutes(app: FastifyInstance) {
  // Better Auth reads the raw body itself (JSON, or a form post from an identity provider).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    config: {
      access: 'public',
      rateLimit: {
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) => {
          const path = pathOf(request);
          const rule = AUTH_LIMITS.find(([pattern]) => pattern.test(path));
          return `${request.ip}|${rule ? rule[0].source : 'other'}`;
        },
        max: (request: FastifyRequest) => {
          const path = pathOf(request);
          const rule = AUTH_LIMITS.find(([pattern]) => pattern.test(path));
          return scaledLimit(app.config, rule ? rule[1] : DEFAULT_AUTH_LIMIT);
        },
      },
    },
    async handler(request, reply) {
      const url = new URL(request.url, app.config.publicUrl);
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (value === undefined) continue;
        if (Array.isArray(value)) value.forEach((item) => headers.append(key, item));
        else headers.set(key, String(value));
      }
      // Better Auth reads the client address from this header for its session records.
      headers.set('x-forwarded-for', request.ip);
      const raw = request.method === 'POST' && Buffer.isBuffer(request.body) && request.body.length > 0 ? request.body : undefined;
      const body = request.method === 'POST' ? checkedBody(url.pathname, raw) : undefined;
      if (body) headers.set('content-type', 'application/json');
      const response = await app.auth.handler(new Request(url, { method: request.method, headers, body }));

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
          const parsed = JSON.parse(text) as { message?: string; code?: string };
          message = parsed.message ?? message;
          code = parsed.code ?? code;
        } catch {
          // not JSON: keep the status text
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
