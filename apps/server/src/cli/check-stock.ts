// `npm run check:stock`: whether every part's stock is the sum of its stock history, exit 1 if not.
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { loadConfig } from '../config.js';
import { createDatabase } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { checkStock, countParts } from '../modules/stock/stock.repository.js';

/** Checks the stock, prints what it found; answers the exit code (0: it adds up, 1: it does not). */
export async function checkStockCommand(db: Kysely<Database>, print: (line: string) => void = console.log): Promise<0 | 1> {
  const wrong = await checkStock(db);
  if (wrong.length === 0) {
    print(`Stock adds up for ${await countParts(db)} parts.`);
    return 0;
  }
  print(`Stock does not add up for ${wrong.length} ${wrong.length === 1 ? 'part' : 'parts'}:`);
  for (const part of wrong) {
    const last = part.lastStockAfter === null ? 'no movements' : `last movement left ${part.lastStockAfter}`;
    print(`  ${part.id}  ${part.name}: stock ${part.stock}, movements add up to ${part.sum}, ${last}`);
  }
  return 1;
}

async function main(): Promise<number> {
  const database = createDatabase(loadConfig().database);
  try {
    await database.migrate();
    return await checkStockCommand(database.db);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
