import { CART_LINES_MAX, partNumberKey, QUICK_ORDER_LINES_MAX, type QuickOrderAnswer, quickOrderMessages } from '@shop/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';

/**
 * POST /api/cart/quick (SPEC-3 section 6): real pasted text and CSV files into the cart, each
 * line matched by part number as the search index normalises it, or by OEM number.
 */
let t: TestApp;
type Customer = Awaited<ReturnType<typeof insertSignedInUser>>;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '100' });
});
afterAll(async () => t.close());

/** A part with its maker's number (and its key, as the catalogue writes it). */
const part = (partNumber: string, overrides: Parameters<typeof insertProduct>[1] = {}) =>
  insertProduct(t.database.db, { part_number: partNumber, part_number_key: partNumberKey(partNumber), minimum: 1, quantity: 100, ...overrides });

const quick = (customer: Customer | null, text: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/cart/quick', headers: { ...(customer?.headers ?? {}), ...headers }, payload: { text } as object });

const ordered = async (customer: Customer, text: string): Promise<QuickOrderAnswer> => {
  const response = await quick(customer, text);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const cartRows = (customer: Customer) =>
  t.database.db.selectFrom('cart_lines').select(['product_id', 'quantity', 'price_cents', 'position']).where('user_id', '=', customer.id).orderBy('position').execute();

describe('quick order', () => {
  it('adds the good lines in any of the forms people paste, the same part on several lines added up', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const filter = await part('HF204', { brand: 'HifloFiltro', price_cents: 899 });
    const plug = await part('CR9EIX', { brand: 'NGK', price_cents: 1250 });
    const pads = await part('FA252/2HH', { brand: 'EBC', price_cents: 3499 });
    const chain = await part('520 VX3', { brand: 'DID', price_cents: 9900 });

    const answer = await ordered(customer, ['HF204 x10', 'hf-204, 2', 'CR9EIX 4', '', 'x2 fa252-2hh', '10 x HF204', '"520VX3","1"', 'HF204;1', 'HF204\t3'].join('\n'));
    expect(answer).toEqual({
      added: [
        { productId: filter.id, quantity: 26 },
        { productId: plug.id, quantity: 4 },
        { productId: pads.id, quantity: 2 },
        { productId: chain.id, quantity: 1 },
      ],
      errors: [],
    });
    expect(await cartRows(customer)).toEqual([
      { product_id: filter.id, quantity: 26, price_cents: 899, position: 0 },
      { product_id: plug.id, quantity: 4, price_cents: 1250, position: 1 },
      { product_id: pads.id, quantity: 2, price_cents: 3499, position: 2 },
      { product_id: chain.id, quantity: 1, price_cents: 9900, position: 3 },
    ]);
    // The cart answers them as its own lines.
    const cart = (await t.app.inject({ url: '/api/cart', headers: customer.headers })).json();
    expect(cart.lines.map((line: { productId: string; quantity: number }) => [line.productId, line.quantity])).toEqual([
      [filter.id, 26],
      [plug.id, 4],
      [pads.id, 2],
      [chain.id, 1],
    ]);
  });

  it('adds to the lines the cart holds, which keep their place and price, after them the new ones', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const held = await part('KN-303', { price_cents: 1500, minimum: 1 });
    const other = await part('KN-204', { price_cents: 1200 });
    const put = await t.app.inject({ method: 'PUT', url: '/api/cart', headers: customer.headers, payload: { lines: [{ productId: held.id, quantity: 3 }] } });
    expect(put.statusCode).toBe(200);
    await t.database.db.updateTable('products').set({ price_cents: 1700 }).where('id', '=', held.id).execute();

    expect(await ordered(customer, 'KN-204 2\nKN303 x2')).toEqual({
      added: [
        { productId: other.id, quantity: 2 },
        { productId: held.id, quantity: 2 },
      ],
      errors: [],
    });
    expect(await cartRows(customer)).toEqual([
      { product_id: held.id, quantity: 5, price_cents: 1500, position: 0 },
      { product_id: other.id, quantity: 2, price_cents: 1200, position: 1 },
    ]);
  });

  it('reads a CSV file with a byte order mark, a header, quoted cells, empty cells and Windows line ends', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const filter = await part('HF303');
    const plug = await part('CR8EH-9');
    const csv = '\uFEFFpartNumber,quantity\r\n"HF303","10"\r\nHF303,,2\r\n\r\ncr8eh9;4\r\n';
    expect(await ordered(customer, csv)).toEqual({
      added: [
        { productId: filter.id, quantity: 12 },
        { productId: plug.id, quantity: 4 },
      ],
      errors: [],
    });
  });

  it('names each line it cannot use by its number, blank lines counted, and adds the rest', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const good = await part('HF138');
    await part('HF141', { quantity: 3 });
    await part('FA196', { minimum: 4 });
    const text = ['x10', 'HF138 x2', '', 'HF999', 'HF141 x5', 'FA196 2', 'HF138 1.5', '10', 'HF138 -3', 'hf 9 9 9 x 2'].join('\n');
    expect(await ordered(customer, text)).toEqual({
      added: [{ productId: good.id, quantity: 2 }],
      errors: [
        { line: 1, message: quickOrderMessages.unreadable(1) },
        { line: 4, message: quickOrderMessages.noPart(4, 'HF999') },
        { line: 5, message: quickOrderMessages.notAvailable(5, 5) },
        { line: 6, message: quickOrderMessages.belowMinimum(6, 4) },
        { line: 7, message: quickOrderMessages.quantityInvalid(7) },
        { line: 8, message: quickOrderMessages.unreadable(8) },
        { line: 9, message: quickOrderMessages.quantityInvalid(9) },
        { line: 10, message: quickOrderMessages.noPart(10, 'hf 9 9 9') },
      ],
    });
    expect((await cartRows(customer)).map((row) => [row.product_id, row.quantity])).toEqual([[good.id, 2]]);
  });

  it("checks the minimum on the part's lines added up with the cart's, and the stock line by line", async () => {
    const customer = await insertSignedInUser(t.database.db);
    const plugs = await part('DR8EA', { minimum: 4, quantity: 10 });
    expect(await ordered(customer, 'DR8EA 2\nDR8EA 2\nDR8EA 5\nDR8EA 6')).toEqual({
      added: [{ productId: plugs.id, quantity: 9 }],
      errors: [{ line: 4, message: quickOrderMessages.notAvailable(4, 6) }],
    });
    // The cart holds 9 now: one more is fine, two more are beyond the stock.
    expect(await ordered(customer, 'DR8EA 2\nDR8EA 1')).toEqual({
      added: [{ productId: plugs.id, quantity: 1 }],
      errors: [{ line: 1, message: quickOrderMessages.notAvailable(1, 2) }],
    });
    const out = await part('DR9EA', { quantity: 0 });
    expect((await ordered(customer, 'DR9EA')).errors).toEqual([{ line: 1, message: quickOrderMessages.notAvailable(1, 1) }]);
    expect((await cartRows(customer)).some((row) => row.product_id === out.id)).toBe(false);
  });

  it('asks which part is meant when a number names several, and matches a unique OEM number', async () => {
    const customer = await insertSignedInUser(t.database.db);
    await part('X-100', { brand: 'Brembo', name: 'Brake pads front' });
    await part('X100', { brand: 'EBC', name: 'Brake pads rear' });
    const oemOnly = await part('HF-OEM-1', { oem_numbers: JSON.stringify(['15410-MFJ-D01', '15412 HM5 A10']) });
    await part('KN-OEM-2', { brand: 'K&N', name: 'Oil filter', oem_numbers: JSON.stringify(['5GH-13440-50']) });
    await part('HF-OEM-3', { brand: 'HifloFiltro', name: 'Oil filter', oem_numbers: JSON.stringify(['5GH1344050', 'X']) });

    const answer = await ordered(customer, 'x100 x2\n15410mfjd01 x3\n15412-HM5-A10 1\n5GH-13440-50 x1');
    expect(answer.added).toEqual([{ productId: oemOnly.id, quantity: 4 }]);
    expect(answer.errors).toEqual([
      { line: 1, message: quickOrderMessages.severalParts(1, 'x100', ['Brembo X-100 Brake pads front', 'EBC X100 Brake pads rear']) },
      { line: 4, message: quickOrderMessages.severalParts(4, '5GH-13440-50', ['K&N KN-OEM-2 Oil filter', 'HifloFiltro HF-OEM-3 Oil filter']) },
    ]);
  });

  it('reads a part number with a space before its last digits as the whole number when the shorter one names no part', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const spaced = await part('QX204');
    const short = await part('QZ');
    await part('QZ77');
    expect(await ordered(customer, 'QX 204\nQZ 77\nQY 3')).toEqual({
      added: [
        { productId: spaced.id, quantity: 1 },
        { productId: short.id, quantity: 77 },
      ],
      errors: [{ line: 3, message: quickOrderMessages.noPart(3, 'QY') }],
    });
  });

  it("prefers a part's own number to another part's OEM number", async () => {
    const customer = await insertSignedInUser(t.database.db);
    const own = await part('YZF-R1-F');
    await part('OTHER-1', { oem_numbers: JSON.stringify(['YZFR1F']) });
    expect(await ordered(customer, 'yzf r1 f x2')).toEqual({ added: [{ productId: own.id, quantity: 2 }], errors: [] });
  });

  it('adds no more different parts than the cart holds, naming the lines left out', async () => {
    const customer = await insertSignedInUser(t.database.db);
    const filler = await Promise.all(Array.from({ length: CART_LINES_MAX - 1 }, () => insertProduct(t.database.db, { minimum: 1 })));
    const put = await t.app.inject({ method: 'PUT', url: '/api/cart', headers: customer.headers, payload: { lines: filler.map((product) => ({ productId: product.id, quantity: 1 })) } });
    expect(put.statusCode).toBe(200);
    const last = await part('FULL-1');
    await part('FULL-2');
    expect(await ordered(customer, 'FULL-1\nFULL-2 x2\nFULL-1 x2')).toEqual({
      added: [{ productId: last.id, quantity: 3 }],
      errors: [{ line: 2, message: quickOrderMessages.cartFull(2) }],
    });
    expect(await cartRows(customer)).toHaveLength(CART_LINES_MAX);
  });

  it("puts new lines in at the workshop's price for their quantity", async () => {
    const customer = await insertSignedInUser(t.database.db);
    await t.database.db.updateTable('users').set({ workshop: sql<boolean>`true`, trade_discount: 1250 }).where('id', '=', customer.id).execute();
    const filter = await part('WS-204', { price_cents: 1000, quantity_prices: JSON.stringify([[10, 800]]) });
    const plug = await part('WS-9', { price_cents: 1000, quantity_prices: JSON.stringify([[10, 800]]) });
    await ordered(customer, 'WS-204 x2\nWS-9 x10');
    // 12.5 % off 10.00 is 8.75; from 10 pieces the quantity price 8.00 is lower.
    expect((await cartRows(customer)).map((row) => [row.product_id, row.price_cents])).toEqual([
      [filter.id, 875],
      [plug.id, 800],
    ]);
  });

  it(`refuses more than ${QUICK_ORDER_LINES_MAX} lines whole, with a clear message, adding nothing`, async () => {
    const customer = await insertSignedInUser(t.database.db);
    await part('BIG-1');
    const text = Array.from({ length: 1000 }, () => 'BIG1 1').join('\n');
    const response = await quick(customer, text);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: quickOrderMessages.tooManyLines, fieldErrors: { text: [quickOrderMessages.tooManyLines] } });
    expect(await cartRows(customer)).toEqual([]);
    // Exactly the limit is fine, blank lines and the header not counted.
    const limit = `partNumber,quantity\n\n${Array.from({ length: QUICK_ORDER_LINES_MAX }, () => 'BIG-1,1').join('\n')}\n\n`;
    expect(await ordered(customer, limit)).toMatchObject({ added: [{ quantity: QUICK_ORDER_LINES_MAX }], errors: [] });
  });

  it('answers text that is missing, blank, too long or not text with 422 and its message, never 500', async () => {
    const customer = await insertSignedInUser(t.database.db);
    for (const [text, message] of [
      [undefined, quickOrderMessages.textRequired],
      ['', quickOrderMessages.textRequired],
      ['\uFEFF \n\t\n', quickOrderMessages.textRequired],
      [42, quickOrderMessages.textRequired],
      ['HF204 1\n'.repeat(5000), quickOrderMessages.tooLong],
    ] as const) {
      const response = await quick(customer, text);
      expect(response.statusCode, String(text).slice(0, 20)).toBe(422);
      expect(response.json().error.fieldErrors.text).toEqual([message]);
    }
    const malformed = await t.app.inject({ method: 'POST', url: '/api/cart/quick', headers: { ...customer.headers, 'content-type': 'application/json' }, payload: '{"text": ' });
    expect(malformed.statusCode).toBe(400);
  });

  it('needs a signed-in customer: a visitor hears 401 and nothing is read', async () => {
    const response = await quick(null, 'HF204 x10');
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHORIZED');
    expect((await quick(null, 'HF204', { authorization: 'Bearer not-a-session' })).statusCode).toBe(401);
  });
});
