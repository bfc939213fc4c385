import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors, isBrokenMultipart, isDatabaseUnavailable, RetryLaterError } from '../lib/errors.js';
import { ImageStorageError } from '../lib/image-storage.js';

export const RETRY_AFTER_SECONDS = 5;

export function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  statusCode: number,
  code: string,
  message: string,
  fieldErrors?: FieldErrors,
) {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send({ error: { code, message, ...(fieldErrors ? { fieldErrors } : {}) }, requestId: String(request.id) });
}

/**
 * The answer to a connection Node refuses before Fastify sees a request (a request that did
 * not arrive in time, headers too large, bytes that are not HTTP): the one envelope, then the
 * connection is closed.
 */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'REQUEST_TIMEOUT', 'The request did not arrive in time']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'HEADERS_TOO_LARGE', 'The request headers are too large']
        : [400, 'BAD_REQUEST', 'The request is not valid HTTP'];
  this.log.debug({ err: error }, 'client error');
  // An answer already under way on this connection cannot be followed by another.
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (socket.writable && !answering) {
    const body = JSON.stringify({ error: { code, message }, requestId: randomUUID() });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

const CLIENT_ERROR_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'VALIDATION_FAILED',
  429: 'TOO_MANY_REQUESTS',
};

function toFieldErrors(error: FastifyError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return fieldErrors;
  for (const issue of error.validation) {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '(root)';
    (fieldErrors[field] ??= []).push(issue.message ?? 'Invalid value');
  }
  return fieldErrors;
}

/** The path of the first string in a parsed JSON body that holds a NUL character, if any. */
function nulPath(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '(root)' : undefined;
  if (path.length > 20 || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, '(key)'].join('.');
    const found = nulPath(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** The one place errors become answers: the envelope, the right status, no internals on 5xx. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    // No text of this shop holds a NUL character, and PostgreSQL cannot store one.
    app.addHook('preValidation', async (request) => {
      if (request.body === undefined || Buffer.isBuffer(request.body)) return;
      const field = nulPath(request.body);
      if (field) {
        const message = 'Contains characters that are not allowed';
        throw new AppError(422, 'VALIDATION_FAILED', message, { [field]: [message] });
      }
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error instanceof RetryLaterError) reply.header('retry-after', String(error.retryAfterSeconds));
        else if (error.statusCode === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        // A limit of ours counted by the minute: the caller may try again within one.
        if (error.statusCode === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
        return sendError(reply, request, error.statusCode, error.code, error.message, error.fieldErrors);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fieldErrors = toFieldErrors(error);
        // Invalid fields of a body are 422; a malformed path or query is a bad request.
        if (error.validationContext === 'body') {
          return sendError(reply, request, 422, 'VALIDATION_FAILED', 'Some fields are not valid', fieldErrors);
        }
        const message = Object.entries(fieldErrors)
          .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
          .join('; ');
        return sendError(reply, request, 400, 'BAD_REQUEST', `Invalid ${error.validationContext ?? 'request'}: ${message}`, fieldErrors);
      }
      if (error instanceof ImageStorageError) {
        request.log.error({ err: error }, 'image storage failed');
        if (error.reason === 'full') return sendError(reply, request, 507, 'INSUFFICIENT_STORAGE', 'The shop cannot store images right now. Please try again later.');
        reply.header('retry-after', String(RETRY_AFTER_SECONDS * 12));
        return sendError(reply, request, 503, 'SERVICE_UNAVAILABLE', 'The shop cannot store images right now. Please try again later.');
      }
      if (isBrokenMultipart(error)) {
        return sendError(reply, request, 400, 'BAD_REQUEST', 'The upload ended before the whole file arrived. Please send it again.');
      }
      if (isDatabaseUnavailable(error)) {
        request.log.error({ err: error }, 'database unavailable');
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return sendError(reply, request, 503, 'SERVICE_UNAVAILABLE', 'The shop is busy right now. Please try again in a few seconds.');
      }
      const statusCode = error.statusCode ?? 500;
      if (statusCode >= 400 && statusCode < 500 && !isResponseSerializationError(error)) {
        const message =
          error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is not valid JSON'
            : error.message;
        if (statusCode === 429) reply.header('retry-after', reply.getHeader('retry-after') ?? '60');
        return sendError(reply, request, statusCode, CLIENT_ERROR_CODES[statusCode] ?? 'BAD_REQUEST', message);
      }
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, request, 500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
    });
  },
  { name: 'errors' },
);
