// @ts-check
/** docs/benchmarks.md: the run replaces only the results between two markers and keeps the rest. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export const RESULTS_START = '<!-- bench:results:start (npm run bench replaces everything down to the end marker) -->';
export const RESULTS_END = '<!-- bench:results:end -->';

/** The page written when there is none yet. */
const TEMPLATE = `# Benchmarks

\`npm run bench\` measures the real server (\`apps/server/src/main.ts\`, \`NODE_ENV=production\`) on
databases it creates for itself, each number beside a ceiling measured in the same run, and
writes the table at the end of this page.

## Reproduce

\`\`\`sh
npm run bench                              # SQLite; PostgreSQL rows say "not measured"
BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres npm run bench   # SQLite and PostgreSQL
npm run bench -- --quick                   # 3 s runs instead of 10 s, one Lighthouse run per page
\`\`\`

A full run takes about 10 minutes on 2 cores; \`--quick\` about 4. It needs Chromium at
\`/usr/bin/chromium\` and, for the PostgreSQL rows, \`BENCH_DATABASE_URL\`: a connection of a role
allowed to create databases. The bench creates its own database \`shop_bench_<random>\` there and
drops it at the end. It never reads \`DATABASE_URL\`, and it refuses a database that already holds
products.

## What a run does

1. Builds the web app into its own temporary folder (so builds started by others meanwhile
   cannot swap the files under the measured server).
2. For SQLite (a new file in that folder), then PostgreSQL: migrates, writes 200 customers with
   live sessions, and grows the catalogue to 100, 10 000 and 100 000 products with as many
   reviews and orders, written directly with the server's own Kysely setup. At each size it
   starts the real server as a child process on a free loopback port (\`SEED=none\`,
   \`LOG_LEVEL=warn\`, \`RATE_LIMIT_SCALE=100000\`) and measures with autocannon at 100
   connections.
3. At 10 000 rows: the home's and the product page's calls beside the ceiling, a bare
   \`node:http\` server in another process answering the same bytes (status, content type and
   body fetched once from our server); then 200 customers ordering one product with stock
   20 000, after which stock and order rows are checked against the 201 answers.
4. The pages \`/\` and \`/allproducts\` with the demo catalogue, in Lighthouse's default mobile
   run in Chromium: score, LCP, CLS, TBT, the scripts and stylesheets loaded before any
   interaction (gzipped by the bench, and as sent), and the product images.
5. Removes its folder, database and processes, also after a failure or Ctrl-C.

## How to read the numbers

- **Ours / ceiling** divides our requests per second by the ceiling's. The ceiling is what this
  machine can push through \`node:http\` with the load generator running beside it (autocannon
  shares the same cores), so it is a moving yardstick that takes the machine's state into
  account: 0.5 means each of our answers costs about twice what a bare answer costs here.
  Compare ratios between runs rather than raw requests per second.
- **p50 and p99 at 100 connections** are mostly waiting time: with the server saturated,
  p50 is about 100 / requests per second. A p99 far above p50 means stalls: garbage
  collection, synchronous SQLite work, or a disk flush on the event loop.
- **Growth** compares one call at 100, 10 000 and 100 000 rows. The bench asks for the same URL
  again and again, so a response cache turns every call into a hit; the uncached cost then
  appears once per cache lifetime, in p99 rather than p50.
- **Orders** are a fixed number of requests (about 10 s worth, sized by a warm-up of one order
  per customer on another product), so that every order the server placed has its answer
  counted. "Oversell: none" means stock after = stock before − 201 answers, never negative,
  and as many new order rows as 201 answers.
- **Checkouts** are rounds in which every customer checks out a 4-line cart at once (the carts
  refilled in between). One part runs out in the last round, so some checkouts are refused
  whole. "None" means each part's stock went down by exactly its pieces in the 201 answers, never
  below zero, four order rows per 201 answer, no checkout with fewer lines, and no answer but 201
  or 409. Checkouts per second count placed checkouts only.
- **CPU ms per request** (server, and PostgreSQL's from \`pg_stat_statements\` or its processes in
  /proc; SQLite's is the server's own) is what a request costs, nearly whatever else the machine
  is doing: the steadiest figure to compare between runs.
- **Targets** are ratios to a reference measured in the same run (the ceiling answering the same
  requests, one instance against several); an absolute latency target an issue states is printed
  with the same run's ceiling at the same connections, so a miss on a busy machine shows as such.
- **A/B** (\`npm run bench -- --only=PART --ab=COMMIT [--rounds=N]\`): this code and COMMIT's,
  built in a worktree, measured by the same bench in turns (A B, B A, ...). Read the ratio of the
  medians against the spreads: when the two sides' min-max ranges overlap, the difference is
  within the machine's noise.
- **Noise**: the load average printed with each run tells how busy the machine was. Runs on a
  busy machine differ by a factor of two or more in requests per second; compare ratios, CPU per
  request and A/B runs, not raw figures from different runs.

## What each optimisation bought

Hand-written; \`npm run bench\` never changes this section.

## Latest results

${RESULTS_START}
${RESULTS_END}
`;

/**
 * Replaces the results between the markers of docs/benchmarks.md, keeping everything else.
 * @param {string} file
 * @param {string} resultsMarkdown
 */
export function writeResults(file, resultsMarkdown) {
  let document = existsSync(file) ? readFileSync(file, 'utf8') : TEMPLATE;
  if (!document.includes(RESULTS_START) || !document.includes(RESULTS_END)) {
    document = `${document.trimEnd()}\n\n## Latest results\n\n${RESULTS_START}\n${RESULTS_END}\n`;
  }
  const start = document.indexOf(RESULTS_START) + RESULTS_START.length;
  const end = document.indexOf(RESULTS_END);
  writeFileSync(file, `${document.slice(0, start)}\n\n${resultsMarkdown.trim()}\n\n${document.slice(end)}`);
}
