import { preferredEncoding } from './content-encoding.js';
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from 'node:http';

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

/** A complete answer as it went on the wire: status, header lines in order (flat), body. */
interface StoredAnswer {
  status: number;
  headers: string[];
  /** Where the request id's value sits in `headers`; every hit writes a fresh one there. */
  requestIdAt: number;
  body: Buffer;
  expires: number;
}

type Entry =
  | { kind: 'answer'; expires: number; answer: StoredAnswer }
  /** The last answer for this URL could not be kept: send its requests straight on until `expires`. */
  | { kind: 'pass'; expires: number }
  | Producing;

/** One request is producing the answer for a URL; requests for the same URL wait for it. */
interface Producing {
  kind: 'producing';
  waiters: Array<[IncomingMessage, ServerResponse]>;
}

/** What the cache knows about a request that it let through to produce an answer. */
interface Production {
  key: string;
  generation: number;
  entry: Producing;
  scope: Scope;
  offered?: { freshUntil: number; body: Buffer };
  status?: number;
  headers?: string[];
}

export interface ResponseCacheStats {
  hits: number;
  misses: number;
}

export interface ResponseCache {
  /** The node:http request listener: a fresh stored answer is written here, anything else goes to `next`. */
  listener(next: Listener): Listener;
  /**
   * Called once every hook has run, for a 200 answer of a public route: it may be kept, as
   * sent, until `freshUntil`. `payload` is the body Fastify is about to write.
   */
  offer(request: IncomingMessage, freshUntil: number, payload: unknown): void;
  clear(): void;
  readonly stats: ResponseCacheStats;
}

export interface ResponseCacheOptions {
  maxEntries: number;
  /** How long a URL whose answer could not be kept skips the cache. */
  passMs: number;
  /** URLs under this path are looked up (the API), with the rules below. */
  pathPrefix: string;
  requestIdHeader: string;
  newRequestId(): string;
  /** Requests carrying any of these headers are never answered from the cache (lower case). */
  bypassHeaders: readonly string[];
  /** False while the app is draining or closing: then every request goes to Fastify. */
  isServing(): boolean;
  /**
   * Server-rendered pages: looked up by URL and by the encoding the client accepts (each kept
   * compressed as it was sent), skipped only for requests carrying `bypassHeaders` (a page's
   * render reads no cookie or language, so those do not make it personal).
   */
  pages?: { matches(pathname: string): boolean; bypassHeaders: readonly string[] };
}

type Scope = 'api' | 'page';

const production = Symbol('response-cache production');
type Tracked = IncomingMessage & { [production]?: Production };

/**
 * A reverse-proxy style micro-cache in front of the router. It keeps complete answers of
 * public routes, exactly as Fastify sent them after every hook, and writes them again
 * without the framework for as long as the data they were made from is fresh.
 */
