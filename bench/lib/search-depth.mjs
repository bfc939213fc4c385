// @ts-check
/**
 * What a search page costs by its depth: the whole catalogue newest first (no words, so every
 * part is a result), 48 parts a page, at its first page, just short of an eighth of the way in
 * and its last.
 */
import { ms, number } from './format.mjs';
import { measureLatency } from './latency.mjs';

/** The largest page the search answers (SEARCH_PAGE_SIZE_MAX). */
const SIZE = 48;
/** One client: each figure is what one request costs the server, not a queue behind others. */
const CONNECTIONS = 1;

/** @typedef {{ page: number, total: number, result: import('./latency.mjs').LatencyResult }} DepthResult */
/** @typedef {{ first: DepthResult, eighth: DepthResult, last: DepthResult }} SearchDepth */

/** @param {number} page */
const pathOf = (page) => `/api/search?q=&sort=newest&size=${SIZE}&page=${page}`;

/**
 * The first, an eighth-deep and the last page of `GET /api/search?sort=newest`, each checked to
 * answer a full page (the last: what is left), then timed in turn.
 * @param {string} origin
 * @param {{ growthSeconds: number, growthWarmupSeconds: number }} settings
 * @returns {Promise<SearchDepth>}
 */
export async function measureSearchDepth(origin, settings) {
  const first = await fetch(origin + pathOf(0));
  if (first.status !== 200) throw new Error(`GET ${pathOf(0)} answered ${first.status}`);
  const { total } = /** @type {{ total: number }} */ (await first.json());
  const lastPage = Math.max(0, Math.ceil(total / SIZE) - 1);
  // Just short of an eighth of the way in: the deepest page that a sorted buffer of the best `offset + limit` would serve (deeper, a full sort).
  const pages = { first: 0, eighth: Math.max(0, Math.floor(total / 8 / SIZE) - 1), last: lastPage };
  /** @type {Partial<SearchDepth>} */
  const measured = {};
  for (const [name, page] of /** @type {Array<[keyof SearchDepth, number]>} */ (Object.entries(pages))) {
    const answer = await fetch(origin + pathOf(page));
    const { products } = /** @type {{ products: unknown[] }} */ (await answer.json());
    const expected = Math.min(SIZE, total - page * SIZE);
    if (answer.status !== 200 || products.length !== expected) throw new Error(`GET ${pathOf(page)} answered ${answer.status} with ${products.length} parts, not ${expected}`);
    const result = await measureLatency({ url: origin + pathOf(page), connections: CONNECTIONS, seconds: settings.growthSeconds, warmupSeconds: settings.growthWarmupSeconds });
    console.log(`  search page ${String(page).padStart(5)} of ${lastPage} (${name}) ${Math.round(result.rps).toLocaleString('en-GB')} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms`);
    measured[name] = { page, total, result };
  }
  return /** @type {SearchDepth} */ (measured);
}

/**
 * The Markdown section: per database, the three pages' p50 / p95, and the slower deep page's p95 over the first's.
 * @param {Array<{ database: string, growth: Array<{ size: number, searchDepth?: SearchDepth }> }>} databases
 * @param {{ growthSeconds: number, growthWarmupSeconds: number }} settings
 */
export function renderSearchDepth(databases, settings) {
  const rows = databases.flatMap(({ database, growth }) =>
    growth.flatMap(({ size, searchDepth }) => {
      if (!searchDepth) return [];
      const { first, eighth, last } = searchDepth;
      const cell = (/** @type {DepthResult} */ depth) =>
        `${number(depth.page)}: ${ms(depth.result.p50)} / ${ms(depth.result.p95)}` + (depth.result.failures > 0 || Object.keys(depth.result.statuses).some((code) => !code.startsWith('2')) ? ' (errors)' : '');
      const slowest = Math.max(eighth.result.p95, last.result.p95);
      return [`| ${database} | ${number(size)} | ${cell(first)} | ${cell(eighth)} | ${cell(last)} | ${number(slowest / first.result.p95, 1)}× |`];
    }),
  );
  if (rows.length === 0) return [];
  return [
    '### Search page depth',
    '',
    `\`GET /api/search?q=&sort=newest&size=${SIZE}&page=N\` (every part a result) at the largest size, ${CONNECTIONS} connection, ` +
      `${settings.growthSeconds} s each after ${settings.growthWarmupSeconds} s unmeasured. Each cell: page, p50 / p95 ms.`,
    '',
    '| Database | Products | First page | An eighth in | Last page | Deeper / first p95 |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
  ];
}
