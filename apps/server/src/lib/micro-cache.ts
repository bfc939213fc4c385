/** A public answer as JSON text, and until when the data it was made from counts as fresh. */
export interface CachedJson {
  text: string;
  freshUntil: number;
}

interface MicroCache {
  /** The cached answer for `key`, or the freshly produced one; one producer per key at a time. */
  json(key: string, produce: () => Promise<unknown>): Promise<CachedJson>;
  clear(): void;
}

/**
 * A cache of public answers that lives for at most `ttlMs`: every instance of the shop shows a
 * change within that time even with no signal between instances, and the instance that made
 * the change clears its own cache at once.
 */
export function createMicroCache({ ttlMs, maxEntries }: { ttlMs: number; maxEntries: number }): MicroCache {
  const entries = new Map<string, { expires: number; answer: Promise<CachedJson> }>();
  let generation = 0;

  return {
    json(key, produce) {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.answer;
      if (entries.size >= maxEntries) entries.clear();
      const startedIn = generation;
      const freshUntil = now + ttlMs;
      const answer = produce().then((value) => ({ text: JSON.stringify(value), freshUntil }));
      entries.set(key, { expires: freshUntil, answer });
      // A failure is not cached; an answer produced across a clear() is not kept either.
      answer.then(
        () => {
          if (startedIn !== generation) entries.delete(key);
        },
        () => entries.delete(key),
      );
      return answer;
    },
    clear() {
      generation++;
      entries.clear();
    },
  };
}
