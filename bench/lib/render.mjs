// @ts-check
/**
 * The server-rendered storefront (issue 39, SPEC-3 section 8): a part's page and the home page at
 * the bench's connections, each in turns with the bare ceiling answering the very bytes our
 * server sent, three ways: as visitors get it (the response cache keeps a page for as long as
 * the answers it was made from are fresh), rendered on every request with the answers it is made
 * from cached (an address of its own per request, so the page cache never has it), and rendered
 * on every request by a second server with its caches off (PUBLIC_CACHE_MS=0: each render asks
 * the database). Every request asks as a browser does (brotli accepted), so what is measured
 * includes compressing the page. And the Markdown section of these rows beside the pages'
 * Lighthouse rows and first-page JS, with the issue's targets.
 */
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { startCeiling } from './ceiling.mjs';
import { processCpuSeconds } from './cpu.mjs';
import { kb, ms, number } from './format.mjs';
import { measureInTurns } from './load.mjs';
import { measureLatency } from './latency.mjs';

/** What Chromium sends: our server answers brotli, as it does to visitors. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
const HEADERS = { 'accept-encoding': BROWSER_ENCODINGS, accept: 'text/html' };
/** Issue 39's targets: the part page (and `/`) at least this share of the ceiling's req/s, p99 at most this, on SQLite. */
export const RENDER_SHARE_TARGET = 0.3;
export const RENDER_P99_TARGET_MS = 50;
/** Lighthouse mobile on each of the four pages, and the first page's scripts (gzipped) before interaction. */
export const LIGHTHOUSE_SCORE_TARGET = 95;
export const LCP_TARGET_MS = 2500;
export const FIRST_PAGE_JS_TARGET = 100_000;

/** @typedef {import('./load.mjs').LoadResult} LoadResult */
/** @typedef {{ ours: LoadResult, ceiling: LoadResult }} RenderPair */
/**
 * @typedef {object} RenderedPageRows
 * @property {string} page          'part page' or 'home'
 * @property {string} path          as shown ('/parts/{id}')
 * @property {number} htmlBytes     the page as rendered
 * @property {number} sentBytes     as sent, brotli
 * @property {RenderPair} visitors  through the response cache
 * @property {RenderPair} rendered  a new address each request: rendered each time, its answers from the caches
 * @property {RenderPair} cachesOff rendered each time by a server with its caches off
 * @property {import('./latency.mjs').LatencyResult} alone          one render at a time (one connection), answers cached
 * @property {import('./latency.mjs').LatencyResult} aloneCachesOff one render at a time, caches off
 */
/**
 * @typedef {object} RenderStage
 * @property {number} size          parts in the catalogue
 * @property {number} connections
 * @property {RenderedPageRows[]} pages
 */

