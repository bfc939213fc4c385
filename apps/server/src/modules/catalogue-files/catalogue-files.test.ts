import { cp } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { CATALOGUE_VEHICLES, csvFiles } from '../../test/catalogue-files.js';
import { imagesDirectory, insertSignedInUser, storeTestImage } from '../../test/factories.js';

type Admin = Awaited<ReturnType<typeof insertSignedInUser>>;

/** A shop with the vehicles and categories the files name, and an admin. */
async function shop(): Promise<{ t: TestApp; admin: Admin; img: string }> {
  const t = await buildTestApp({ PUBLIC_CACHE_MS: '0' });
  const admin = await insertSignedInUser(t.database.db, { role: 'admin' });
  for (const vehicle of CATALOGUE_VEHICLES) await t.app.inject({ method: 'POST', url: '/api/vehicles', headers: admin.headers, payload: vehicle });
  for (const name of ['Brakes', 'Filters', 'Tools & Care']) await t.app.inject({ method: 'POST', url: '/api/categories', headers: admin.headers, payload: { name } });
  return { t, admin, img: await storeTestImage(t.app) };
}

const PRODUCTS = (img: string) =>
  [
    '\uFEFFname,decreption,price,quantity,minimum,category,brand,partNumber,oemNumbers,img',
    `"Sintered Pads, Front","Sintered pads.\r\nFor ""sport"" calipers, 2 per pack.",29.99,140,2,Brakes,EBC,FA196HH,"06455-MFJ-D01, 06455-KYJ-902",${img}`,
    'Spin-On Oil Filter,Paper element with anti-drain-back valve.,8.99,260,2,Filters,HiFlo,HF204,,',
    'Chain Lube Spray,For O-ring chains.,12.50,90,1,Tools & Care,Motul,C2-400,,',
    '"=HYPERLINK(""http://evil"")",Looks like a formula.,5.00,10,1,,,EVIL-1,,',
  ].join('\r\n') + '\r\n';
const FITMENT = [
  'partNumber,make,model,yearFrom,yearTo,note',
  'FA196HH,Yamaha,MT-07,,,front',
  'FA196HH,Yamaha,MT-09,2019,,front',
  'HF204,Honda,CB500F,2016,2018,"ABS models only, early"',
  'C2-400,*,*,,,',
].join('\n');

