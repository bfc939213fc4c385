import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { notFound } from '../lib/errors.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';

/**
 * `app.cachedGet` is the only way into the public cache: what a handler takes from `cache` is
 * shared and kept whole in front of the router, what it answers itself is made for that request.
 * Proved on routes added here beside the shop's own, on a listening server (the response cache
 * sits in front of the router, where `inject` does not pass).
 */
const answerSchema = z.object({ count: z.number() });
let t: TestApp;
let origin: string;
let produced = 0;
let missingLookups = 0;

function testRoutes(app: FastifyInstance) {
  void app.register(
    async (api) => {
      app.guardRoutes(api);
      const options = { config: { access: 'public' as const }, schema: { response: { 200: answerSchema } } };
      api.cachedGet('/cached', options, async (_request, _reply, cache) => cache('test:cached', async () => ({ count: ++produced })));
      api.cachedGet('/fresh', options, async () => ({ count: ++produced }));
      api.cachedGet('/missing', options, async (_request, _reply, cache) => {
        const answer = await cache('test:missing', async () => {
          missingLookups++;
          return null;
        });
        if (!answer) throw notFound('Thing');
        return answer;
      });

      // @ts-expect-error an answer other than the route's declared 200 answer
      api.cachedGet('/wrong-answer', options, async () => ({ total: 1 }));
      // @ts-expect-error nor from the cache
      api.cachedGet('/wrong-cached', options, async (_request, _reply, cache) => cache('test:wrong', async () => ({ count: 'one' })));
      // @ts-expect-error what may be missing must be answered as missing, not passed on as null
      api.cachedGet('/unchecked', options, async (_request, _reply, cache) => cache('test:unchecked', async () => (produced > 0 ? { count: 1 } : null)));
    },
    { prefix: '/api/test' },
  );
}

beforeAll(async () => {
  t = await buildTestApp({}, { beforeReady: testRoutes });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

const get = async (path: string) => {
  const response = await fetch(`${origin}${path}`);
  return { status: response.status, body: (await response.json()) as { count: number } };
};

describe('cachedGet', () => {
  it('shares and keeps whole what comes from the cache', async () => {
    const first = await get('/api/test/cached');
    const hits = t.app.responseCache.stats.hits;
    expect(await get('/api/test/cached')).toEqual(first);
    expect(t.app.responseCache.stats.hits).toBe(hits + 1);
    // Through the app too (inject passes the response cache by): the same kept answer.
    expect((await t.app.inject({ url: '/api/test/cached' })).json()).toEqual(first.body);
  });

  it('makes an answer the handler gives itself for each request, and never keeps it', async () => {
    const first = await get('/api/test/fresh');
    const hits = t.app.responseCache.stats.hits;
    const second = await get('/api/test/fresh');
    expect(second.body.count).toBeGreaterThan(first.body.count);
    expect(t.app.responseCache.stats.hits).toBe(hits);
  });

  it('keeps a missing answer as missing, for the handler to answer, and keeps no error whole', async () => {
    const hits = t.app.responseCache.stats.hits;
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${origin}/api/test/missing`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
    expect(missingLookups).toBe(1);
    expect(t.app.responseCache.stats.hits).toBe(hits);
  });
});