/**
 * One GET as a browser asks it, the body as sent (not decompressed).
 * @param {string} url
 * @param {Record<string, string>} headers
 * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, body: Buffer }>}
 */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on('data', (/** @type {Buffer} */ chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * Why `path` on `origin` is not a page rendered on the server, or undefined when it is: a 200
 * with the app's markup in `#root` and the answers it was made from beside it.
 * @param {string} origin
 * @param {string} path
 */
export async function notServerRendered(origin, path) {
  const { status, body } = await rawGet(origin + path, { accept: 'text/html' });
  const html = body.toString('utf8');
  if (status !== 200) return `GET ${path} answered ${status}`;
  if (html.includes('<div id="root"></div>') || !html.includes('id="query-state"')) return `GET ${path} answered the app's empty shell: the code measured renders its pages in the browser`;
  return undefined;
}

/**
 * The page as our server sends it to a browser, for the ceiling to answer with the same bytes and
 * encoding; and its size before compression.
 * @param {string} origin
 * @param {string} path
 */
async function capturePage(origin, path) {
  const sent = await rawGet(origin + path, HEADERS);
  if (sent.status !== 200) throw new Error(`GET ${path} answered ${sent.status}: ${sent.body.toString('utf8').slice(0, 300)}`);
  const plain = await rawGet(origin + path, { accept: 'text/html' });
  /** @type {Record<string, string>} */
  const headers = {};
  for (const name of ['content-encoding', 'vary', 'cache-control']) {
    const value = sent.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return {
    answer: { path, status: 200, contentType: sent.headers['content-type'] ?? 'text/html', body: sent.body.toString('base64'), headers },
    htmlBytes: plain.body.length,
    sentBytes: sent.body.length,
  };
}

/**
 * autocannon's requests giving every request an address of its own (`?bench=N`): the page cache,
 * keyed by address, never has it, while the render's own API calls are the same each time.
 * @param {string} path
 */
const uniqueAddresses = (path) => {
  let sent = 0;
  return [{ method: 'GET', path, setupRequest: (/** @type {Record<string, unknown>} */ request) => ({ ...request, path: `${path}${path.includes('?') ? '&' : '?'}bench=${++sent}` }) }];
};

/**
 * Unmeasured renders of every page on a freshly started server (each at an address of its own):
 * wakes the render up (JIT, the API's caches, the pool) before anything is measured.
 * @param {string} origin
 * @param {string[]} paths
 * @param {import('./report.mjs').Settings} settings
 */
async function warmRender(origin, paths, settings) {
  const urls = Array.from({ length: 5_000 }, (_, index) => `${origin}${paths[index % paths.length]}?warm=${index}`);
  await measureLatency({ url: urls, headers: HEADERS, connections: settings.connections, seconds: settings.serverWarmupSeconds, warmupSeconds: 0 });
}

/** A server no busier than this share of a core is done with the requests a run left in it. */
const IDLE_SHARE = 0.1;
const IDLE_SAMPLE_MS = 250;
const IDLE_TIMEOUT_MS = 60_000;

/**
 * Waits until process `pid` has finished the work a run left in it: renders interleave, so when
 * a timed run ends, up to a connection's worth of them are still being made, and would otherwise
 * fall on the ceiling's turn that follows.
 * @param {number | undefined} pid
 */
async function untilIdle(pid) {
  const deadline = Date.now() + IDLE_TIMEOUT_MS;
  let before = processCpuSeconds(pid);
  while (before !== undefined && Date.now() < deadline) {
    await sleep(IDLE_SAMPLE_MS);
    const after = processCpuSeconds(pid);
    if (after === undefined || after - before <= (IDLE_SHARE * IDLE_SAMPLE_MS) / 1000) return;
    before = after;
  }
}

/**
 * One render after another on one connection, each at an address of its own: what a render
 * costs and takes with nothing queued before it.
 * @param {StartedServer} server @param {string} path @param {import('./report.mjs').Settings} settings
 */
function measureAlone(server, path, settings) {
  const urls = Array.from({ length: 20_000 }, (_, index) => `${server.url}${path}${path.includes('?') ? '&' : '?'}alone=${index}`);
  return measureLatency({ url: urls, headers: HEADERS, connections: 1, seconds: settings.seconds, warmupSeconds: 0, meter: server.meter });
}

/** @param {import('./latency.mjs').LatencyResult} result */
const aloneText = (result) => `${number(result.rps, 1)} renders/s, p50 ${result.p50} ms, p99 ${result.p99} ms${result.cpu?.serverMs === undefined ? '' : `, CPU ${result.cpu.serverMs.toFixed(2)} ms`}`;

/** @param {LoadResult} result */
const brief = (result) => `${Math.round(result.rps).toLocaleString('en-GB')} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms${result.cpu?.serverMs === undefined ? '' : `, CPU ${result.cpu.serverMs.toFixed(2)} ms`}`;

/**
 * @typedef {{ url: string, pid: number | undefined, meter: import('./cpu.mjs').CpuMeter, stop: () => Promise<void> }} StartedServer
 */

/**
 * Both pages, each way, in turns with a ceiling answering the bytes that server sent: first on
 * the server as it runs in production, then, once it is stopped, on one with its caches off.
 * @param {(options: { cachesOff: boolean }) => Promise<StartedServer>} start
 * @param {{ productId: string, size: number }} target
 * @param {import('./report.mjs').Settings} settings
 * @returns {Promise<RenderStage>}
 */
export async function measureRender(start, { productId, size }, settings) {
  const pages = [
    { page: 'part page', path: `/parts/${productId}`, shown: '/parts/{id}' },
    { page: 'home', path: '/', shown: '/' },
  ];
  const paths = pages.map(({ path }) => path);
  const turns = { connections: settings.connections, seconds: settings.seconds, turns: settings.turns, warmupSeconds: settings.warmupSeconds, headers: HEADERS };

  /**
   * One server's rows of one page: with `unique`, each request at an address of its own.
   * @param {StartedServer} server @param {string} path @param {string} label @param {boolean} unique
   */
  const measureWay = async (server, path, label, unique) => {
    const { answer, htmlBytes, sentBytes } = await capturePage(server.url, path);
    const ceiling = await startCeiling([answer]);
    try {
      const afterOurs = () => untilIdle(server.pid);
      const pair = await measureInTurns({ ours: server.url + path, ceiling: ceiling.url + path, ...turns, meter: server.meter, afterOurs, ...(unique ? { oursRequests: uniqueAddresses(path) } : {}) });
      console.log(`  ${label.padEnd(38)} ours    ${brief(pair.ours)}`);
      console.log(`  ${''.padEnd(38)} ceiling ${brief(pair.ceiling)}`);
      return { pair, htmlBytes, sentBytes };
    } finally {
      await ceiling.stop();
    }
  };

  const cached = await start({ cachesOff: false });
  const first = [];
  try {
    for (const path of paths) {
      const why = await notServerRendered(cached.url, path);
      if (why) throw new Error(why);
    }
    await warmRender(cached.url, paths, settings);
    await untilIdle(cached.pid);
    for (const { page, path } of pages) {
      const alone = await measureAlone(cached, path, settings);
      console.log(`  ${`${page}, one at a time, answers cached`.padEnd(38)} ${aloneText(alone)}`);
      const visitors = await measureWay(cached, path, `${page}, as visitors get it`, false);
      const rendered = await measureWay(cached, path, `${page}, rendered, answers cached`, true);
      first.push({ visitors, rendered, alone });
    }
  } finally {
    await cached.stop();
  }
  const second = await start({ cachesOff: true });
  /** @type {RenderedPageRows[]} */
  const rows = [];
  try {
    await warmRender(second.url, paths, settings);
    await untilIdle(second.pid);
    for (const [index, { page, path, shown }] of pages.entries()) {
      const aloneCachesOff = await measureAlone(second, path, settings);
      console.log(`  ${`${page}, one at a time, caches off`.padEnd(38)} ${aloneText(aloneCachesOff)}`);
      const off = await measureWay(second, path, `${page}, rendered, caches off`, false);
      const { visitors, rendered, alone } = /** @type {typeof first[number]} */ (first[index]);
      rows.push({ page, path: shown, htmlBytes: visitors.htmlBytes, sentBytes: visitors.sentBytes, visitors: visitors.pair, rendered: rendered.pair, cachesOff: off.pair, alone, aloneCachesOff });
    }
  } finally {
    await second.stop();
  }
  return { size, connections: settings.connections, pages: rows };
}

const WAYS = /** @type {const} */ ([
  ['visitors', 'as visitors get it (response cache)'],
  ['rendered', 'rendered each request, answers cached'],
  ['cachesOff', 'rendered each request, caches off'],
]);

/**
 * @param {import('./cpu.mjs').CpuCost | undefined} cpu
 */
const cpuCell = (cpu) => {
  if (!cpu) return 'n/a';
  const server = cpu.serverMs === undefined ? 'n/a' : number(cpu.serverMs, 2);
  return cpu.databaseMethod === 'in-process' ? server : `${server} + ${cpu.databaseMs === undefined ? 'n/a' : number(cpu.databaseMs, 2)}`;
};

/** @param {Pick<LoadResult, 'statuses' | 'failures'>} result */
const problems = (result) => {
  const bad = Object.entries(result.statuses).filter(([code]) => !code.startsWith('2'));
  return [...bad.map(([code, count]) => `${number(count)} × ${code}`), ...(result.failures ? [`${number(result.failures)} errors/timeouts`] : [])].join(', ');
};

/**
 * The Markdown section: the render's rows per database beside their ceilings, the pages'
 * Lighthouse rows and first-page JS, and issue 39's targets.
 * @param {Array<{ database: string, render?: RenderStage, serverErrors?: string[] }>} databases
 * @param {import('./report.mjs').WebResults | undefined} web
 * @param {{ settings: import('./report.mjs').Settings, loadAtStart: number[], loadAtEnd: number[], notMeasured: Record<string, string>, failures: Record<string, string> }} run
 * @returns {string[]}
 */
export function renderStorefront(databases, web, { settings, loadAtStart, loadAtEnd, notMeasured, failures }) {
  const load = (/** @type {number[]} */ values) => values.map((value) => number(value, 2)).join(', ');
  const lines = [`Load average (1, 5, 15 min) at start ${load(loadAtStart)}; at end ${load(loadAtEnd)}.`, ''];
  /** @type {string[]} */
  const notes = [];
  /** @type {Array<{ label: string, met: boolean | undefined, detail: string }>} */
  const targets = [];
  const measured = databases.filter((entry) => entry.render);
  const example = measured[0]?.render;
  if (example) {
    lines.push(
      '### Server-rendered storefront',
      '',
      `At ${number(example.size)} parts, ${example.connections} connections, ${settings.seconds} s each after ${settings.warmupSeconds} s unmeasured, in ${settings.turns} turn${settings.turns > 1 ? 's' : ''} of ours then the ceiling; ` +
        `every request asks as a browser does (\`Accept-Encoding: ${BROWSER_ENCODINGS}\`: the page is sent brotli). The ceiling is a bare \`node:http\` server answering the bytes our server sent, from memory. ` +
        'As visitors get it: the server as it runs in production, the page kept by the response cache while the answers it was made from are fresh (PUBLIC_CACHE_MS, 1 s). ' +
        'Rendered, answers cached: the same server, each request at an address of its own (`?bench=N`), so every request is rendered and compressed while the API answers it is made from come from the caches. ' +
        'Rendered, caches off: a second server with PUBLIC_CACHE_MS=0, every render asking the database. CPU ms a request: the server\'s (SQLite runs in it), or server + database.',
      '',
      '| Database | Page | Way | Ours req/s | p50 ms | p99 ms | Ceiling req/s | p50 ms | p99 ms | Ours / ceiling | CPU ms/req |',
      '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const entry of measured) {
      const stage = /** @type {RenderStage} */ (entry.render);
      for (const page of stage.pages) {
        for (const [way, text] of WAYS) {
          const { ours, ceiling } = page[way];
          // Renders interleave: with every connection's render in hand at once, none may finish within a short run.
          const latency = ours.total === 0 ? `none within ${settings.seconds} s | none` : `${ms(ours.p50)} | ${ms(ours.p99)}`;
          lines.push(
            `| ${entry.database} | ${page.page} \`${page.path}\` | ${text} | ${number(ours.rps)} | ${latency} | ${number(ceiling.rps)} | ${ms(ceiling.p50)} | ${ms(ceiling.p99)} | ${number(ours.rps / ceiling.rps, 2)} | ${ours.total === 0 ? 'n/a' : cpuCell(ours.cpu)} |`,
          );
          for (const [side, result] of /** @type {const} */ ([['ours', ours], ['ceiling', ceiling]])) {
            const text = problems(result);
            if (text) notes.push(`- ${entry.database} ${page.page}, ${way} (${side}): ${text}`);
          }
        }
        if (entry.database !== 'SQLite') continue;
        // The page as visitors get it is the target's; the renders' rows show what a miss costs.
        const { ours, ceiling } = page.visitors;
        const share = ours.rps / ceiling.rps;
        targets.push({
          label: `${page.page} \`${page.path}\` as visitors get it ≥ ${RENDER_SHARE_TARGET} of the ceiling's req/s and p99 ≤ ${RENDER_P99_TARGET_MS} ms at ${stage.connections} connections (SQLite)`,
          met: share >= RENDER_SHARE_TARGET && ours.p99 <= RENDER_P99_TARGET_MS && !problems(ours),
          detail: `${number(share, 2)} of the ceiling, p99 ${ours.total === 0 ? `none answered within ${settings.seconds} s` : `${ms(ours.p99)} ms`} (the ceiling's ${ms(ceiling.p99)} ms); rendered each request: ${number(page.rendered.ours.rps / page.rendered.ceiling.rps, 2)} with answers cached, ${number(page.cachesOff.ours.rps / page.cachesOff.ceiling.rps, 2)} with caches off`,
        });
      }
      lines.push('');
      lines.push(
        `One render at a time (${entry.database}: one connection, ${settings.seconds} s, each request at an address of its own, brotli): what a render takes and costs with nothing queued before it.`,
        '',
        '| Page | Answers cached: p50 ms | p99 ms | renders/s | CPU ms/render | Caches off: p50 ms | p99 ms | renders/s | CPU ms/render |',
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
        ...stage.pages.map(
          (page) =>
            `| ${page.page} \`${page.path}\` | ${ms(page.alone.p50)} | ${ms(page.alone.p99)} | ${number(page.alone.rps, 1)} | ${cpuCell(page.alone.cpu)} | ${ms(page.aloneCachesOff.p50)} | ${ms(page.aloneCachesOff.p99)} | ${number(page.aloneCachesOff.rps, 1)} | ${cpuCell(page.aloneCachesOff.cpu)} |`,
        ),
        '',
      );
      lines.push(`Page sizes (${entry.database}): ${stage.pages.map((page) => `${page.page} ${kb(page.htmlBytes)} kB rendered, ${kb(page.sentBytes)} kB sent`).join('; ')}.`, '');
    }
  }
  for (const [what, why] of Object.entries(notMeasured)) lines.push(`- ${what} not measured: ${why}`);
  if (Object.keys(notMeasured).length) lines.push('');

  if (web) {
    lines.push(
      '### Pages in Lighthouse',
      '',
      `Lighthouse's default (mobile, simulated throttling) performance run in Chromium, median of ${settings.lighthouseRuns} by score, against our server with the demo catalogue. ` +
        'JS: every script the page loaded without interaction, gzipped here. A score depends on the machine\'s load: only an A/B in one session (`--only=render --ab=COMMIT`) says whether a page got slower.',
      '',
      '| Page | Performance | LCP ms | CLS | TBT ms | JS gzip kB | Scripts | Scores |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
      ...web.pages.map((page) => `| \`${page.page}\` | ${page.score} | ${number(page.lcp)} | ${number(page.cls, 3)} | ${number(page.tbt)} | ${kb(page.jsGzip)} | ${page.scripts} | ${page.scores.join(', ')} |`),
      '',
    );
    for (const page of web.pages) {
      targets.push({ label: `Lighthouse performance ≥ ${LIGHTHOUSE_SCORE_TARGET} and LCP ≤ ${number(LCP_TARGET_MS / 1000, 1)} s, \`${page.page}\` (this run; the A/B says whether it is below the commit before)`, met: page.score >= LIGHTHOUSE_SCORE_TARGET && page.lcp <= LCP_TARGET_MS, detail: `${page.score}, LCP ${number(page.lcp)} ms` });
    }
    const home = web.pages.find((page) => page.page === '/');
    if (home) targets.push({ label: `\`/\` loads ≤ ${kb(FIRST_PAGE_JS_TARGET)} kB of gzipped JS before interaction`, met: home.jsGzip <= FIRST_PAGE_JS_TARGET, detail: `${kb(home.jsGzip)} kB in ${home.scripts} scripts` });
  }
  const failed = Object.entries(failures);
  if (failed.length > 0) lines.push('### Parts that failed', '', ...failed.map(([name, why]) => `- ${name}: ${why.split('\n')[0]}`), '');
  lines.push('### Targets (issue 39)', '', ...targets.map((target) => `- ${target.met === undefined ? 'not measured' : target.met ? 'met' : '**NOT met**'}: ${target.label} (${target.detail})`), '');
  for (const entry of databases) {
    /** @type {Map<string, number>} */
    const counts = new Map();
    for (const message of entry.serverErrors ?? []) counts.set(message, (counts.get(message) ?? 0) + 1);
    for (const [message, count] of counts) notes.push(`- ${entry.database} server logged ${number(count)} × "${message}"`);
  }
  if (notes.length) lines.push('### Answers other than 2xx, and server errors', '', ...notes, '');
  return lines;
}
