import { stockReason } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { insertProduct } from '../test/factories.js';
import { checkStockCommand } from './check-stock.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const run = async () => {
  const lines: string[] = [];
  const code = await checkStockCommand(t.database.db, (line) => lines.push(line));
  return { code, lines };
};

describe('npm run check:stock', () => {
  it('says the stock adds up, then names the part whose movement was removed and exits 1', async () => {
    const kept = await insertProduct(t.database.db, { name: 'Brake pads', quantity: 12 });
    const broken = await insertProduct(t.database.db, { name: 'Clutch cable', quantity: 5 });
    await t.database.db.updateTable('products').set({ quantity: 8, stock_reason: stockReason('set', 'Test') }).where('id', '=', broken.id).execute();
    const parts = Number((await t.database.db.selectFrom('products').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);

    expect(await run()).toEqual({ code: 0, lines: [`Stock adds up for ${parts} parts.`] });

    // The history is not append-only: its owner can delete a row, and the check sees it.
    const newest = await t.database.db.selectFrom('stock_movements').select('id').where('product_id', '=', broken.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await t.database.db.deleteFrom('stock_movements').where('id', '=', newest.id).execute();
    const { code, lines } = await run();
    expect(code).toBe(1);
    expect(lines).toEqual(['Stock does not add up for 1 part:', `  ${broken.id}  Clutch cable: stock 8, movements add up to 5, last movement left 5`]);
    expect(lines.join('\n')).not.toContain(kept.id);
  });
});
