import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { createMicroCache, type CachedJson } from '../lib/micro-cache.js';
import type { ResponseCache } from '../lib/response-cache.js';

/** A route with public answers declares its 200 answer: that is what the cache keeps. */
interface PublicRouteSchema extends FastifySchema {
  response: { 200: z.ZodType };
}

type PublicAnswer<S extends PublicRouteSchema> = z.output<S['response'][200]>;
type PublicRequest<S extends PublicRouteSchema> = FastifyRequest<RouteGenericInterface, RawServerDefault, RawRequestDefaultExpression, S, ZodTypeProvider>;

/** An answer as the public cache keeps it: its JSON text, and until when its data counts as fresh. */
class CachedAnswer<T> {
  /** Only a type: the kept text answers what the route declares, so `CachedAnswer<Product>` is no `CachedAnswer<Review[]>`. */
  declare readonly answer: T;
  constructor(readonly json: CachedJson) {}
}

/**
 * The public cache as a route's handler reaches it: the answer kept under `key`, or the one
 * `produce` makes now, kept for PUBLIC_CACHE_MS. A `null` answer (nothing there) is kept too,
 * and comes back as null for the handler to answer as it should (a 404).
 */
interface PublicCache<T> {
  (key: string, produce: () => Promise<T>): Promise<CachedAnswer<T>>;
  (key: string, produce: () => Promise<T | null>): Promise<CachedAnswer<T> | null>;
}

/**
 * Answers a GET. Returning what `cache` gives makes the answer public: kept for every visitor
 * and, whole, by the response cache in front of the router. Returning the answer itself
 * makes it for this request alone (an admin's list, a reviewer's email).
 */
type CachedRouteHandler<S extends PublicRouteSchema> = (
  request: PublicRequest<S>,
  reply: FastifyReply,
  cache: PublicCache<PublicAnswer<S>>,
) => Promise<PublicAnswer<S> | CachedAnswer<PublicAnswer<S>>>;

interface CachedRouteOptions<S extends PublicRouteSchema> {
  config?: FastifyContextConfig;
  schema: S;
  /**
   * For a route whose answers carry prices (access 'public-priced'): the answer at a workshop's
   * trade discount (hundredths of a percent), made from the public one for that request alone.
   */
  personalise?: (answer: PublicAnswer<S>, discount: number) => PublicAnswer<S>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A GET route whose public answers are cached (decision 007): its handler's answers that
     * come from `cache` are shared by every visitor for PUBLIC_CACHE_MS and written again,
     * whole, by the response cache in front of the router while fresh.
     */
    cachedGet<S extends PublicRouteSchema>(url: string, options: CachedRouteOptions<S>, handler: CachedRouteHandler<S>): void;
    /** Complete answers of `cachedGet` routes, written again in front of the router while fresh. */
    responseCache: ResponseCache;
  }
  interface FastifyRequest {
    /** Set when the answer came from the public cache: until when it may be answered again as it is. */
    publicCacheFreshUntil: number;
  }
}

const freshUntilMark = Symbol('public answer fresh until');
type MarkedRequest = IncomingMessage & { [freshUntilMark]?: number };

/**
 * Until when a public answer to this request may be shown as it is (for a page made from it),
 * or undefined when the answer is not a shared one.
 */
export const freshUntilOf = (request: IncomingMessage): number | undefined => (request as MarkedRequest)[freshUntilMark];

/** A route's own onSend, after every other hook: a public answer is offered to the response cache exactly as it will be sent. */
export function offerToResponseCache(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) {
  if (reply.statusCode === 200 && request.publicCacheFreshUntil > 0) request.server.responseCache.offer(request.raw, request.publicCacheFreshUntil, payload);
  done(null, payload);
}

/**
 * Public catalogue answers, kept for up to PUBLIC_CACHE_MS: every instance shows a change
 * within that time, and any successful write clears this instance's caches at once.
 */
export const publicCachePlugin = fp(
  async (app: FastifyInstance, { responseCache }: { responseCache: ResponseCache }) => {
    const answers = createMicroCache({ ttlMs: app.config.publicCacheMs, maxEntries: 5000 });
    app.decorate('responseCache', responseCache);
    app.decorateRequest('publicCacheFreshUntil', 0);

    // Any write that succeeded may have changed what the public sees (stock, prices, reviews).
    app.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
        answers.clear();
        responseCache.clear();
      }
    });

    // A kept answer's value, parsed once for the workshops' answers made from it; frozen, so making one never changes it.
    const values = new WeakMap<CachedJson, unknown>();
    const publicValue = (json: CachedJson): unknown => {
      let value = values.get(json);
      if (value === undefined) values.set(json, (value = deepFreeze(JSON.parse(json.text))));
      return value;
    };

    const cache = async (key: string, produce: () => Promise<unknown>) => {
      const json = await answers.json(key, produce);
      return json.text === 'null' ? null : new CachedAnswer(json);
    };

    function cachedGet<S extends PublicRouteSchema>(this: FastifyInstance, url: string, { config, schema, personalise }: CachedRouteOptions<S>, handler: CachedRouteHandler<S>) {
      // Typed for its handler above; to Fastify it is a schema like any other.
      const routeSchema: FastifySchema = schema;
      this.get(url, { config, schema: routeSchema, onSend: offerToResponseCache }, async (request, reply) => {
        const answer = await handler(request as PublicRequest<S>, reply, cache as PublicCache<PublicAnswer<S>>);
        if (personalise) {
          // Its prices depend on who asks: no cache may answer one caller with another's.
          const vary = reply.getHeader('vary');
          reply.header('vary', vary ? `${String(vary)}, Authorization` : 'Authorization');
          if (request.buyerDiscount > 0) {
            // A workshop's prices: made from the public answer for this request, kept by no cache.
            reply.header('cache-control', 'private, no-store');
            const shared = answer instanceof CachedAnswer ? (publicValue(answer.json) as PublicAnswer<S>) : answer;
            // Made from the route's own answer, as the cached text is: sent as it is.
            return reply.type('application/json; charset=utf-8').send(JSON.stringify(personalise(shared, request.buyerDiscount)));
          }
        }
        if (!(answer instanceof CachedAnswer)) return answer;
        request.publicCacheFreshUntil = answer.json.freshUntil;
        (request.raw as MarkedRequest)[freshUntilMark] = answer.json.freshUntil;
        // The text was made once, when the answer was produced; every hit sends it as it is.
        return reply.type('application/json; charset=utf-8').send(answer.json.text);
      });
    }
    app.decorate('cachedGet', cachedGet);
  },
  { name: 'public-cache' },
);

/** Freezes a parsed JSON value and everything in it. */
function deepFreeze(value: unknown): unknown {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
