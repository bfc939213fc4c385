import { describe, expect, it } from 'vitest';
import { createMicroCache } from './micro-cache.js';

const text = async (answer: Promise<{ text: string }>) => (await answer).text;

describe('micro-cache', () => {
  it('answers from the cache within its lifetime, and produces once for concurrent misses', async () => {
    const cache = createMicroCache({ ttlMs: 1000, maxEntries: 10 });
    let calls = 0;
    const produce = async () => ({ n: ++calls });
    const answers = await Promise.all([text(cache.json('a', produce)), text(cache.json('a', produce)), text(cache.json('a', produce))]);
    expect(answers).toEqual(['{"n":1}', '{"n":1}', '{"n":1}']);
    expect(calls).toBe(1);
  });

  it('tells until when an answer is fresh: its lifetime counts from when it was produced', async () => {
    const cache = createMicroCache({ ttlMs: 1000, maxEntries: 10 });
    const before = Date.now();
    const first = await cache.json('f', async () => 1);
    expect(first.freshUntil).toBeGreaterThanOrEqual(before + 1000);
    expect(first.freshUntil).toBeLessThanOrEqual(Date.now() + 1000);
    expect((await cache.json('f', async () => 2)).freshUntil).toBe(first.freshUntil);
  });

  it('expires, clears, and never keeps a failure', async () => {
    const cache = createMicroCache({ ttlMs: 20, maxEntries: 10 });
    let calls = 0;
    const produce = async () => ++calls;
    expect(await text(cache.json('k', produce))).toBe('1');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await text(cache.json('k', produce))).toBe('2');
    cache.clear();
    expect(await text(cache.json('k', produce))).toBe('3');
    await expect(cache.json('bad', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await text(cache.json('bad', async () => 'fine'))).toBe('"fine"');
  });

  it('drops an answer that was being produced when the cache was cleared', async () => {
    const cache = createMicroCache({ ttlMs: 1000, maxEntries: 10 });
    let release!: (value: string) => void;
    const slow = cache.json('p', () => new Promise((resolve) => (release = resolve)));
    cache.clear();
    release('stale');
    expect(await text(slow)).toBe('"stale"');
    expect(await text(cache.json('p', async () => 'fresh'))).toBe('"fresh"');
  });
});
