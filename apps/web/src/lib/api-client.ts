import type { ErrorEnvelope } from '@shop/shared';
import { getAccessToken } from './access-token';

export const API_BASE_URL = '/api';

/** The browser's fetch; a server render answers the app's calls in process instead (entry-server.tsx). */
let apiFetch: (url: string, init: RequestInit) => Promise<Response> = (url, init) => fetch(url, init);

export function setApiFetch(next: typeof apiFetch): void {
  apiFetch = next;
}

export type FieldErrors = Record<string, string[]>;

/**
 * Turns an unknown JSON value into a typed one, e.g. a shared zod schema. Optional: the server
 * already validates every answer against those schemas, and leaving zod out of the
 * storefront's first script keeps the page fast.
 */
export interface ResponseParser<T> {
  parse(data: unknown): T;
}

/** A failed API call, carrying the fields of the server's error envelope. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the request never got an answer. */
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: FieldErrors | undefined;
  readonly requestId: string | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fieldErrors?: FieldErrors | undefined;
    requestId?: string | undefined;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors;
    this.requestId = init.requestId;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON, or as is when it is FormData. */
  body?: unknown;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string>;
}

const fallbackMessage = (status: number): string => {
  if (status === 401) return 'Please sign in to continue.';
  if (status === 403) return 'You are not allowed to do this.';
  if (status === 404) return 'Not found.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (status >= 500) return 'The shop is not available right now. Please try again later.';
  return 'The request could not be completed.';
};

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isFieldErrors = (value: unknown): value is FieldErrors =>
  isRecord(value) &&
  Object.values(value).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'));

/** The error envelope of docs/api.md, checked by hand (see ResponseParser). */
export const isErrorEnvelope = (value: unknown): value is ErrorEnvelope =>
  isRecord(value) &&
  typeof value.requestId === 'string' &&
  isRecord(value.error) &&
  typeof value.error.code === 'string' &&
  typeof value.error.message === 'string' &&
  (value.error.fieldErrors === undefined || isFieldErrors(value.error.fieldErrors));

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readJson(response);
  if (isErrorEnvelope(body)) {
    const { error, requestId } = body;
    return new ApiError({
      status: response.status,
      code: error.code,
      message: error.message,
      fieldErrors: error.fieldErrors,
      requestId,
    });
  }
  return new ApiError({
    status: response.status,
    code: `HTTP_${response.status}`,
    message: fallbackMessage(response.status),
  });
}

/**
 * Calls `/api{path}`. Resolves with the JSON answer typed as `T` (parsed by `schema` when given);
 * rejects with an ApiError for any failed call.
 */
export async function apiRequest<T = unknown>(
  path: string,
  { method = 'GET', body, signal, headers, schema }: RequestOptions & { schema?: ResponseParser<T> } = {},
): Promise<T> {
  const requestHeaders = new Headers({ Accept: 'application/json', ...headers });
  const token = getAccessToken();
  if (token) requestHeaders.set('Authorization', `Bearer ${token}`);

  let requestBody: BodyInit | undefined;
  if (body instanceof FormData) {
    requestBody = body;
  } else if (body !== undefined) {
    requestHeaders.set('Content-Type', 'application/json');
    requestBody = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await apiFetch(`${API_BASE_URL}${path}`, {
      method,
      headers: requestHeaders,
      body: requestBody ?? null,
      signal: signal ?? null,
      credentials: 'same-origin',
    });
  } catch (cause) {
    // An aborted request is not a failure of the API; let the caller see the abort itself.
    if (signal?.aborted) throw cause;
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Could not reach the shop. Please check your connection and try again.',
      cause,
    });
  }

  if (!response.ok) throw await toApiError(response);

  const data = await readJson(response);
  if (!schema) return data as T;
  try {
    return schema.parse(data);
  } catch (cause) {
    throw new ApiError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      message: 'The shop answered with data this page does not understand. Please reload the page.',
      cause,
    });
  }
}

type BodylessOptions<T> = Omit<RequestOptions, 'method' | 'body'> & { schema?: ResponseParser<T> };
type BodyOptions<T> = Omit<RequestOptions, 'method'> & { schema?: ResponseParser<T> };

/** Typed shortcuts; `T` is the answer's type, checked at run time only when a schema is given. */
export const api = {
  get: <T>(path: string, options: BodylessOptions<T> = {}) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, options: BodyOptions<T> = {}) => apiRequest<T>(path, { ...options, method: 'POST' }),
  put: <T>(path: string, options: BodyOptions<T> = {}) => apiRequest<T>(path, { ...options, method: 'PUT' }),
  patch: <T>(path: string, options: BodyOptions<T> = {}) => apiRequest<T>(path, { ...options, method: 'PATCH' }),
  delete: <T>(path: string, options: BodylessOptions<T> = {}) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
