import { ACTIVITY_PAGE_SIZE, type ActivityEntry, activityMessages } from '@shop/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { csvFiles } from '../../test/catalogue-files.js';
import { insertProduct, insertReview, insertSignedInUser, storeTestImage } from '../../test/factories.js';

type Person = Awaited<ReturnType<typeof insertSignedInUser>>;
let t: TestApp;
let admin: Person;
let staff: Person;
let customer: Person;
let IMG = '';

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_CACHE_MS: '0' });
  IMG = await storeTestImage(t.app);
  admin = await insertSignedInUser(t.database.db, { role: 'admin', name: 'Ada Admin' });
  staff = await insertSignedInUser(t.database.db, { role: 'staff', name: 'Sam Staff' });
  customer = await insertSignedInUser(t.database.db, { name: 'Cora Customer' });
});
afterAll(async () => t.close());

const inject = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers = admin.headers) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const activity = (query = '', headers = admin.headers) => t.app.inject({ url: `/api/activity${query}`, headers });
const entriesOf = async (query: string): Promise<ActivityEntry[]> => {
  const answer = await activity(query);
  expect(answer.statusCode).toBe(200);
  return answer.json().entries;
};
/** The newest entry of an action. */
const latest = async (action: string) => (await entriesOf(`?action=${action}`))[0];
const entryCount = async () => Number((await t.database.db.selectFrom('activity').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
const actorOf = (person: Person, role: string) => ({ id: person.id, name: person.name, email: person.email, role });

describe('the catalogue writes an entry in the transaction of each change', () => {
  it('adding, changing, setting the stock of and deleting a part; a refused change leaves none', async () => {
    const added = await inject('POST', '/api/products', { name: 'Clutch Cable', decreption: 'Braided, 1200 mm.', price: '14.50', quantity: '25', minimum: '1', img: IMG });
    expect(added.statusCode).toBe(201);
    const id = added.json().insertedId as string;
    expect(await latest('product.created')).toMatchObject({
      actor: actorOf(admin, 'admin'),
      action: 'product.created',
      record: { type: 'product', id, label: 'Clutch Cable' },
      changes: [
        { field: 'price', before: null, after: 14.5 },
        { field: 'quantity', before: null, after: 25 },
        { field: 'minimum', before: null, after: 1 },
      ],
      summary: null,
    });

    // Staff change the price and the stock they saw: only the changed fields are kept.
    const edited = await inject('PUT', `/api/product/${id}`, { decreption: 'Braided, 1200 mm.', price: '16.00', quantity: '30', quantitySeen: 25, minimum: '1' }, staff.headers);
    expect(edited.statusCode).toBe(200);
    expect(await latest('product.updated')).toMatchObject({
      actor: actorOf(staff, 'staff'),
      record: { type: 'product', id, label: 'Clutch Cable' },
      changes: [
        { field: 'price', before: 14.5, after: 16 },
        { field: 'quantity', before: 25, after: 30 },
      ],
    });

    const before = await entryCount();
    // The stock moved under the form (409), an unknown part (404): nothing changed, no entry.
    expect((await inject('PUT', `/api/product/${id}`, { decreption: 'x', price: '99.00', quantity: '3', quantitySeen: 25, minimum: '1' })).statusCode).toBe(409);
    expect((await inject('PUT', `/api/products/${id}`, { updatequantity: 3, quantitySeen: 25 })).statusCode).toBe(409);
    expect((await inject('PUT', `/api/product/${newId()}`, { decreption: 'x', price: '9.00', quantity: '3', minimum: '1' })).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/products/${newId()}`)).statusCode).toBe(404);
    expect(await entryCount()).toBe(before);

    expect((await inject('PUT', `/api/products/${id}`, { updatequantity: 12, quantitySeen: 30 })).statusCode).toBe(200);
    expect(await latest('product.updated')).toMatchObject({ actor: actorOf(admin, 'admin'), changes: [{ field: 'quantity', before: 30, after: 12 }] });
    // Saved unchanged: no change, no entry.
    const unchanged = await entryCount();
    expect((await inject('PUT', `/api/product/${id}`, { decreption: 'Braided, 1200 mm.', price: '16.00', quantity: '12', quantitySeen: 12, minimum: '1' })).statusCode).toBe(200);
    expect(await entryCount()).toBe(unchanged);

    expect((await inject('DELETE', `/api/products/${id}`)).statusCode).toBe(200);
    expect(await latest('product.deleted')).toMatchObject({
      record: { type: 'product', id, label: 'Clutch Cable' },
      changes: [
        { field: 'price', before: 16, after: null },
        { field: 'quantity', before: 12, after: null },
      ],
    });
  });

  it('categories: added, renamed, parts moved, deleted', async () => {
    const brakes = (await inject('POST', '/api/categories', { name: 'Brakes' })).json().insertedId as string;
    const stops = (await inject('POST', '/api/categories', { name: 'Stopping' })).json().insertedId as string;
    expect(await latest('category.created')).toMatchObject({ record: { type: 'category', id: stops, label: 'Stopping' } });
    expect((await inject('PATCH', `/api/categories/${brakes}`, { name: 'Brake Parts' })).statusCode).toBe(200);
    expect(await latest('category.updated')).toMatchObject({ record: { id: brakes, label: 'Brake Parts' }, changes: [{ field: 'name', before: 'Brakes', after: 'Brake Parts' }] });
    await insertProduct(t.database.db, { category_id: brakes });
    await insertProduct(t.database.db, { category_id: brakes });
    const before = await entryCount();
    // Refused: a category that holds parts, one the shop does not have.
    expect((await inject('DELETE', `/api/categories/${brakes}`)).statusCode).toBe(409);
    expect((await inject('PATCH', `/api/categories/${newId()}`, { name: 'Nope' })).statusCode).toBe(404);
    expect(await entryCount()).toBe(before);
    expect((await inject('POST', `/api/categories/${brakes}/move`, { to: stops })).statusCode).toBe(200);
    expect(await latest('category.moved')).toMatchObject({ record: { id: brakes, label: 'Brake Parts' }, summary: '2 parts moved to Stopping' });
    expect((await inject('DELETE', `/api/categories/${brakes}`)).statusCode).toBe(200);
    expect(await latest('category.deleted')).toMatchObject({ actor: actorOf(admin, 'admin'), record: { type: 'category', id: brakes, label: 'Brake Parts' } });
  });

  it('vehicles, fitment and service kits, by staff', async () => {
    const bike = { make: 'Yamaha', model: 'MT-07', yearFrom: 2014, yearTo: 2020, cc: 689 };
    const created = await inject('POST', '/api/vehicles', bike, staff.headers);
    expect(created.statusCode).toBe(201);
    const vehicleId = created.json().insertedId as string;
    expect(await latest('vehicle.created')).toMatchObject({ actor: actorOf(staff, 'staff'), record: { type: 'vehicle', id: vehicleId, label: 'Yamaha MT-07 2014-2020' } });
    expect((await inject('POST', '/api/vehicles', bike, staff.headers)).statusCode).toBe(409);
    expect((await inject('PATCH', `/api/vehicles/${vehicleId}`, { ...bike, yearTo: 2024 }, staff.headers)).statusCode).toBe(200);
    expect(await latest('vehicle.updated')).toMatchObject({ record: { label: 'Yamaha MT-07 2014-2024' }, changes: [{ field: 'yearTo', before: 2020, after: 2024 }] });

    const part = await insertProduct(t.database.db, { name: 'Air Filter MT-07' });
    const fitment = { universal: false, vehicles: [{ make: 'Yamaha', model: 'MT-07', note: '' }] };
    expect((await inject('PUT', `/api/products/${part.id}/fitment`, fitment, staff.headers)).statusCode).toBe(200);
    expect(await latest('product.fitment')).toMatchObject({ record: { type: 'product', id: part.id, label: 'Air Filter MT-07' }, changes: [{ field: 'vehicles', before: 0, after: 1 }], summary: '1 vehicle' });
    const before = await entryCount();
    expect((await inject('PUT', `/api/products/${newId()}/fitment`, fitment, staff.headers)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/vehicles/${vehicleId}/service-kit`, undefined, staff.headers)).statusCode).toBe(404);
    expect(await entryCount()).toBe(before);

    const kit = { intervalKm: 6000, intervalMonths: 12, lines: [{ productId: part.id, quantity: 1, note: '' }] };
    expect((await inject('PUT', `/api/vehicles/${vehicleId}/service-kit`, kit, staff.headers)).statusCode).toBe(200);
    expect(await latest('service-kit.saved')).toMatchObject({
      record: { type: 'vehicle', id: vehicleId, label: 'Yamaha MT-07 2014-2024' },
      changes: [
        { field: 'intervalKm', before: null, after: 6000 },
        { field: 'intervalMonths', before: null, after: 12 },
        { field: 'lines', before: null, after: 1 },
      ],
    });
    expect((await inject('PUT', `/api/vehicles/${vehicleId}/service-kit`, { ...kit, intervalKm: 8000 }, staff.headers)).statusCode).toBe(200);
    expect(await latest('service-kit.saved')).toMatchObject({ changes: [{ field: 'intervalKm', before: 6000, after: 8000 }] });
    expect((await inject('DELETE', `/api/vehicles/${vehicleId}/service-kit`, undefined, staff.headers)).statusCode).toBe(204);
    expect(await latest('service-kit.deleted')).toMatchObject({ record: { type: 'vehicle', id: vehicleId }, changes: [{ field: 'intervalKm', before: 8000, after: null }, { field: 'intervalMonths', before: 12, after: null }, { field: 'lines', before: 1, after: null }] });
    expect((await inject('DELETE', `/api/vehicles/${vehicleId}`, undefined, staff.headers)).statusCode).toBe(200);
    expect(await latest('vehicle.deleted')).toMatchObject({ record: { id: vehicleId, label: 'Yamaha MT-07 2014-2024' }, summary: '1 part fitted it' });
  });

  it('an import is one entry with its counts, written only when it writes', async () => {
    const products = [
      'name,decreption,price,quantity,minimum,category,brand,partNumber,oemNumbers,img',
      `Brake Pads,Sintered.,29.99,10,1,,EBC,ACT-1,,${IMG}`,
      `Oil Filter,Paper.,8.99,20,1,,HiFlo,ACT-2,,${IMG}`,
    ].join('\n');
    const send = (check: boolean) => {
      const body = csvFiles({ products });
      return t.app.inject({ method: 'POST', url: `/api/catalogue/import${check ? '?check=true' : ''}`, headers: { ...admin.headers, ...body.headers }, payload: body.payload });
    };
    const before = await entryCount();
    expect((await send(true)).statusCode).toBe(200);
    expect(await entryCount()).toBe(before);
    const imported = await send(false);
    expect(imported.json()).toMatchObject({ errors: [], written: true });
    expect(await entryCount()).toBe(before + 1);
    expect(await latest('catalogue.imported')).toMatchObject({
      actor: actorOf(admin, 'admin'),
      record: { type: 'catalogue', id: 'import', label: 'Catalogue import' },
      changes: [],
      summary: '2 parts added, 0 changed, 0 fitment rows, 0 service kits',
    });
  });

  it("an admin deleting a review and marking a message; a customer's own deletion leaves none", async () => {
    const review = await insertReview(t.database.db, { name: 'grace kim', review: 'Great pads.', ratings: 4 });
    expect((await inject('DELETE', `/api/review/${review.id}`)).statusCode).toBe(200);
    expect(await latest('review.deleted')).toMatchObject({
      record: { type: 'review', id: review.id, label: 'Review by grace kim' },
      changes: [
        { field: 'review', before: 'Great pads.', after: null },
        { field: 'ratings', before: 4, after: null },
      ],
    });
    const own = await insertReview(t.database.db, { user_id: customer.id, name: customer.name });
    const before = await entryCount();
    expect((await inject('DELETE', `/api/review/${own.id}`, undefined, customer.headers)).statusCode).toBe(200);
    expect(await entryCount()).toBe(before);

    const messageId = newId();
    await t.database.db
      .insertInto('contact_messages')
      .values({ id: messageId, name: 'Ivy', email: 'ivy@example.com', phone: '', subject: 'Order question', message: 'Hello', created_at: new Date().toISOString() })
      .execute();
    expect((await inject('PATCH', `/api/contact-messages/${messageId}`, { read: true }, staff.headers)).statusCode).toBe(200);
    expect(await latest('message.updated')).toMatchObject({
      actor: actorOf(staff, 'staff'),
      record: { type: 'message', id: messageId, label: 'Order question (Ivy)' },
      changes: [{ field: 'read', before: false, after: true }],
    });
    expect((await inject('PATCH', `/api/contact-messages/${newId()}`, { read: true }, staff.headers)).statusCode).toBe(404);
  });
});

