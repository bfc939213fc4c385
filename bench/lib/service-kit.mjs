// @ts-check
/**
 * A vehicle's service kit (issue 36): `GET /api/vehicles/{id}/service-kit` at two catalogue
 * sizes, beside `GET /api/health` on the same server and the ceiling answering the kit's bytes,
 * each measured in the same run right before; and the Markdown section of its rows.
 */
import { startCeiling } from './ceiling.mjs';
import { latencyCell, number } from './format.mjs';
import { measureLatency } from './latency.mjs';

/** The catalogue sizes the kit is measured at (issue 36). */
export const KIT_SIZES = [100, 10_000];
/** The kit's parts that fit the bike (found in the generated fitment), beside one out of stock. */
const FITTING_LINES = 4;

/**
 * @typedef {object} KitTarget   the kit measured: its bike and how many lines it has
 * @property {string} vehicleId
 * @property {string} bike   'Honda Bench 400'
 * @property {number} lines
 */

/**
 * @typedef {object} KitStage
 * @property {number} size     parts in the catalogue
 * @property {number} connections
 * @property {number} lines    lines of the kit, one of them out of stock
 * @property {import('./latency.mjs').LatencyResult} ours
 * @property {import('./latency.mjs').LatencyResult} health    GET /api/health on the same server, right before
 * @property {import('./latency.mjs').LatencyResult} ceiling   a bare server answering the kit's bytes, right before
 */

/**
 * Gives the first bench bike a kit through the admin's API, as a shop would: up to FITTING_LINES
 * generated parts in stock that fit it (of different categories where it can, a universal one
 * among them when there is one) and a part of the first one's category that fits it and is out
 * of stock, so every answer also looks for a fitting part of that category in stock (the kit's
 * costliest query, which grows with the catalogue). Done once, at the smallest size: the same kit
 * is then measured at each size.
 * @param {string} origin
 * @param {{ db: import('kysely').Kysely<any>, vehicle: { id: string, make: string, model: string }, adminToken: string }} shop
 * @returns {Promise<KitTarget>}
 */