export function createResponseCache(options: ResponseCacheOptions): ResponseCache {
  const entries = new Map<string, Entry>();
  const stats: ResponseCacheStats = { hits: 0, misses: 0 };
  const requestIdHeader = options.requestIdHeader.toLowerCase();
  const varyAllowed: Record<Scope, Set<string>> = {
    api: new Set(options.bypassHeaders),
    page: new Set([...(options.pages?.bypassHeaders ?? []), 'accept-encoding']),
  };
  let generation = 0;

  const scopeOf = (url: string): Scope | undefined => {
    if (url.startsWith(options.pathPrefix)) return 'api';
    if (options.pages?.matches(url.split('?', 1)[0]!)) return 'page';
    return undefined;
  };

  const keyOf = (request: IncomingMessage): [string, Scope] | undefined => {
    const { method, headers, url } = request;
    if ((method !== 'GET' && method !== 'HEAD') || url === undefined) return undefined;
    const scope = scopeOf(url);
    if (scope === undefined || hasBody(headers)) return undefined;
    for (const name of scope === 'api' ? options.bypassHeaders : options.pages!.bypassHeaders) if (headers[name] !== undefined) return undefined;
    return scope === 'api' ? [`${method} ${url}`, scope] : [`${method} ${url} ${preferredEncoding(headers['accept-encoding'])}`, scope];
  };

  const remember = (key: string, entry: Entry) => {
    entries.delete(key);
    if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(key, entry);
  };

  const write = (answer: StoredAnswer, response: ServerResponse) => {
    const headers = answer.headers.slice();
    headers[answer.requestIdAt] = options.newRequestId();
    response.writeHead(answer.status, headers);
    response.end(answer.body);
  };

  const produce = (key: string, scope: Scope, request: Tracked, response: ServerResponse, next: Listener) => {
    const entry: Producing = { kind: 'producing', waiters: [] };
    remember(key, entry);
    const state: Production = { key, generation, entry, scope };
    request[production] = state;
    captureHead(response, state);
    response.once('close', () => settle(state, response, next));
    stats.misses++;
    next(request, response);
  };

  const settle = (state: Production, response: ServerResponse, next: Listener) => {
    const answer = response.writableFinished && state.generation === generation ? keepable(state) : undefined;
    const current = entries.get(state.key) === state.entry;
    if (current) {
      if (answer) entries.set(state.key, { kind: 'answer', expires: answer.expires, answer });
      // An answer cut short, or a fine one already stale: the next request produces it again.
      // Anything else not kept (a route that is not public, an error) skips the cache a while.
      else if (!response.writableFinished || (state.status === 200 && state.offered && state.offered.freshUntil <= Date.now())) entries.delete(state.key);
      else entries.set(state.key, { kind: 'pass', expires: Date.now() + options.passMs });
    }
    for (const [request, waiting] of state.entry.waiters) {
      if (waiting.destroyed) continue;
      if (answer && options.isServing()) {
        stats.hits++;
        write(answer, waiting);
      } else {
        next(request, waiting);
      }
    }
  };

  const keepable = (state: Production): StoredAnswer | undefined => {
    const { offered, status, headers, scope } = state;
    if (!offered || status !== 200 || !headers || offered.freshUntil <= Date.now()) return undefined;
    let requestIdAt = -1;
    for (let i = 0; i < headers.length; i += 2) {
      const name = headers[i]!.toLowerCase();
      if (name === requestIdHeader) requestIdAt = i + 1;
      // A page is kept in the encoding its key names; an API answer is never compressed.
      if (name === 'set-cookie' || (name === 'content-encoding' && scope === 'api')) return undefined;
      // An answer that varies with a request header is kept only if requests carrying that header skip the cache (or, for a page, it is in the key).
      if (name === 'vary' && headers[i + 1]!.split(',').some((field) => !varyAllowed[scope].has(field.trim().toLowerCase()))) return undefined;
    }
    if (requestIdAt < 0) return undefined;
    return { status, headers, requestIdAt, body: offered.body, expires: offered.freshUntil };
  };

  return {
    stats,
    listener(next) {
      return (request, response) => {
        const found = keyOf(request);
        if (found === undefined || !options.isServing()) return next(request, response);
        const [key, scope] = found;
        const entry = entries.get(key);
        if (entry === undefined) return produce(key, scope, request, response, next);
        if (entry.kind === 'producing') {
          entry.waiters.push([request, response]);
          return;
        }
        if (entry.expires <= Date.now()) return produce(key, scope, request, response, next);
        if (entry.kind === 'pass') return next(request, response);
        stats.hits++;
        write(entry.answer, response);
      };
    },
    offer(request, freshUntil, payload) {
      const state = (request as Tracked)[production];
      if (!state) return;
      if (typeof payload === 'string') state.offered = { freshUntil, body: Buffer.from(payload) };
      else if (payload === null || payload === undefined) state.offered = { freshUntil, body: Buffer.alloc(0) };
      else if (Buffer.isBuffer(payload)) state.offered = { freshUntil, body: payload };
    },
    clear() {
      generation++;
      entries.clear();
    },
  };
}

function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Records the status and the header lines exactly as Node writes them for this response. */
function captureHead(response: ServerResponse, state: Production) {
  const writeHead = response.writeHead;
  response.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    const given = rest.find((value) => typeof value === 'object' && value !== null) as OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined;
    const before = rawHeaderNames(this).length;
    const result = (writeHead as (...args: unknown[]) => ServerResponse).call(this, statusCode, ...rest);
    state.status = statusCode;
    // Node merges the given headers into those set before, when there were any; otherwise it writes them as given.
    state.headers = before > 0 || given === undefined ? flatten(rawHeaderNames(this).map((name) => [name, this.getHeader(name)])) : flattenGiven(given);
    return result;
  } as ServerResponse['writeHead'];
}

/** The header names set so far, in their original case (Node has it since 15.13; its types here lack it). */
const rawHeaderNames = (response: ServerResponse): string[] => (response as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames();

function flattenGiven(given: OutgoingHttpHeaders | OutgoingHttpHeader[]): string[] | undefined {
  if (Array.isArray(given)) return undefined;
  return flatten(Object.entries(given));
}

function flatten(pairs: Array<[string, OutgoingHttpHeader | undefined]>): string[] {
  const lines: string[] = [];
  for (const [name, value] of pairs) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) lines.push(name, String(one));
  }
  return lines;
}
