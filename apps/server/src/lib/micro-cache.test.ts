import { describe, expect, it } from 'vitest';
import { createMicroCache } from './micro-cache.js';

describe('micro-cache', () => {
  it('answers from the cache within its lifetime, and produces once for concurrent misses', async () => {
    const cache = createMicroCache({ ttlMs: 1000, maxEntries: 10 });
    let calls = 0;
    const produce = async () => ({ n: ++calls });
    const answers = await Promise.all([cache.json('a', produce), cache.json('a', produce), cache.json('a', produce)]);
    expect(answers).toEqual(['{"n":1}', '{"n":1}', '{"n":1}']);
    expect(calls).toBe(1);
  });

  it('expires, clears, and never keeps a failure', async () => {
    const cache = createMicroCache({ ttlMs: 20, maxEntries: 10 });
    let calls = 0;
    const produce = async () => ++calls;
    expect(await cache.json('k', produce)).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await cache.json('k', produce)).toBe('2');
    cache.clear();
    expect(await cache.json('k', produce)).toBe('3');
    await expect(cache.json('bad', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.json('bad', async () => 'fine')).toBe('"fine"');
  });

  it('drops an answer that was being produced when the cache was cleared', async () => {
    const cache = createMicroCache({ ttlMs: 1000, maxEntries: 10 });
    let release!: (value: string) => void;
    const slow = cache.json('p', () => new Promise((resolve) => (release = resolve)));
    cache.clear();
    release('stale');
    expect(await slow).toBe('"stale"');
    expect(await cache.json('p', async () => 'fresh')).toBe('"fresh"');
  });
});