export async function prepareServiceKit(origin, { db, vehicle, adminToken }) {
  const { newId } = await import('./server-code.mjs');
  const fitting = await db
    .selectFrom('products')
    .select(['products.id', 'products.category_id', 'products.universal', 'products.img'])
    .where((eb) => eb.or([eb('products.universal', '=', 1), eb.exists(eb.selectFrom('fitment').select('fitment.product_id').whereRef('fitment.product_id', '=', 'products.id').where('fitment.vehicle_id', '=', vehicle.id))]))
    .where((eb) => eb('products.quantity', '>=', eb.ref('products.minimum')))
    .where('products.quantity', '>=', 4)
    .orderBy('products.universal')
    .orderBy('products.id')
    .limit(200)
    .execute();
  /** @type {typeof fitting} */
  const chosen = [];
  const categories = new Set();
  for (const part of fitting) {
    if (chosen.length === FITTING_LINES - 1) break;
    if (categories.has(part.category_id) || part.universal === 1) continue;
    categories.add(part.category_id);
    chosen.push(part);
  }
  const universal = fitting.find((part) => part.universal === 1);
  if (universal) chosen.push(universal);
  const first = chosen[0];
  if (!first) throw new Error(`no generated part fits the ${vehicle.make} ${vehicle.model}: nothing to put in its kit`);

  const id = newId();
  const stamp = new Date().toISOString();
  await db
    .insertInto('products')
    .values({ id, name: 'Bench kit part out of stock', description: 'A part of the bench kit with an empty shelf.', category_id: first.category_id, price_cents: 1299, quantity: 0, minimum: 1, img: first.img, created_at: stamp, updated_at: stamp })
    .execute();
  await db.insertInto('fitment').values({ product_id: id, vehicle_id: vehicle.id, year_from: null, year_to: null, note: '' }).execute();

  const lines = [...chosen.map((part, index) => ({ productId: part.id, quantity: 1 + (index % 3), note: `bench line ${index + 1}` })), { productId: id, quantity: 2, note: 'out of stock' }];
  const response = await fetch(`${origin}/api/vehicles/${vehicle.id}/service-kit`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ intervalKm: 10_000, intervalMonths: 12, lines }),
  });
  if (response.status === 404) throw new Error(`PUT /api/vehicles/{id}/service-kit answered 404: the code measured has no service kits`);
  if (response.status !== 200) throw new Error(`PUT /api/vehicles/{id}/service-kit answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return { vehicleId: vehicle.id, bike: `${vehicle.make} ${vehicle.model}`, lines: lines.length };
}

/**
 * The kit's answer at `connections` connections, first checked to hold every line and an
 * alternative for the one out of stock; then, in the same run, GET /api/health on the same server
 * and the ceiling answering the kit's bytes, both right before.
 * @param {string} origin
 * @param {{ kit: KitTarget, size: number, connections: number }} target
 * @param {import('./report.mjs').Settings} settings
 * @param {import('./cpu.mjs').CpuMeter} [meter]
 * @returns {Promise<KitStage>}
 */
export async function measureServiceKit(origin, { kit, size, connections }, settings, meter) {
  const path = `/api/vehicles/${kit.vehicleId}/service-kit`;
  const first = await fetch(origin + path);
  const bytes = Buffer.from(await first.arrayBuffer());
  if (first.status !== 200) throw new Error(`GET ${path} answered ${first.status}: ${bytes.toString().slice(0, 300)}`);
  const answer = /** @type {{ lines: Array<{ inStock: boolean, alternative?: unknown }> }} */ (JSON.parse(bytes.toString()));
  const out = answer.lines.filter((line) => !line.inStock);
  if (answer.lines.length !== kit.lines || out.length !== 1 || !out[0]?.alternative) {
    throw new Error(`the kit answered ${answer.lines.length} lines (${kit.lines} set), ${out.length} out of stock, ${out[0]?.alternative ? 'with' : 'without'} an alternative`);
  }
  const timing = { connections, seconds: settings.growthSeconds, warmupSeconds: settings.growthWarmupSeconds };
  const ceiling = await startCeiling([{ path, status: 200, contentType: first.headers.get('content-type') ?? 'application/json', body: bytes.toString('base64') }]);
  /** @type {import('./latency.mjs').LatencyResult} */
  let reference;
  try {
    reference = await measureLatency({ url: ceiling.url + path, ...timing });
  } finally {
    await ceiling.stop();
  }
  const health = await measureLatency({ url: `${origin}/api/health`, ...timing });
  const ours = await measureLatency({ url: origin + path, ...timing, meter });
  const cpu = ours.cpu ? `, CPU server ${ours.cpu.serverMs?.toFixed(2) ?? 'n/a'} ms${ours.cpu.databaseMethod === 'in-process' ? '' : ` + database ${ours.cpu.databaseMs?.toFixed(2) ?? 'n/a'} ms`} a request` : '';
  console.log(`  service kit       ${latencyText(ours)}${cpu} (${kit.lines} lines, one out of stock)`);
  console.log(`  /api/health       ${latencyText(health)}`);
  console.log(`  kit ceiling       ${latencyText(reference)} (the kit's bytes)`);
  return { size, connections, lines: kit.lines, ours, health, ceiling: reference };
}

/** @param {import('./latency.mjs').LatencyResult} result */
const latencyText = (result) => `${Math.round(result.rps).toLocaleString('en-GB')} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms`;

/**
 * The Markdown section: per database, the kit, GET /api/health and the ceiling at each size, and the kit's p95 over health's.
 * @param {Array<{ database: string, serviceKit?: KitStage[] }>} databases
 * @param {import('./report.mjs').Settings} settings
 * @returns {string[]}
 */
export function renderServiceKit(databases, settings) {
  const measured = databases.filter((entry) => entry.serviceKit && entry.serviceKit.length > 0);
  if (measured.length === 0) return [];
  const sizes = [...new Set(measured.flatMap((entry) => (entry.serviceKit ?? []).map((stage) => stage.size)))].sort((a, b) => a - b);
  const example = measured[0]?.serviceKit?.[0];
  const lines = [
    '### Service kit',
    '',
    `\`GET /api/vehicles/{id}/service-kit\` as a visitor: a bench bike's kit of ${example?.lines ?? 0} lines, parts that fit it or every bike, one out of stock, so each answer also ` +
      'looks for the cheapest fitting part of its category in stock (checked in the first answer). ' +
      `${example?.connections ?? 0} connections, ${settings.growthSeconds} s each after ${settings.growthWarmupSeconds} s unmeasured, every answer timed, with the caches off as in Growth. ` +
      'The references, measured in the same run right before at each size: `GET /api/health` on the same server (what any answer costs it), and a bare `node:http` server answering the kit\'s bytes. ' +
      'Each cell: p50 / p95 / p99 ms, requests/s; CPU ms a request, the server\'s and the database\'s.',
    '',
  ];
  /** @type {Array<Array<string | number>>} */
  const rows = [];
  for (const entry of measured) {
    const at = (/** @type {number} */ size) => entry.serviceKit?.find((stage) => stage.size === size);
    const cell = latencyCell;
    const smallest = at(sizes[0] ?? 0)?.ours;
    const largest = at(sizes.at(-1) ?? 0)?.ours;
    rows.push([entry.database, 'service kit', ...sizes.map((size) => cell(at(size)?.ours)), smallest && largest && sizes.length > 1 ? `${number(largest.p95 / smallest.p95, 1)}×` : '']);
    rows.push([entry.database, '/api/health', ...sizes.map((size) => cell(at(size)?.health)), '']);
    rows.push([entry.database, 'ceiling', ...sizes.map((size) => cell(at(size)?.ceiling)), '']);
    rows.push([
      entry.database,
      'kit / health',
      ...sizes.map((size) => {
        const stage = at(size);
        return stage ? `p95 ${number(stage.ours.p95 / stage.health.p95, 1)}×, ${number(stage.ours.rps / stage.health.rps, 2)} of its req/s` : '';
      }),
      '',
    ]);
  }
  const header = ['Database', 'Call', ...sizes.map((size) => `${number(size)} parts`), 'p95 growth'];
  lines.push(`| ${header.join(' | ')} |`, `| ${header.map((_, index) => (index < 2 ? '---' : '---:')).join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`), '');
  return lines;
}
