import { errorEnvelopeSchema } from '@shop/shared';

type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 422 | 429 | 503;

/** Response schemas of a route's error answers: each is the one error envelope. */
export const errorResponses = (...codes: ErrorStatus[]) =>
  Object.fromEntries(codes.map((code) => [code, errorEnvelopeSchema])) as Record<ErrorStatus, typeof errorEnvelopeSchema>;

/** OpenAPI marker of routes that need the bearer token. */
export const bearerAuth = { security: [{ bearer: [] }] };
