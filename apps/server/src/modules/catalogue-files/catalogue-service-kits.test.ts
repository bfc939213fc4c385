import { importMessages, serviceKitMessages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { CATALOGUE_VEHICLES, csvFiles } from '../../test/catalogue-files.js';
import { insertSignedInUser } from '../../test/factories.js';

type Admin = Awaited<ReturnType<typeof insertSignedInUser>>;

const PRODUCTS = [
  'name,decreption,price,quantity,minimum,category,brand,partNumber,oemNumbers,img',
  'Engine Oil 10W-40 1 L,Semi-synthetic four-stroke oil.,13.90,240,2,Oils & Fluids,Motul,OIL-1L,,',
  'Spin-On Oil Filter 65 mm,Paper element with anti-drain-back valve.,8.99,260,2,Filters,HiFlo,HF204,,',
  'Iridium Spark Plug,Fine-wire iridium centre electrode.,12.99,400,1,Ignition,NGK,CR9EIX,,',
  'Drain Plug Crush Washer M14 x 1.5,Aluminium sealing washer.,1.99,450,1,Engine,Yamaha,214-11159-00,,',
  'Oil Filter for Hondas,For the CB500F only.,7.99,100,1,Filters,HiFlo,HF303,,',
].join('\n');
const FITMENT = [
  'partNumber,make,model,yearFrom,yearTo,note',
  'OIL-1L,*,*,,,',
  'HF204,Yamaha,MT-07,,,',
  'HF204,Yamaha,MT-09,,,',
  'CR9EIX,Yamaha,MT-07,,2020,models up to 2020',
  '214-11159-00,Yamaha,MT-07,,,',
  '214-11159-00,Yamaha,MT-09,,,',
  'HF303,Honda,CB500F,,,',
].join('\n');
const HEADER = 'make,model,variant,yearFrom,yearTo,intervalKm,intervalMonths,partNumber,quantity,note';
const KITS = [
  HEADER,
  'Yamaha,MT-07,,2014,2024,10000,12,OIL-1L,3,3.0 l with filter',
  'Yamaha,MT-07,,2014,2024,10000,12,HF204,1,',
  'Yamaha,MT-07,,2014,2024,10000,12,CR9EIX,2,one per cylinder (2)',
  'Yamaha,MT-07,,2014,2024,10000,12,214-11159-00,1,drain bolt',
  // The later MT-09 by its years: the earlier one has no kit.
  'Yamaha,MT-09,,2021,2024,10000,12,OIL-1L,4,',
  'Yamaha,MT-09,,2021,2024,10000,12,HF204,1,',
].join('\n');

describe('the service kits file of the catalogue import and export', () => {
  let t: TestApp;
  let admin: Admin;
  let customer: Admin;
  const vehicleIds = new Map<string, string>();

  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_CACHE_MS: '0' });
    admin = await insertSignedInUser(t.database.db, { role: 'admin' });
    customer = await insertSignedInUser(t.database.db);
    for (const vehicle of CATALOGUE_VEHICLES) {
      const added = await t.app.inject({ method: 'POST', url: '/api/vehicles', headers: admin.headers, payload: vehicle });
      vehicleIds.set(`${vehicle.model} ${vehicle.yearFrom}`, added.json().insertedId);
    }
    for (const name of ['Oils & Fluids', 'Filters', 'Ignition', 'Engine']) await t.app.inject({ method: 'POST', url: '/api/categories', headers: admin.headers, payload: { name } });
  });
  afterAll(async () => t.close());

  const vehicle = (key: string) => vehicleIds.get(key)!;
  const importFiles = (files: Record<string, string>, check = false, headers: Record<string, string> = admin.headers) => {
    const body = csvFiles(files);
    return t.app.inject({ method: 'POST', url: `/api/catalogue/import${check ? '?check=true' : ''}`, headers: { ...headers, ...body.headers }, payload: body.payload });
  };
  const kitOf = async (vehicleId: string) => {
    const response = await t.app.inject({ url: `/api/vehicles/${vehicleId}/service-kit` });
    return response.statusCode === 404 ? null : (response.json() as { intervalKm: number; intervalMonths: number; lines: Array<{ productId: string | null; name: string; quantity: number; note: string }> });
  };
  const exportKits = (headers: Record<string, string> = admin.headers) => t.app.inject({ url: '/api/catalogue/service-kits.csv', headers });
  const idOf = async (partNumber: string) => (await t.database.db.selectFrom('products').select('id').where('part_number', '=', partNumber).executeTakeFirstOrThrow()).id;

  it('checks, then imports kits with the parts and fitment of the same import: each vehicle named by make, model and years', async () => {
    const check = await importFiles({ products: PRODUCTS, fitment: FITMENT, serviceKits: KITS }, true);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ written: false, serviceKits: { vehicles: 2, lines: 6, changed: 2 }, errorCount: 0 });
    expect(await kitOf(vehicle('MT-07 2014'))).toBeNull();

    const imported = await importFiles({ products: PRODUCTS, fitment: FITMENT, serviceKits: KITS });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ written: true, products: { added: 5 }, serviceKits: { vehicles: 2, lines: 6, changed: 2 }, errorCount: 0 });
    const mt07 = await kitOf(vehicle('MT-07 2014'));
    expect(mt07).toMatchObject({ intervalKm: 10000, intervalMonths: 12 });
    expect(mt07!.lines.map(({ name, quantity, note }) => [name, quantity, note])).toEqual([
      ['Engine Oil 10W-40 1 L', 3, '3.0 l with filter'],
      ['Spin-On Oil Filter 65 mm', 1, ''],
      ['Iridium Spark Plug', 2, 'one per cylinder (2)'],
      ['Drain Plug Crush Washer M14 x 1.5', 1, 'drain bolt'],
    ]);
    expect(mt07!.lines[1]!.productId).toBe(await idOf('HF204'));
    expect((await kitOf(vehicle('MT-09 2021')))!.lines.map((line) => line.quantity)).toEqual([4, 1]);
    expect(await kitOf(vehicle('MT-09 2014'))).toBeNull();
  });

  it('a second import of the same files changes no kit, and a kit file alone is enough', async () => {
    const again = await importFiles({ products: PRODUCTS, fitment: FITMENT, serviceKits: KITS });
    expect(again.json()).toMatchObject({ written: true, products: { added: 0, changed: 0 }, fitment: { changed: 0 }, serviceKits: { vehicles: 2, lines: 6, changed: 0 }, errorCount: 0 });
    const alone = await importFiles({ serviceKits: KITS });
    expect(alone.json()).toEqual({ written: true, products: { added: 0, changed: 0, unchanged: 0 }, fitment: { parts: 0, rows: 0, changed: 0 }, serviceKits: { vehicles: 2, lines: 6, changed: 0 }, errors: [], errorCount: 0 });
    // Without a kits file the report says nothing of kits.
    expect((await importFiles({ fitment: FITMENT })).json().serviceKits).toBeUndefined();
  });

  it("replaces a vehicle's kit with the file's, leaves the other vehicles' kits alone, and takes the variant column as optional", async () => {
    const before = await kitOf(vehicle('MT-09 2021'));
    const file = ['make,model,yearFrom,yearTo,intervalKm,intervalMonths,partNumber,quantity,note', 'yamaha,mt-07,2019,2019,6000,6,OIL-1L,4,track use'].join('\n');
    const imported = await importFiles({ serviceKits: file });
    expect(imported.json()).toMatchObject({ written: true, serviceKits: { vehicles: 1, lines: 1, changed: 1 } });
    expect(await kitOf(vehicle('MT-07 2014'))).toMatchObject({ intervalKm: 6000, intervalMonths: 6, lines: [{ name: 'Engine Oil 10W-40 1 L', quantity: 4, note: 'track use' }] });
    expect(await kitOf(vehicle('MT-09 2021'))).toEqual(before);
    // Back as it was, for the tests that follow.
    expect((await importFiles({ serviceKits: KITS })).json()).toMatchObject({ written: true, serviceKits: { changed: 1 } });
  });

  it('refuses every bad row by its line, with a clear message, and writes nothing of the file', async () => {
    const before = await kitOf(vehicle('MT-07 2014'));
    const rows = [
      HEADER,
      'Yamaha,MT-07,,2014,2024,10000,12,OIL-1L,2,',
      'Yamaha,MT-07,,2014,2024,10000,12,HF303,1,',
      'Yamaha,MT-07,,2014,2024,10000,12,NOPE-1,1,',
      'Yamaha,MT-07,,2014,2024,10000,12,HF204,0,',
      'Yamaha,MT-07,,2014,2024,10000,12,CR9EIX,-2,',
      'Yamaha,MT-07,,2014,2024,10000,12,214-11159-00,1.5,',
      'Honda,CB500F,,,,12000,12,HF303,1001,',
      `Honda,CB500F,,,,12000,12,OIL-1L,1,${'n'.repeat(61)}`,
      'Honda,CB500F,,,,6000,12,HF204,1,',
      'Yamaha,MT-07,,2014,2024,10000,12,OIL-1L,1,',
      'Yamaha,MT-09,,,,10000,12,OIL-1L,1,',
      'Yamaha,MT-09,,2005,2008,10000,12,OIL-1L,1,',
      'Yamaha,R1,,,,10000,12,OIL-1L,1,',
      'Yamaha,MT-09,,2014,2020,99,0,OIL-1L,1,',
      'Yamaha,MT-09,,2014,2020,10000,12,,1,',
    ];
    const response = await importFiles({ serviceKits: rows.join('\n') });
    expect(response.statusCode).toBe(422);
    const report = response.json();
    expect(report.written).toBe(false);
    expect(report.errors.map((problem: { line: number; message: string }) => [problem.line, problem.message])).toEqual([
      [3, importMessages.kitPartDoesNotFit('Oil Filter for Hondas', 'Yamaha MT-07 2014–2024')],
      [4, importMessages.unknownPart('NOPE-1')],
      [5, `quantity: ${serviceKitMessages.quantityInvalid}`],
      [6, `quantity: ${serviceKitMessages.quantityInvalid}`],
      [7, `quantity: ${serviceKitMessages.quantityInvalid}`],
      [8, `quantity: ${serviceKitMessages.quantityInvalid}`],
      [9, 'note: Note must be at most 60 characters'],
      [10, importMessages.kitIntervalsDiffer(8)],
      // HF204 fits the Yamahas only.
      [10, importMessages.kitPartDoesNotFit('Spin-On Oil Filter 65 mm', 'Honda CB500F 2013–2023')],
      [11, `${serviceKitMessages.twice}, on line 2`],
      [12, importMessages.kitVehicleAmbiguous('Yamaha MT-09', ['2014–2020', '2021–2024'])],
      [13, 'The Yamaha MT-09 was made from 2014 to 2024'],
      [14, 'The shop does not know the Yamaha R1'],
      [15, 'intervalKm: Interval (km) must be a whole number from 100 to 100,000'],
      [15, 'intervalMonths: Interval (months) must be a whole number from 1 to 120'],
      [16, importMessages.partNumberRequired],
    ]);
    expect(report.errors[0]).toMatchObject({ file: 'serviceKits', partNumber: 'HF303' });
    expect(report.errorCount).toBe(16);
    expect(await kitOf(vehicle('MT-07 2014'))).toEqual(before);
    expect(await kitOf(vehicle('CB500F 2013'))).toBeNull();
  });

  it('refuses a kit of more than 50 lines at its 51st, as the admin page does', async () => {
    const parts = Array.from({ length: 51 }, (_, index) => `KIT-${index}`);
    const products = ['name,decreption,price,quantity,minimum,category,brand,partNumber,oemNumbers,img', ...parts.map((number) => `Part ${number},A part.,1.00,10,1,Engine,Acme,${number},,`)].join('\n');
    const fitment = ['partNumber,make,model,yearFrom,yearTo,note', ...parts.map((number) => `${number},*,*,,,`)].join('\n');
    const kits = [HEADER, ...parts.map((number) => `Honda,CB500F,,,,12000,12,${number},1,`)].join('\n');
    const response = await importFiles({ products, fitment, serviceKits: kits }, true);
    expect(response.json().errors).toEqual([{ file: 'serviceKits', line: 52, partNumber: 'KIT-50', message: serviceKitMessages.tooManyLines }]);
    const fifty = await importFiles({ products, fitment, serviceKits: kits.split('\n').slice(0, 51).join('\n') }, true);
    expect(fifty.json()).toMatchObject({ errorCount: 0, serviceKits: { vehicles: 1, lines: 50 } });
  });

  it('lists an error in another file first, and a part fitted only by the shop is judged by the shop’s fitment', async () => {
    // The fitment file takes the plug off the MT-07: the kit that holds it cannot be written.
    const response = await importFiles({ fitment: 'partNumber,make,model,yearFrom,yearTo,note\nCR9EIX,Honda,CB500F,,,\nBAD-1,Yamaha,R6,,,', serviceKits: KITS }, true);
    expect(response.json().errors.map((problem: { file: string; line: number }) => [problem.file, problem.line])).toEqual([
      ['fitment', 3],
      ['serviceKits', 4],
    ]);
    expect(response.json().errors[1].message).toBe(importMessages.kitPartDoesNotFit('Iridium Spark Plug', 'Yamaha MT-07 2014–2024'));
  });

  it('exports a row per kit line with the kit on each, a kit without lines as one row, leaves out a deleted part, and an export imports back unchanged', async () => {
    expect((await exportKits(customer.headers)).statusCode).toBe(403);
    expect((await exportKits({})).statusCode).toBe(401);
    const empty = await t.app.inject({ method: 'PUT', url: `/api/vehicles/${vehicle('MT-09 2014')}/service-kit`, headers: admin.headers, payload: { intervalKm: 10000, intervalMonths: 12, lines: [] } });
    expect(empty.statusCode, empty.body).toBe(200);
    const exported = await exportKits();
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe('attachment; filename="service-kits.csv"');
    expect(exported.body.split('\r\n')).toEqual([
      `\uFEFF${HEADER}`,
      'Yamaha,MT-07,,2014,2024,10000,12,OIL-1L,3,3.0 l with filter',
      'Yamaha,MT-07,,2014,2024,10000,12,HF204,1,',
      'Yamaha,MT-07,,2014,2024,10000,12,CR9EIX,2,one per cylinder (2)',
      'Yamaha,MT-07,,2014,2024,10000,12,214-11159-00,1,drain bolt',
      'Yamaha,MT-09,,2014,2020,10000,12,,,',
      'Yamaha,MT-09,,2021,2024,10000,12,OIL-1L,4,',
      'Yamaha,MT-09,,2021,2024,10000,12,HF204,1,',
      '',
    ]);
    // Importing the export changes nothing: the kit without lines included.
    expect((await importFiles({ serviceKits: exported.body })).json()).toMatchObject({ written: true, serviceKits: { vehicles: 3, lines: 6, changed: 0 }, errorCount: 0 });

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/products/${await idOf('214-11159-00')}`, headers: admin.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = (await exportKits()).body.split('\r\n');
    expect(after).not.toContain('Yamaha,MT-07,,2014,2024,10000,12,214-11159-00,1,drain bolt');
    expect(after).toHaveLength(8);
    // The kit still shows the part gone; importing the export takes its line away.
    expect((await kitOf(vehicle('MT-07 2014')))!.lines[3]).toMatchObject({ productId: null, name: 'Drain Plug Crush Washer M14 x 1.5' });
    expect((await importFiles({ serviceKits: after.join('\r\n') })).json()).toMatchObject({ serviceKits: { changed: 1 } });
    expect((await kitOf(vehicle('MT-07 2014')))!.lines).toHaveLength(3);
  });

  it('lets only an admin import kits', async () => {
    expect((await importFiles({ serviceKits: KITS }, false, customer.headers)).statusCode).toBe(403);
  });
});