describe('GET /api/activity', () => {
  const PAGED = 'pat.paged@example.com';
  beforeAll(async () => {
    // 60 older entries of one person over three days, and two whose labels hold LIKE's wildcards.
    const rows = Array.from({ length: 60 }, (_, index) => ({
      created_at: `2025-03-0${1 + Math.floor(index / 20)}T${String(index % 20).padStart(2, '0')}:00:00.000Z`,
      actor_id: 'pat-account',
      actor_name: 'Pat Paged',
      actor_email: PAGED,
      actor_role: 'staff',
      action: 'order.shipped',
      record_type: 'order',
      record_id: `order-${index}`,
      record_label: `Order #${10000 + index}`,
      changes: '[]',
      summary: null,
      search_text: `order #${10000 + index} order-${index} pat paged ${PAGED}`,
    }));
    rows.push(
      { ...rows[0]!, created_at: '2025-03-02T23:59:59.999Z', record_id: 'lube', record_label: 'Chain Lube 100%', search_text: 'chain lube 100% lube pat paged' },
      { ...rows[0]!, created_at: '2025-03-03T00:00:00.000Z', record_id: 'lube-big', record_label: 'Chain Lube 1000', search_text: 'chain lube 1000 lube-big pat paged' },
    );
    await t.database.db.insertInto('activity').values(rows).execute();
  });

  it('answers newest first, a page of ACTIVITY_PAGE_SIZE with `more`, by person (address in any case, or account id)', async () => {
    const first = (await activity(`?person=${PAGED.toUpperCase()}`)).json();
    expect(first.entries).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first).toMatchObject({ more: true, page: 0 });
    const ids = first.entries.map((entry: ActivityEntry) => Number(entry._id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const second = (await activity('?person=pat-account&page=1')).json();
    expect(second).toMatchObject({ more: false, page: 1 });
    expect(second.entries).toHaveLength(62 - ACTIVITY_PAGE_SIZE);
    expect(second.entries.at(-1)).toMatchObject({ record: { id: 'order-0' }, actor: { name: 'Pat Paged', email: PAGED, role: 'staff' }, changes: [], summary: null });
    expect((await entriesOf(`?person=${admin.email}`)).every((entry) => entry.actor.id === admin.id)).toBe(true);
  });

  it('filters by action and by days, both included (UTC)', async () => {
    expect((await entriesOf('?action=order.shipped&from=2025-03-02&to=2025-03-02')).map((entry) => entry.record.id)).toEqual([
      'lube',
      ...Array.from({ length: 20 }, (_, index) => `order-${39 - index}`),
    ]);
    expect(await entriesOf('?from=2025-03-04&to=2025-03-31')).toEqual([]);
    expect((await entriesOf('?to=2025-03-01')).map((entry) => entry.record.id)).toHaveLength(20);
    expect(await entriesOf('?action=order.refunded')).toEqual([]);
  });

  it('searches every word, taking % and _ literally', async () => {
    expect((await entriesOf('?q=100%25')).map((entry) => entry.record.label)).toEqual(['Chain Lube 100%']);
    expect((await entriesOf('?q=LUBE+chain')).map((entry) => entry.record.label)).toEqual(['Chain Lube 1000', 'Chain Lube 100%']);
    expect(await entriesOf('?q=lube+brake')).toEqual([]);
    expect(await entriesOf('?q=order_1')).toEqual([]);
  });

  it.each([
    ['?from=2025-3-1', activityMessages.day],
    ['?to=2025-02-30', activityMessages.day],
    ['?from=2025-03-02&to=2025-03-01', activityMessages.reversed],
    ['?action=order.deleted', activityMessages.action],
    [`?person=${'p'.repeat(500)}`, activityMessages.person],
    [`?q=${'q'.repeat(500)}`, activityMessages.search],
  ])('refuses %s with 400, naming the filter', async (query, message) => {
    const answer = await activity(query);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toContain(message);
    expect(Object.values(answer.json().error.fieldErrors ?? {}).flat()).toContain(message);
  });

  it('is for admins only', async () => {
    expect((await activity('', staff.headers)).statusCode).toBe(403);
    expect((await activity('', customer.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/activity' })).statusCode).toBe(401);
    // Who asks comes before what they ask.
    expect((await t.app.inject({ url: '/api/activity?from=nope' })).statusCode).toBe(401);
    expect((await activity('?from=nope', customer.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/activity', headers: admin.headers })).statusCode).toBe(404);
  });

  it('cannot be changed or deleted by the app, whoever asks', async () => {
    const count = await entryCount();
    const refused = /The activity log cannot be changed/;
    await expect(t.database.db.updateTable('activity').set({ record_label: 'forged' }).execute()).rejects.toThrow(refused);
    await expect(t.database.db.deleteFrom('activity').execute()).rejects.toThrow(refused);
    if (t.database.dialect === 'postgres') await expect(sql`truncate activity`.execute(t.database.db)).rejects.toThrow(refused);
    expect(await entryCount()).toBe(count);
    expect(await t.database.db.selectFrom('activity').select('id').where('record_label', '=', 'forged').execute()).toEqual([]);
  });
});
