import { productMessages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { csvFiles } from '../../test/catalogue-files.js';
import { insertSignedInUser } from '../../test/factories.js';

/**
 * SPEC-3 section 6 in the catalogue files: the products file's `quantityPrices` column
 * (`10:7.50;50:6.90`, empty for none), after `img`. A file without it (made before it) still
 * imports and leaves the parts' quantity prices as they are.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof insertSignedInUser>>;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_CACHE_MS: '0' });
  admin = await insertSignedInUser(t.database.db, { role: 'admin' });
  for (const name of ['Filters', 'Ignition']) await t.app.inject({ method: 'POST', url: '/api/categories', headers: admin.headers, payload: { name } });
});
afterAll(async () => t.close());

const HEADER = 'name,decreption,price,quantity,minimum,category,brand,partNumber,oemNumbers,img';
const file = (header: string, ...rows: string[]) => [header, ...rows].join('\r\n') + '\r\n';

const importProducts = (products: string | Buffer, check = false) => {
  const body = csvFiles({ products });
  return t.app.inject({ method: 'POST', url: `/api/catalogue/import${check ? '?check=true' : ''}`, headers: { ...admin.headers, ...body.headers }, payload: body.payload });
};
const exportProducts = async () => (await t.app.inject({ url: '/api/catalogue/products.csv', headers: admin.headers })).body;

/** Each part's list price and quantity prices column, by part number. */
const stored = async () =>
  Object.fromEntries(
    (await t.database.db.selectFrom('products').select(['part_number', 'price_cents', 'quantity_prices']).orderBy('part_number').execute()).map((row) => [
      row.part_number,
      `${row.price_cents} ${row.quantity_prices}`,
    ]),
  );

describe('the quantityPrices column of the products file', () => {
  it('imports it, answers it, and exports it after img, so the export imports again as it is', async () => {
    const imported = await importProducts(
      file(
        `${HEADER},quantityPrices`,
        'Oil Filter,Paper element.,8.99,260,2,Filters,HiFlo,QP-HF204,,,10:7.50;50:6.90',
        'Spark Plug,Iridium.,12.99,400,4,Ignition,NGK,QP-CR9EIX,,, 10 : 11.49 ',
        'Air Filter,Panel.,34.50,30,1,Filters,K&N,QP-HA5013,,,',
      ),
    );
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ written: true, products: { added: 3 }, errorCount: 0 });
    expect(await stored()).toEqual({ 'QP-HA5013': '3450 []', 'QP-HF204': '899 [[10,750],[50,690]]', 'QP-CR9EIX': '1299 [[10,1149]]' });
    const { products } = (await t.app.inject({ url: '/api/search?q=QP-HF204' })).json();
    expect(products[0].quantityPrices).toEqual([
      { from: 10, price: 7.5 },
      { from: 50, price: 6.9 },
    ]);

    const exported = await exportProducts();
    const lines = exported.split('\r\n');
    expect(lines[0]).toBe(`\uFEFF${HEADER},quantityPrices,quantitySeen`);
    expect(lines.find((line) => line.includes('QP-HF204'))).toMatch(/,10:7\.50;50:6\.90,260$/);
    expect(lines.find((line) => line.includes('QP-CR9EIX'))).toMatch(/,10:11\.49,400$/);
    expect(lines.find((line) => line.includes('QP-HA5013'))).toMatch(/,,30$/);

    // Its own export changes nothing.
    const again = await importProducts(exported);
    expect(again.json()).toMatchObject({ written: true, products: { added: 0, changed: 0, unchanged: 3 }, errorCount: 0 });
    expect(await exportProducts()).toBe(exported);
  });

  it('takes a file without the column (made before it): the parts keep their quantity prices', async () => {
    const before = await stored();
    const older = await importProducts(file(HEADER, 'Oil Filter,Paper element with a nut.,8.49,260,2,Filters,HiFlo,QP-HF204,,', 'New Part,Fine.,3.00,5,1,Filters,,QP-NEW-1,,'));
    expect(older.statusCode, older.body).toBe(200);
    expect(older.json()).toMatchObject({ written: true, products: { added: 1, changed: 1 }, errorCount: 0 });
    expect(await stored()).toEqual({ ...before, 'QP-HF204': '849 [[10,750],[50,690]]', 'QP-NEW-1': '300 []' });
  });

  it('removes them where the cell is empty, and replaces them where it holds others', async () => {
    const imported = await importProducts(
      file(`${HEADER},quantityPrices`, 'Oil Filter,Paper element with a nut.,8.49,260,2,Filters,HiFlo,QP-HF204,,,', 'Spark Plug,Iridium.,12.99,400,4,Ignition,NGK,QP-CR9EIX,,,4:12.49;10:11.99'),
    );
    expect(imported.json()).toMatchObject({ written: true, products: { changed: 2 }, errorCount: 0 });
    const now = await stored();
    expect(now['QP-HF204']).toBe('849 []');
    expect(now['QP-CR9EIX']).toBe('1299 [[4,1249],[10,1199]]');
    const { products } = (await t.app.inject({ url: '/api/search?q=QP-HF204' })).json();
    expect(products[0]).not.toHaveProperty('quantityPrices');
  });

  it('refuses bad cells, with the line and the shared messages, and writes nothing of the file', async () => {
    const before = await stored();
    const refused = await importProducts(
      file(
        `${HEADER},quantityPrices`,
        'Oil Filter,Paper element.,8.99,260,2,Filters,HiFlo,QP-HF204,,,10:7.50;10:7.00',
        'Spark Plug,Iridium.,12.99,400,4,Ignition,NGK,QP-CR9EIX,,,ten:7',
        'Air Filter,Panel.,34.50,30,1,Filters,K&N,QP-HA5013,,,10:99999',
        'Plug Two,Iridium.,12.99,400,4,Ignition,NGK,QP-PLUG-2,,,10:12.99',
        'Plug Three,Iridium.,12.99,400,4,Ignition,NGK,QP-PLUG-3,,,10:11.00;50:11.50',
        'Plug Four,Iridium.,12.99,400,4,Ignition,NGK,QP-PLUG-4,,,1:11.00',
        `Plug Five,Iridium.,12.99,400,4,Ignition,NGK,QP-PLUG-5,,,${Array.from({ length: 11 }, (_, index) => `${index + 2}:${(12 - index * 0.5).toFixed(2)}`).join(';')}`,
        'Plug Six,Iridium.,12.99,400,4,Ignition,NGK,QP-PLUG-6,,,10:0',
        'Good Plug,Iridium.,12.99,400,4,Ignition,NGK,QP-PLUG-7,,,10:11.00',
      ),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { file: 'products', line: 2, partNumber: 'QP-HF204', message: `quantityPrices: ${productMessages.quantityFromTwice}` },
      { file: 'products', line: 3, partNumber: 'QP-CR9EIX', message: `quantityPrices: ${productMessages.quantityPricesText}` },
      { file: 'products', line: 4, partNumber: 'QP-HA5013', message: `quantityPrices: ${productMessages.quantityPriceNotBelowList}` },
      { file: 'products', line: 5, partNumber: 'QP-PLUG-2', message: `quantityPrices: ${productMessages.quantityPriceNotBelowList}` },
      { file: 'products', line: 6, partNumber: 'QP-PLUG-3', message: `quantityPrices: ${productMessages.quantityPricesOrder}` },
      { file: 'products', line: 7, partNumber: 'QP-PLUG-4', message: `quantityPrices: ${productMessages.quantityFromInvalid}` },
      { file: 'products', line: 8, partNumber: 'QP-PLUG-5', message: `quantityPrices: ${productMessages.tooManyQuantityPrices}` },
      { file: 'products', line: 9, partNumber: 'QP-PLUG-6', message: `quantityPrices: ${productMessages.priceInvalid}` },
    ]);
    expect(await stored()).toEqual(before);
  });

  it('refuses a list price lowered to or under the quantity prices a part keeps when the file has no such column', async () => {
    const before = await stored();
    const refused = await importProducts(file(HEADER, 'Spark Plug,Iridium.,11.99,400,4,Ignition,NGK,QP-CR9EIX,,'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([{ file: 'products', line: 2, partNumber: 'QP-CR9EIX', message: `quantityPrices: ${productMessages.quantityPriceNotBelowList}` }]);
    expect(await stored()).toEqual(before);
  });

  it('reads decimal commas in a file separated by semicolons', async () => {
    const european = file(`${HEADER},quantityPrices`.replaceAll(',', ';'), 'Ölfilter;Papierelement.;8,99;100;2;Filters;HiFlo;QP-EU-1;;;"10:7,50;50:6,90"');
    const imported = await importProducts(Buffer.from(european, 'latin1'));
    expect(imported.json()).toMatchObject({ written: true, products: { added: 1 }, errorCount: 0 });
    expect((await stored())['QP-EU-1']).toBe('899 [[10,750],[50,690]]');
  });
});
