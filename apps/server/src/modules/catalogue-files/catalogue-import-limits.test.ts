import { IMPORT_MAX_ROWS, importMessages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { newId } from '../../lib/ids.js';
import { insertProduct, insertSignedInUser, storeTestImage } from '../../test/factories.js';
import { createCatalogueFilesRepository } from './catalogue-files.repository.js';

const BOUNDARY = '----catalogue-import-limits';
const part = (field: string, content: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${field}.csv"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n`);
const HEADERS = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

describe('catalogue import: stock that moved, long files, broken bodies', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof insertSignedInUser>>;
  let customer: Awaited<ReturnType<typeof insertSignedInUser>>;
  let img: string;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_CACHE_MS: '0' });
    admin = await insertSignedInUser(t.database.db, { role: 'admin' });
    customer = await insertSignedInUser(t.database.db);
    img = await storeTestImage(t.app);
  });
  afterAll(async () => t.close());

  const importProducts = (csv: string) =>
    t.app.inject({ method: 'POST', url: '/api/catalogue/import', headers: { ...admin.headers, ...HEADERS }, payload: Buffer.concat([part('products', csv), Buffer.from(`--${BOUNDARY}--\r\n`)]) });
  const exportProducts = async () => (await t.app.inject({ url: '/api/catalogue/products.csv', headers: admin.headers })).body;
  const stockOf = async (id: string) => (await t.database.db.selectFrom('products').select('quantity').where('id', '=', id).executeTakeFirstOrThrow()).quantity;
  const order = async (productId: string, quantity: number) => {
    const placed = await t.app.inject({ method: 'POST', url: '/api/orders', headers: customer.headers, payload: { productId, quantity, location: '12 Kings Road, London', phone: '+44 7700 900123' } });
    expect(placed.statusCode).toBe(201);
    return placed.json().insertedId as string;
  };
  /** The exported file with the row of this part number edited. */
  const edit = (csv: string, partNumber: string, change: (fields: string[]) => void) =>
    csv
      .split('\r\n')
      .map((line) => {
        const fields = line.split(',');
        if (fields[7] !== partNumber) return line;
        change(fields);
        return fields.join(',');
      })
      .join('\r\n');

  it('an unchanged export imported after an order leaves the stock the order left, and cancelling gives back exactly the ordered units', async () => {
    const part = await insertProduct(t.database.db, { part_number: 'STK-1', part_number_key: 'STK1', quantity: 140, minimum: 1, img });
    const exported = await exportProducts();
    expect(exported.split('\r\n')[0]).toBe('\uFEFFname,decreption,price,quantity,minimum,category,brand,partNumber,oemNumbers,img,quantityPrices,quantitySeen');
    const orderId = await order(part.id, 4);
    expect(await stockOf(part.id)).toBe(136);

    const imported = await importProducts(exported);
    expect(imported.json()).toMatchObject({ written: true, errorCount: 0 });
    expect(await stockOf(part.id)).toBe(136);
    // A file of SPEC-2's columns alone (no quantityPrices, no quantitySeen) does not say what stock it saw: the stock stays.
    const withoutLast = (line: string) => line.slice(0, line.lastIndexOf(','));
    const older = exported
      .split('\r\n')
      .map((line) => withoutLast(withoutLast(line)))
      .join('\r\n');
    expect(older.split('\r\n')[0]).toBe('\uFEFFname,decreption,price,quantity,minimum,category,brand,partNumber,oemNumbers,img');
    expect((await importProducts(older)).json()).toMatchObject({ written: true, errorCount: 0 });
    expect(await stockOf(part.id)).toBe(136);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/orders/${orderId}`, headers: customer.headers })).statusCode).toBe(200);
    expect(await stockOf(part.id)).toBe(140);
  });

  it('a file that changes the stock writes it while the shelf holds the stock it was made from, and refuses it naming the stock now once that moved', async () => {
    const part = await insertProduct(t.database.db, { part_number: 'STK-2', part_number_key: 'STK2', quantity: 30, minimum: 1, img });
    const exported = await exportProducts();
    const restocked = edit(exported, 'STK-2', (fields) => (fields[3] = '80'));
    await order(part.id, 2);

    const refused = await importProducts(restocked);
    expect(refused.statusCode).toBe(422);
    const line = restocked.split('\r\n').findIndex((row) => row.includes(',STK-2,')) + 1;
    expect(refused.json()).toMatchObject({ written: false, errorCount: 1, errors: [{ file: 'products', line, message: importMessages.stockMoved('STK-2', 28, 30) }] });
    expect(await stockOf(part.id)).toBe(28);

    // Made from the stock now: written.
    const again = edit(await exportProducts(), 'STK-2', (fields) => (fields[3] = '80'));
    expect((await importProducts(again)).json()).toMatchObject({ written: true, errorCount: 0 });
    expect(await stockOf(part.id)).toBe(80);
  });

  it('the write itself is conditional: stock that moves between the check and the write stops the whole import, nothing written', async () => {
    const part = await insertProduct(t.database.db, { part_number: 'STK-3', part_number_key: 'STK3', quantity: 10, minimum: 1, img });
    const { quantity: _quantity, ...columns } = await t.database.db.selectFrom('products').select(['name', 'description', 'price_cents', 'quantity', 'minimum', 'category_id', 'brand', 'part_number', 'part_number_key', 'oem_numbers', 'img']).where('id', '=', part.id).executeTakeFirstOrThrow();
    const added = { ...columns, id: newId(), part_number: 'STK-4', part_number_key: 'STK4', quantity: 5, created_at: part.created_at, updated_at: part.updated_at };
    const repository = createCatalogueFilesRepository(t.database.db);
    // The check saw 9 on the shelf; an order took one more meanwhile.
    const written = await repository.write({ added: [added], changed: [{ id: part.id, columns, stock: { quantity: 50, seen: 9 }, updated_at: part.updated_at }], fitment: [], serviceKits: [] });
    expect(written).toEqual({ stockMoved: { id: part.id, now: 10, seen: 9 } });
    expect(await stockOf(part.id)).toBe(10);
    expect(await t.database.db.selectFrom('products').select('id').where('id', '=', added.id).executeTakeFirst()).toBeUndefined();
  });

  it(`refuses a file of more than ${IMPORT_MAX_ROWS.products.toLocaleString('en-GB')} rows before checking them`, async () => {
    // Every row is wrong: a 413 rather than a report of them shows the rows were never checked.
    const csv = `name,decreption,price,quantity,minimum,category,brand,partNumber,oemNumbers,img\r\n${',,,,,,,,,\r\n'.repeat(IMPORT_MAX_ROWS.products + 1)}`;
    const count = (await t.app.inject({ url: '/api/productCount' })).json().count;
    const refused = await importProducts(csv);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error.message).toBe(importMessages.tooManyRows('products', IMPORT_MAX_ROWS.products));
    expect((await t.app.inject({ url: '/api/productCount' })).json().count).toBe(count);
  });

  it('a body that ends in the middle of the file answers 400 and writes nothing', async () => {
    const count = (await t.app.inject({ url: '/api/productCount' })).json().count;
    const csv = 'name,decreption,price,quantity,minimum,category,brand,partNumber,oemNumbers,img\r\nCut Part,Fine.,1.00,1,1,,,CUT-1,,\r\n';
    const truncated = part('products', csv).subarray(0, -20);
    const answer = await t.app.inject({ method: 'POST', url: '/api/catalogue/import', headers: { ...admin.headers, ...HEADERS }, payload: truncated });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toMatch(/ended before the whole file arrived/);
    expect((await t.app.inject({ url: '/api/productCount' })).json().count).toBe(count);
  });
});