describe('catalogue import and export', () => {
  let a: Awaited<ReturnType<typeof shop>>;
  beforeAll(async () => {
    a = await shop();
  });
  afterAll(async () => a.t.close());

  const importFiles = (files: Record<string, string | Buffer>, check = false, headers = a.admin.headers) => {
    const body = csvFiles(files);
    return a.t.app.inject({ method: 'POST', url: `/api/catalogue/import${check ? '?check=true' : ''}`, headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const exportFile = (name: 'products' | 'fitment') => a.t.app.inject({ url: `/api/catalogue/${name}.csv`, headers: a.admin.headers });

  it('checks first without writing, then imports quoted fields, commas, line breaks, a byte order mark and CRLF, matching vehicles by make, model and years', async () => {
    const check = await importFiles({ products: PRODUCTS(a.img), fitment: FITMENT }, true);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ written: false, products: { added: 4, changed: 0, unchanged: 0 }, fitment: { parts: 3, rows: 4, changed: 3 }, errors: [], errorCount: 0 });
    expect((await a.t.app.inject({ url: '/api/productCount' })).json()).toEqual({ count: 0 });

    const imported = await importFiles({ products: PRODUCTS(a.img), fitment: FITMENT });
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ written: true, products: { added: 4 }, fitment: { changed: 3 } });
    const { products } = (await a.t.app.inject({ url: '/api/search?q=FA196HH' })).json();
    expect(products[0]).toMatchObject({
      name: 'Sintered Pads, Front',
      decreption: 'Sintered pads.\r\nFor "sport" calipers, 2 per pack.',
      price: 29.99,
      quantity: 140,
      minimum: 2,
      category: 'Brakes',
      brand: 'EBC',
      oemNumbers: ['06455-MFJ-D01', '06455-KYJ-902'],
      img: a.img,
    });
    const fitment = (await a.t.app.inject({ url: `/api/products/${products[0]._id}/fitment` })).json();
    expect(fitment.vehicles.map((fit: Record<string, unknown>) => [fit.model, fit.yearFrom, fit.yearTo, fit.note])).toEqual([
      ['MT-07', 2014, 2024, 'front'],
      ['MT-09', 2019, 2020, 'front'],
      ['MT-09', 2021, 2024, 'front'],
    ]);
    const lube = (await a.t.app.inject({ url: '/api/search?q=C2-400' })).json().products[0];
    expect((await a.t.app.inject({ url: `/api/products/${lube._id}/fitment` })).json()).toEqual({ universal: true, vehicles: [] });
    // A part that came without a picture gets a drawn one, stored like any other.
    const filter = (await a.t.app.inject({ url: '/api/search?q=HF204' })).json().products[0];
    expect(filter.img).toMatch(/^\/images\/[0-9a-f]+\.webp$/);
    expect(await a.t.app.imageStorage.exists(filter.img)).toBe(true);
  });

  it('a second import of the same files changes nothing', async () => {
    const before = await a.t.database.db.selectFrom('products').select(['id', 'updated_at']).orderBy('id').execute();
    const changes = await a.t.database.db.selectFrom('catalogue_changes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const again = await importFiles({ products: PRODUCTS(a.img), fitment: FITMENT });
    expect(again.json()).toEqual({ written: true, products: { added: 0, changed: 0, unchanged: 4 }, fitment: { parts: 3, rows: 4, changed: 0 }, errors: [], errorCount: 0 });
    expect(await a.t.database.db.selectFrom('products').select(['id', 'updated_at']).orderBy('id').execute()).toEqual(before);
    expect(await a.t.database.db.selectFrom('catalogue_changes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(changes);
  });

  it('exports both files, formulas neutralised, and export then import on an empty shop gives the same catalogue', async () => {
    const products = await exportFile('products');
    expect(products.statusCode).toBe(200);
    expect(products.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(products.headers['content-disposition']).toBe('attachment; filename="products.csv"');
    expect(products.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const fitment = await exportFile('fitment');
    expect(fitment.body.split('\r\n').slice(0, 2)).toEqual(['\uFEFFpartNumber,make,model,yearFrom,yearTo,note', 'FA196HH,Yamaha,MT-07,2014,2024,front']);

    const b = await shop();
    try {
      // The empty shop has the same images (one disk or bucket for both): an import names images, it does not carry them.
      await cp(imagesDirectory(a.t.app), imagesDirectory(b.t.app), { recursive: true });
      const body = csvFiles({ products: products.body, fitment: fitment.body });
      const copied = await b.t.app.inject({ method: 'POST', url: '/api/catalogue/import', headers: { ...b.admin.headers, ...body.headers }, payload: body.payload });
      expect(copied.json()).toMatchObject({ written: true, products: { added: 4 }, errorCount: 0 });
      const evil = (await b.t.app.inject({ url: '/api/search?q=EVIL-1' })).json().products[0];
      expect(evil.name).toBe('=HYPERLINK("http://evil")');
      for (const name of ['products', 'fitment'] as const) {
        const again = await b.t.app.inject({ url: `/api/catalogue/${name}.csv`, headers: b.admin.headers });
        expect(again.body).toBe((await exportFile(name)).body);
      }
    } finally {
      await b.t.close();
    }
  });

  it("reads a European Excel file (semicolons, Windows-1252, decimal commas) and a tab-separated one, in UTF-8 or Excel's UTF-16 'Unicode Text'", async () => {
    // Excel's 'CSV (Comma delimited)' where the comma is the decimal mark: semicolons, Windows-1252 bytes (ä is E4, ’ is 92), no byte order mark.
    const products = Buffer.from(
      [
        'name;decreption;price;quantity;minimum;category;brand;partNumber;oemNumbers;img',
        'Bremsbeläge vorne;Sinterbeläge für Zweikolben-Sättel, 2 Stück, EBC’s HH-Mischung.;12,50;40;2;Brakes;EBC;EU-PADS-1;06455-MFJ-D01, 06455-KYJ-902;',
        'Ölfilter;Papierelement mit Rücklaufsperre.;1.234,5;10;1;Filters;HiFlo;EU-FILTER-1;;',
      ]
        .join('\r\n')
        .replace('’', '\x92'),
      'latin1',
    );
    const fitment = ['partNumber\tmake\tmodel\tyearFrom\tyearTo\tnote', 'EU-PADS-1\tHonda\tCB500F\t2016\t\tvorne, für ABS', 'EU-FILTER-1\tYamaha\tMT-07\t\t\t'].join('\r\n');
    const unicodeText = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(fitment, 'utf16le')]);
    const expected = { written: false, products: { added: 2, changed: 0, unchanged: 0 }, fitment: { parts: 2, rows: 2, changed: 2 }, errors: [], errorCount: 0 };
    expect((await importFiles({ products, fitment: unicodeText }, true)).json()).toEqual(expected);

    const imported = await importFiles({ products, fitment });
    expect(imported.json()).toMatchObject({ written: true, errorCount: 0 });
    const found = async (partNumber: string) => {
      const { products: results } = (await a.t.app.inject({ url: `/api/search?q=${partNumber}` })).json() as { products: Array<Record<string, unknown>> };
      return results.find((result) => result.partNumber === partNumber)!;
    };
    const pads = await found('EU-PADS-1');
    expect(pads).toMatchObject({ name: 'Bremsbeläge vorne', decreption: 'Sinterbeläge für Zweikolben-Sättel, 2 Stück, EBC’s HH-Mischung.', price: 12.5, oemNumbers: ['06455-MFJ-D01', '06455-KYJ-902'] });
    expect(await found('EU-FILTER-1')).toMatchObject({ name: 'Ölfilter', price: 1234.5 });
    const fits = (await a.t.app.inject({ url: `/api/products/${pads._id as string}/fitment` })).json();
    expect(fits.vehicles.map((fit: Record<string, unknown>) => [fit.model, fit.yearFrom, fit.note])).toEqual([['CB500F', 2016, 'vorne, für ABS']]);

    // A decimal comma is read only where the comma cannot be the separator: in a comma file it is a wrong price, named with its part.
    const commaFile = ['name,decreption,price,quantity,minimum,category,brand,partNumber,oemNumbers,img', 'Pads,Fine.,"12,50",1,1,Brakes,,EU-COMMA-1,,'].join('\n');
    expect((await importFiles({ products: commaFile }, true)).json().errors).toEqual([{ file: 'products', line: 2, partNumber: 'EU-COMMA-1', message: expect.stringMatching(/^price: /) }]);
  });

  it('lists every bad row with its line and reason, and writes nothing of a file with any', async () => {
    const products = [
      'name,decreption,price,quantity,minimum,category,brand,partNumber,oemNumbers,img',
      'Good Part,Fine.,1.00,1,1,Brakes,,GOOD-1,,',
      'Bad Price,Not a price.,abc,1,1,Brakes,,BAD-1,,',
      'Negative,Below zero.,2.00,-4,1,Brakes,,BAD-2,,',
      'Unknown Category,Nowhere.,2.00,1,1,Exhausts,,BAD-3,,',
      'Twice,"A description',
      'over two lines.",2.00,1,1,,,GOOD-1,,',
      'No Number,Fine.,2.00,1,1,,,,,',
      'Missing Image,Fine.,2.00,1,1,,,BAD-4,,/images/ffffffffffffffffffffffffffffffff.webp',
    ].join('\n');
    const fitment = [
      'partNumber,make,model,yearFrom,yearTo,note',
      'GOOD-1,Yamaha,R1,,,',
      'GOOD-1,Yamaha,MT-07,2020,2016,',
      'NOWHERE-9,Yamaha,MT-07,,,',
      'GOOD-1,Yamaha,MT-07,2001,2003,',
      // A part whose own row is wrong: reported there, not as a part the shop does not know.
      'BAD-1,Yamaha,MT-07,,,',
    ].join('\n');
    const count = (await a.t.app.inject({ url: '/api/productCount' })).json().count;
    const refused = await importFiles({ products, fitment });
    expect(refused.statusCode).toBe(422);
    const report = refused.json();
    expect(report.written).toBe(false);
    // Each row with its part number, where it has one: the row to find in the spreadsheet.
    expect(report.errors).toEqual([
      { file: 'products', line: 3, partNumber: 'BAD-1', message: expect.stringMatching(/^price: /) },
      { file: 'products', line: 4, partNumber: 'BAD-2', message: expect.stringMatching(/^quantity: /) },
      { file: 'products', line: 5, partNumber: 'BAD-3', message: "Unknown category 'Exhausts': add it under Categories first" },
      { file: 'products', line: 6, partNumber: 'GOOD-1', message: 'Part number GOOD-1 is also on line 2' },
      { file: 'products', line: 8, message: 'partNumber is required: parts are matched by it' },
      { file: 'products', line: 9, partNumber: 'BAD-4', message: 'The image /images/ffffffffffffffffffffffffffffffff.webp is not in the shop: upload it first, or leave img empty for a drawn picture' },
      { file: 'fitment', line: 2, partNumber: 'GOOD-1', message: 'The shop does not know the Yamaha R1' },
      { file: 'fitment', line: 3, partNumber: 'GOOD-1', message: 'yearTo: Year to must not be before Year from' },
      { file: 'fitment', line: 4, partNumber: 'NOWHERE-9', message: 'Part number NOWHERE-9 is neither in the products file nor in the shop' },
      { file: 'fitment', line: 5, partNumber: 'GOOD-1', message: 'The Yamaha MT-07 was made from 2014 to 2024' },
    ]);
    expect(report.errors[4]).not.toHaveProperty('partNumber');
    expect(report.errorCount).toBe(10);
    expect((await a.t.app.inject({ url: '/api/productCount' })).json().count).toBe(count);
    // The same files checked: the same list, answered as a check.
    expect((await importFiles({ products, fitment }, true)).statusCode).toBe(200);
  });

  it('refuses a wrong or missing header, a file that is not CSV text (saying how to save one), one over 50 MB, no file, and anyone but an admin', async () => {
    const header = await importFiles({ products: 'title,price\nBrake,2\n' });
    expect(header.json().errors).toEqual([
      { file: 'products', line: 1, message: "The first line must name the columns name, decreption, price, quantity, minimum, category, brand, partNumber, oemNumbers, img. Unknown column 'title'" },
    ]);
    const missing = await importFiles({ fitment: 'partNumber,make,model\nX,Yamaha,MT-07\n' });
    expect(missing.json().errors[0].message).toMatch(/Missing column 'yearFrom'$/);
    const resave = "This is not a CSV file of text. In Excel, choose File > Save As > 'CSV UTF-8 (Comma delimited)' and import that file";
    const binary = await importFiles({ products: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00]) });
    expect(binary.statusCode).toBe(422);
    expect(binary.json().errors).toEqual([{ file: 'products', line: 1, message: resave }]);
    // A workbook saved as .xlsx is a zip archive: not text either.
    const workbook = await importFiles({ products: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00]) }, true);
    expect(workbook.json().errors).toEqual([{ file: 'products', line: 1, message: resave }]);
    // UTF-8 at first ('ä' as C3 A4), then Windows-1252 ('ä' as E4): two encodings in one file.
    const mixed = await importFiles({ products: Buffer.concat([Buffer.from('name,decreption,price,quantity,minimum,category,brand,partNumber,oemNumbers,img\nBremsbeläge,Gut.,1.00,1,1,Brakes,,MIX-1,,\n'), Buffer.from('Öl,Gut.,1.00,1,1,Brakes,,MIX-2,,\n', 'latin1')]) });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: resave });
    const huge = await importFiles({ products: Buffer.alloc(50 * 1024 * 1024 + 1, 'a') });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.message).toBe('Each file may be at most 50 MB');
    const none = csvFiles({});
    expect((await a.t.app.inject({ method: 'POST', url: '/api/catalogue/import', headers: { ...a.admin.headers, ...none.headers }, payload: none.payload })).statusCode).toBe(400);
    const customer = await insertSignedInUser(a.t.database.db);
    expect((await importFiles({ products: PRODUCTS(a.img) }, false, customer.headers)).statusCode).toBe(403);
    expect((await a.t.app.inject({ url: '/api/catalogue/products.csv', headers: customer.headers })).statusCode).toBe(403);
    expect((await a.t.app.inject({ url: '/api/catalogue/fitment.csv' })).statusCode).toBe(401);
  });
});
