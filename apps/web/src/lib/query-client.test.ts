import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient, retryDelay } from './query-client';

const retry = createQueryClient().getDefaultOptions().queries?.retry as (count: number, error: unknown) => boolean;

describe('query client', () => {
  it('backs off from 1000 ms, doubling up to 30000 ms', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('retries a failed query 3 times', () => {
    const error = new ApiError({ status: 503, code: 'UNAVAILABLE', message: 'Down' });
    expect([0, 1, 2, 3].map((count) => retry(count, error))).toEqual([true, true, true, false]);
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('does not repeat a request the server refused for good', () => {
    expect(retry(0, new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Gone' }))).toBe(false);
    expect(retry(0, new ApiError({ status: 429, code: 'RATE_LIMITED', message: 'Slow down' }))).toBe(true);
  });

  it('keeps data fresh for 5 minutes', () => {
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(5 * 60 * 1000);
  });
});
