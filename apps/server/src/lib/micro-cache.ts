export interface MicroCache {
  /** The cached JSON text for `key`, or the freshly produced one; one producer per key at a time. */
  json(key: string, produce: () => Promise<unknown>): Promise<string>;
  clear(): void;
}

/**
 * A cache of public answers that lives for at most `ttlMs`: every instance of the shop shows a
 * change within that time even with no signal between instances, and the instance that made
 * the change clears its own cache at once.
 */
export function createMicroCache({ ttlMs, maxEntries }: { ttlMs: number; maxEntries: number }): MicroCache {
  const entries = new Map<string, { expires: number; text: Promise<string> }>();
  let generation = 0;

  return {
    json(key, produce) {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expires > now) return hit.text;
      if (entries.size >= maxEntries) entries.clear();
      const startedIn = generation;
      const text = produce().then((value) => JSON.stringify(value));
      entries.set(key, { expires: now + ttlMs, text });
      // A failure is not cached; an answer produced across a clear() is not kept either.
      text.then(
        () => {
          if (startedIn !== generation) entries.delete(key);
        },
        () => entries.delete(key),
      );
      return text;
    },
    clear() {
      generation++;
      entries.clear();
    },
  };
}

/** Sends JSON text as it is: a cached answer was serialised and checked when it was produced. */
export function sendJsonText(reply: { type(contentType: string): { send(payload: string): unknown } }, text: string): never {
  return reply.type('application/json; charset=utf-8').send(text) as never;
}
