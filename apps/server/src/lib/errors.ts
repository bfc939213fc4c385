export type FieldErrors = Record<string, string[]>;

/** An error a caller can cause; its message is safe to show. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
  }
}

/** A configuration the shop cannot start with; its message says what to change. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A refusal for now: the answer says, in Retry-After, when the same request may pass. */
export class RetryLaterError extends AppError {
  override name = 'RetryLaterError';
  constructor(
    statusCode: 429 | 503,
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(statusCode, code, message);
  }
}

export const notFound = (what: string) => new AppError(404, 'NOT_FOUND', `${what} was not found`);
export const badRequest = (message: string, fieldErrors?: FieldErrors) =>
  new AppError(400, 'BAD_REQUEST', message, fieldErrors);
export const unauthorized = (message = 'Please sign in to continue') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You are not allowed to do that') => new AppError(403, 'FORBIDDEN', message);
export const conflict = (message: string, fieldErrors?: FieldErrors) => new AppError(409, 'CONFLICT', message, fieldErrors);
/** One field refused, its message also the error's. */
export const invalidField = (field: string, message: string) => new AppError(422, 'VALIDATION_FAILED', message, { [field]: [message] });

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300', // too_many_connections
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SQLITE_READONLY',
]);

/**
 * True when a write named a row another transaction removed meanwhile (a part added to a category
 * being deleted): PostgreSQL's foreign_key_violation, SQLite's SQLITE_CONSTRAINT_FOREIGNKEY.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/**
 * True when a write would have made a second row with a unique value another transaction has just
 * written (two admins saving the same code at once): PostgreSQL's unique_violation, SQLite's
 * SQLITE_CONSTRAINT_UNIQUE (or _PRIMARYKEY).
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * True when a multipart body broke off or is not multipart at all (@fastify/busboy's errors carry
 * no code): a request that ended in the middle of its file, a missing boundary, a bad part header.
 */
export function isBrokenMultipart(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /unexpected end of multipart data|^Multipart: Boundary not found|^Malformed part header/i.test(message);
}

/** True when the error says the database cannot be reached or cannot take the request right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (typeof code === 'string' && code.startsWith('SQLITE_IOERR')) return true;
  if (typeof message === 'string') {
    return /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED|Client has encountered a connection error/i.test(
      message,
    );
  }
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return false;
}
