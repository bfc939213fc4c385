// @ts-check
/**
 * The catalogue while the largest import the shop takes runs: a products file of as many parts
 * as an import takes, each with a description of the longest length (just under the 50 MB a file
 * may hold), and a fitment file of as many rows as an import takes. Beside it, the same pages
 * browsed for as long without the import, in the same run on the same server.
 */
import { ms, number } from './format.mjs';
import { measureLatencyDuring } from './latency.mjs';

/** IMPORT_MAX_ROWS and IMPORT_MAX_BYTES in @shop/shared. */
const MAX_ROWS = { products: 10_000, fitment: 50_000 };
const MAX_BYTES = 50 * 1024 * 1024;
/**
 * A description of the longest length (TEXT_LIMITS.description in @shop/shared), mostly of letters
 * of three bytes in UTF-8, so the products file of the most rows is also nearly the largest (4 784
 * bytes a description, about 49 MB a file).
 */
const DESCRIPTION = 'ブレーキパッド焼結タイプ、スポーツキャリパー用、公道とサーキット Ø 320 mm; колодки. '.repeat(60).slice(0, 2000);
const PAGES = 50;
const PAGE_SIZE = 6;
const CONNECTIONS = 10;

/**
 * @typedef {object} ImportLoad
 * @property {number} products
 * @property {number} fitmentRows
 * @property {number} bytes   both files
 * @property {number} status   the import's answer (200: written)
 * @property {number} seconds   from sending the files to the answer
 * @property {import('./latency.mjs').LatencyResult} during   the catalogue pages while it ran
 * @property {import('./latency.mjs').LatencyResult} without   the same pages as long, without an import
 */

/**
 * The largest import's files: new parts LOAD-1..n in the bench's first category, each fitting
 * five of the bench's bikes.
 * @param {{ vehicles: Array<{ make: string, model: string }> }} loader
 * @param {string} category
 */
function largestFiles(loader, category) {
  const products = ['name,decreption,price,quantity,minimum,category,brand,partNumber,oemNumbers,img'];
  const fitment = ['partNumber,make,model,yearFrom,yearTo,note'];
  const perPart = MAX_ROWS.fitment / MAX_ROWS.products;
  for (let index = 1; index <= MAX_ROWS.products; index++) {
    products.push(`Load test part ${index},"${DESCRIPTION}",${(5 + (index % 400)).toFixed(2)},${20 + (index % 500)},1,${category},Bench,LOAD-${index},,`);
    for (let fit = 0; fit < perPart; fit++) {
      const vehicle = /** @type {{ make: string, model: string }} */ (loader.vehicles[(index + fit) % loader.vehicles.length]);
      fitment.push(`LOAD-${index},${vehicle.make},${vehicle.model},,,`);
    }
  }
  return { products: Buffer.from(`${products.join('\r\n')}\r\n`), fitment: Buffer.from(`${fitment.join('\r\n')}\r\n`) };
}

/**
 * The first 50 catalogue pages browsed by 10 customers for as long as the largest import takes,
 * first without it, then while it runs; the import must be written.
 * @param {string} origin
 * @param {{ loader: { vehicles: Array<{ make: string, model: string }> }, adminToken: string, category: string }} options
 * @returns {Promise<ImportLoad>}
 */
export async function measureImportLoad(origin, { loader, adminToken, category }) {
  const files = largestFiles(loader, category);
  if (files.products.length > MAX_BYTES || files.fitment.length > MAX_BYTES) throw new Error(`the load test's files are ${files.products.length} and ${files.fitment.length} bytes, over the limit`);
  const urls = Array.from({ length: PAGES }, (_, page) => `${origin}/api/products?page=${page}&size=${PAGE_SIZE}`);
  const form = new FormData();
  form.append('products', new Blob([files.products], { type: 'text/csv' }), 'products.csv');
  form.append('fitment', new Blob([files.fitment], { type: 'text/csv' }), 'fitment.csv');
  const importing = await measureLatencyDuring({
    urls,
    connections: CONNECTIONS,
    task: async () => {
      const response = await fetch(`${origin}/api/catalogue/import`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
      const report = /** @type {{ written?: boolean }} */ (await response.json());
      // An import the server cut off or refused is a result of this row (its answer is shown), not a failed run.
      if (response.status === 200 && !report.written) throw new Error(`the largest import answered 200 without writing: ${JSON.stringify(report).slice(0, 500)}`);
      if (response.status !== 200) console.warn(`  the largest import answered ${response.status}: ${JSON.stringify(report).slice(0, 300)}`);
      return response.status;
    },
  });
  // The same pages for as long, the import done (its change log read by then).
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const without = await measureLatencyDuring({ urls, connections: CONNECTIONS, task: () => new Promise((resolve) => setTimeout(resolve, importing.seconds * 1000)) });
  const result = {
    products: MAX_ROWS.products,
    fitmentRows: MAX_ROWS.fitment,
    bytes: files.products.length + files.fitment.length,
    status: importing.answer,
    seconds: importing.seconds,
    during: importing.latency,
    without: without.latency,
  };
  console.log(
    `  largest import     ${number(result.products)} parts, ${number(result.fitmentRows)} fitment rows (${number(result.bytes / 1e6, 1)} MB) in ${number(result.seconds, 1)} s; ` +
      `catalogue p99 ${result.during.p99} ms meanwhile, ${result.without.p99} ms without`,
  );
  return result;
}

/**
 * The Markdown section: per database, the catalogue's percentiles during the largest import beside without it.
 * @param {Array<{ database: string, importLoad?: ImportLoad }>} databases
 */
export function renderImportLoad(databases) {
  const rows = databases.flatMap(({ database, importLoad }) => {
    if (!importLoad) return [];
    const { during, without } = importLoad;
    const errors = (/** @type {import('./latency.mjs').LatencyResult} */ result) => (result.failures > 0 || Object.keys(result.statuses).some((code) => !code.startsWith('2')) ? ' (errors)' : '');
    return [
      `| ${database} | ${number(importLoad.products)} + ${number(importLoad.fitmentRows)} | ${number(importLoad.bytes / 1e6, 1)} | ${importLoad.status} | ${number(importLoad.seconds, 1)} | ` +
        `${ms(without.p50)} / ${ms(without.p99)}${errors(without)} | ${ms(during.p50)} / ${ms(during.p99)}${errors(during)} | ${number(during.p99 / Math.max(without.p99, 0.01), 1)}× |`,
    ];
  });
  if (rows.length === 0) return [];
  return [
    '### Catalogue during the largest import',
    '',
    `An admin imports the largest files an import takes (${number(MAX_ROWS.products)} new parts with ${number(2000)}-character descriptions, ` +
      `${number(MAX_ROWS.fitment)} fitment rows) while ${CONNECTIONS} customers browse the first ${PAGES} catalogue pages; then the same pages as long without it. Cells: p50 / p99 ms.`,
    '',
    '| Database | Parts + fitment rows | Files MB | Answer | Import s | Catalogue without | During the import | p99 during / without |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
  ];
}
