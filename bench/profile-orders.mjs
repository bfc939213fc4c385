// @ts-check
/**
 * `node bench/profile-orders.mjs [sqlite|postgres] [orders] [checkouts]`: concurrent orders (or,
 * with `checkouts`, rounds of 200 concurrent 4-line checkouts) against the real server started
 * with --cpu-prof, for finding where an order's time goes. The profile
 * lands in the printed folder (open it in Chrome DevTools). Uses the bench's own fresh
 * databases (BENCH_DATABASE_URL for PostgreSQL) and removes them afterwards.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cleanupAll, cleanupOnSignals, onCleanup } from './lib/cleanup.mjs';
import { openFreshDatabase, postgresDatabase, sqliteDatabase, writeBenchImage } from './lib/data.mjs';
import { measurePosts, measureSequences } from './lib/load.mjs';
import { createLoader } from './lib/loader.mjs';
import { startServer } from './lib/server.mjs';

const dialect = process.argv[2] ?? 'sqlite';
const amount = Number(process.argv[3] ?? 5000);
const checkouts = process.argv[4] === 'checkouts';
cleanupOnSignals();
const workDir = mkdtempSync(path.join(os.tmpdir(), 'shop-profile-'));
onCleanup(`folder ${workDir}`, () => rmSync(workDir, { recursive: true, force: true }));
const profileDir = path.join(os.tmpdir(), `shop-profile-${Date.now()}`);
mkdirSync(profileDir);
try {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (dialect === 'postgres' && !adminUrl) throw new Error('BENCH_DATABASE_URL is needed for postgres');
  const target = dialect === 'postgres' && adminUrl ? await postgresDatabase(adminUrl) : sqliteDatabase(workDir);
  const { shop, close } = await openFreshDatabase(target);
  const loader = createLoader(shop, await writeBenchImage(workDir));
  await loader.addCustomers(200);
  await loader.addVehicles();
  await loader.growTo(100);
  const productId = await loader.addStockProduct({ name: 'Profiled part', quantity: amount * 2, minimum: 1 });
  await loader.settle();
  const server = await startServer({ dataDir: workDir, databaseUrl: target.url, webDistDir: path.join(workDir, 'no-web'), nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] });
  const tokens = loader.customers.map((customer) => customer.token);
  if (checkouts) {
    const parts = await Promise.all([1, 2, 3, 4].map((n) => loader.addStockProduct({ name: `Profiled checkout part ${n}`, quantity: amount * 2, minimum: 1 })));
    const steps = [
      { method: 'PUT', path: '/api/cart', body: { lines: parts.map((productId) => ({ productId, quantity: 1 })) } },
      { method: 'POST', path: '/api/checkout', body: { location: 'Bench street 1', phone: '+44 7700 900000' } },
    ];
    const result = await measureSequences({ origin: server.url, tokens, steps, amount: amount * 2 });
    console.log(`${result.statuses['201'] ?? 0} checkouts in ${result.seconds.toFixed(2)} s: ${Math.round((result.statuses['201'] ?? 0) / result.seconds)}/s, p50 ${result.p50} ms, p99 ${result.p99} ms`, result.statuses);
  }
  const body = { productId, quantity: 1, location: 'Bench street 1', phone: '+44 7700 900000' };
  const url = `${server.url}/api/orders`;
  await measurePosts({ url, connections: 200, tokens, body, amount: 400 });
  const result = await measurePosts({ url, connections: 200, tokens, body, amount });
  console.log(`${result.statuses['201'] ?? 0} orders in ${result.seconds.toFixed(2)} s: ${Math.round((result.statuses['201'] ?? 0) / result.seconds)}/s, p50 ${result.p50} ms, p99 ${result.p99} ms`, result.statuses);
  await server.stop();
  await close();
  console.log(`profile: ${profileDir}`);
} finally {
  await cleanupAll();
}
