import { DEMO_SETTINGS } from '@shop/shared';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { insertProduct, insertReview, insertSignedInUser, multipartImage, storeTestImage } from '../test/factories.js';
import { newId } from '../lib/ids.js';

/**
 * Every route the app serves, with the answer each kind of caller gets: a visitor, the user who
 * owns the record, another user, an admin, and a staff member (SPEC-3 section 7: orders, messages,
 * returns but their refund, products but their addition and deletion, vehicles and service kits;
 * otherwise as another user). The route list is read from the running app, so a new route
 * without a row here fails this test. Where a caller is refused, nothing changes.
 */

type Role = 'visitor' | 'owner' | 'other' | 'admin' | 'staff';
const ROLES = ['visitor', 'owner', 'other', 'staff', 'admin'] as const;
type Caller = { headers: Record<string, string>; id: string; email: string } | null;
interface Context {
  owner: NonNullable<Caller>;
  other: NonNullable<Caller>;
  admin: NonNullable<Caller>;
  staff: NonNullable<Caller>;
}
interface RequestSpec {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}
interface Row {
  route: string;
  expect: Record<Role, number>;
  /** Builds the request for one caller; fresh records per caller where the call consumes them. */
  request: (ctx: Context, role: Role) => Promise<RequestSpec>;
}

let t: TestApp;
let ctx: Context;
let IMG = '';
/** A fresh, empty category, written straight to the database. */
const matrixCategory = async () => {
  const id = newId();
  await t.database.db.insertInto('categories').values({ id, name: `Matrix ${id}`, name_key: `matrix ${id}`, created_at: new Date().toISOString() }).execute();
  return id;
};
/** A staff member, made so in the database. */
const staffMember = (): Promise<NonNullable<Caller>> => insertSignedInUser(t.database.db, { role: 'staff', name: 'Staff' });
const MATRIX_VEHICLE = { make: 'Matrix', model: 'M', yearFrom: 2015, yearTo: 2020, cc: 500 };
/** A vehicle of its own for each request that changes one. */
async function matrixVehicle(): Promise<string> {
  const id = newId();
  const model = `Matrix ${id}`;
  await t.database.db
    .insertInto('vehicles')
    .values({ id, make: 'Matrix', make_key: 'matrix', model, model_key: model.toLowerCase(), year_from: 2015, year_to: 2020, cc: 500, created_at: new Date().toISOString() })
    .execute();
  return id;
}
/** A vehicle of its own with a one-line service kit of a universal part. */
async function matrixServiceKit(): Promise<string> {
  const vehicleId = await matrixVehicle();
  const part = await insertProduct(t.database.db, { universal: 1 });
  await t.database.db.insertInto('service_kits').values({ vehicle_id: vehicleId, interval_km: 6000, interval_months: 12, updated_at: new Date().toISOString() }).execute();
  await t.database.db.insertInto('service_kit_lines').values({ vehicle_id: vehicleId, position: 0, product_id: part.id, name: part.name, quantity: 1, note: '' }).execute();
  return vehicleId;
}
/** A bike in the owner's garage, of a vehicle of its own, written straight to the database. */
async function matrixGarageBike(ownerId: string): Promise<string> {
  const id = newId();
  await t.database.db.insertInto('garage_bikes').values({ id, user_id: ownerId, vehicle_id: await matrixVehicle(), year: 2016, created_at: new Date().toISOString() }).execute();
  return id;
}
const MATRIX_ADDRESS = { fullName: 'Matrix Rider', line1: '1 Matrix Road', postcode: 'LS1 4AP', country: 'GB', phone: '+44 113 496 0000' };
/** A saved address of the owner's, written straight to the database. */
async function matrixAddress(userId: string): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await t.database.db
    .insertInto('addresses')
    .values({ id, user_id: userId, full_name: 'Matrix Rider', line1: '1 Matrix Road', region: null, postcode: 'LS1 4AP', country: 'GB', phone: '+44 113 496 0000', created_at: now, updated_at: now })
    .execute();
  return id;
}
/** A discount code of its own for each request that adds, changes or deletes one. */
const matrixCode = () => `MATRIX${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
async function matrixDiscount(): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await t.database.db
    .insertInto('discounts')
    .values({ id, code: matrixCode(), kind: 'percent', value: 1000, starts_on: null, ends_on: null, uses_total: null, once_per_customer: 0, category_id: null, applies_to_delivery: 0, active: 1, created_at: now, updated_at: now })
    .execute();
  return id;
}
/** A delivery method of its own for each request that changes one. */
async function matrixShippingMethod(): Promise<string> {
  const id = newId();
  const now = new Date().toISOString();
  await t.database.db
    .insertInto('shipping_methods')
    .values({ id, name: `Matrix ${id}`, price_cents: 500, free_from_cents: null, days_min: 1, days_max: 2, countries: '*', active: 1, position: 99, created_at: now, updated_at: now })
    .execute();
  return id;
}
const all = (status: number): Record<Role, number> => ({ visitor: status, owner: status, other: status, admin: status, staff: status });
/** Staff are answered as another user unless the route lets them in (`staff`). */
const gated = (visitor: number, owner: number, other: number, admin: number, staff = other): Record<Role, number> => ({ visitor, owner, other, admin, staff });

async function placeOrder(owner: NonNullable<Caller>) {
  const product = await insertProduct(t.database.db, { quantity: 100, minimum: 1 });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: owner.headers,
    payload: { productId: product.id, quantity: 1, location: 'Leeds', phone: '+44 113 496 0000' },
  });
  return response.json().insertedId as string;
}
async function clientSecretFor(owner: NonNullable<Caller>, orderId: string) {
  return (await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: owner.headers, payload: { orderId } })).json()
    .clientSecret as string;
}
async function paidOrder(owner: NonNullable<Caller>) {
  const orderId = await placeOrder(owner);
  const clientSecret = await clientSecretFor(owner, orderId);
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm',
    headers: owner.headers,
    payload: { clientSecret, card: { number: '4242424242424242', expiry: '12/34', cvc: '123' } },
  });
  await t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}`, headers: owner.headers, payload: { transactionID: confirmed.json().id } });
  return orderId;
}
/** A one-part order of its owner's, paid and shipped: its id. */
async function shippedOrder(owner: NonNullable<Caller>, admin: NonNullable<Caller>) {
  const orderId = await paidOrder(owner);
  await t.app.inject({ method: 'PATCH', url: `/api/shiftorders/${orderId}`, headers: admin.headers });
  return orderId;
}
/** A return its owner asked for, of a piece of a shipped order: its id. */
async function requestedReturn(owner: NonNullable<Caller>, admin: NonNullable<Caller>) {
  const orderId = await shippedOrder(owner, admin);
  const response = await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/returns`, headers: owner.headers, payload: { quantity: 1, reason: 'Damaged' } });
  return response.json()._id as string;
}
/** A checkout of one line, paid by its owner: its id. */
async function paidCheckout(owner: NonNullable<Caller>) {
  const product = await insertProduct(t.database.db, { quantity: 100, minimum: 1 });
  await t.app.inject({ method: 'PUT', url: '/api/cart', headers: owner.headers, payload: { lines: [{ productId: product.id, quantity: 1 }] } });
  const placed = (await t.app.inject({ method: 'POST', url: '/api/checkout', headers: owner.headers, payload: { location: 'Leeds', phone: '+44 113 496 0000' } })).json();
  const clientSecret = (await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: owner.headers, payload: { checkoutId: placed.checkoutId } })).json().clientSecret;
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm',
    headers: owner.headers,
    payload: { clientSecret, card: { number: '4242424242424242', expiry: '12/34', cvc: '123' } },
  });
  await t.app.inject({ method: 'PATCH', url: `/api/orders/${placed.orderIds[0]}`, headers: owner.headers, payload: { transactionID: confirmed.json().id } });
  return placed.checkoutId as string;
}

let pngCache: Buffer | undefined;
async function imageForm() {
  pngCache ??= await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).png().toBuffer();
  return multipartImage(pngCache);
}

const ROWS: Row[] = [
  { route: 'GET /api/health', expect: all(200), request: async () => ({ url: '/api/health' }) },
  { route: 'GET /api/ready', expect: all(200), request: async () => ({ url: '/api/ready' }) },
  { route: 'GET /robots.txt', expect: all(200), request: async () => ({ url: '/robots.txt' }) },
  { route: 'GET /sitemap.xml', expect: all(200), request: async () => ({ url: '/sitemap.xml' }) },
  { route: 'GET /sitemaps/categories.xml', expect: all(200), request: async () => ({ url: '/sitemaps/categories.xml' }) },
  { route: 'GET /sitemaps/:name', expect: all(200), request: async () => ({ url: '/sitemaps/parts-1.xml' }) },
  { route: 'GET /api/products', expect: gated(401, 403, 403, 200, 200), request: async () => ({ url: '/api/products' }) },
  { route: 'GET /api/productCount', expect: all(200), request: async () => ({ url: '/api/productCount' }) },
  {
    route: 'GET /api/products/:id',
    expect: all(200),
    request: async () => ({ url: `/api/products/${(await insertProduct(t.database.db)).id}` }),
  },
  {
    route: 'GET /api/products/:id/reviews',
    expect: all(200),
    request: async () => ({ url: `/api/products/${(await insertProduct(t.database.db)).id}/reviews` }),
  },
  {
    route: 'POST /api/products',
    expect: gated(401, 403, 403, 201),
    request: async () => ({ url: '/api/products', payload: { name: 'Matrix part', decreption: 'd', price: '9.99', quantity: 5, minimum: 1, img: IMG } }),
  },
  {
    route: 'PUT /api/product/:id',
    expect: gated(401, 403, 403, 200, 200),
    request: async () => ({
      url: `/api/product/${(await insertProduct(t.database.db)).id}`,
      payload: { decreption: 'changed', price: 1, quantity: 1, quantitySeen: 50, minimum: 1 },
    }),
  },
  {
    route: 'PUT /api/products/:id',
    expect: gated(401, 403, 403, 200, 200),
    request: async () => ({ url: `/api/products/${(await insertProduct(t.database.db)).id}`, payload: { updatequantity: 77, quantitySeen: 50 } }),
  },
  {
    route: 'DELETE /api/products/:id',
    expect: gated(401, 403, 403, 200),
    request: async () => ({ url: `/api/products/${(await insertProduct(t.database.db)).id}` }),
  },
  {
    route: 'GET /api/products/:id/stock-history',
    expect: gated(401, 403, 403, 200, 200),
    request: async () => ({ url: `/api/products/${(await insertProduct(t.database.db)).id}/stock-history` }),
  },
  { route: 'GET /api/categories', expect: all(200), request: async () => ({ url: '/api/categories' }) },
  { route: 'GET /api/search', expect: all(200), request: async () => ({ url: '/api/search?q=brake' }) },
  {
    route: 'POST /api/categories',
    expect: gated(401, 403, 403, 201),
    request: async (_ctx, role) => ({ url: '/api/categories', payload: { name: `Matrix ${role} ${Math.random().toString(36).slice(2)}` } }),
  },
  {
    route: 'PATCH /api/categories/:id',
    expect: gated(401, 403, 403, 200),
    request: async () => ({ url: `/api/categories/${await matrixCategory()}`, payload: { name: `Renamed ${Math.random().toString(36).slice(2)}` } }),
  },
  {
    route: 'DELETE /api/categories/:id',
    expect: gated(401, 403, 403, 200),
    request: async () => ({ url: `/api/categories/${await matrixCategory()}` }),
  },
  {
    route: 'POST /api/categories/:id/move',
    expect: gated(401, 403, 403, 200),
    request: async () => ({ url: `/api/categories/${await matrixCategory()}/move`, payload: { to: await matrixCategory() } }),
  },
  { route: 'GET /api/vehicles/makes', expect: all(200), request: async () => ({ url: '/api/vehicles/makes' }) },
  { route: 'GET /api/vehicles/models', expect: all(200), request: async () => ({ url: '/api/vehicles/models?make=Yamaha' }) },
  { route: 'GET /api/vehicles/years', expect: all(200), request: async () => ({ url: '/api/vehicles/years?make=Yamaha&model=MT-07' }) },
  { route: 'GET /api/vehicles', expect: all(200), request: async () => ({ url: '/api/vehicles?make=Yamaha' }) },
  {
    route: 'POST /api/vehicles',
    expect: gated(401, 403, 403, 201, 201),
    request: async (_ctx, role) => ({ url: '/api/vehicles', payload: { ...MATRIX_VEHICLE, model: `Matrix ${role} ${Math.random().toString(36).slice(2)}` } }),
  },
  {
    route: 'PATCH /api/vehicles/:id',
    expect: gated(401, 403, 403, 200, 200),
    request: async () => ({ url: `/api/vehicles/${await matrixVehicle()}`, payload: { ...MATRIX_VEHICLE, model: `Renamed ${Math.random().toString(36).slice(2)}` } }),
  },
  {
    route: 'DELETE /api/vehicles/:id',
    expect: gated(401, 403, 403, 200, 200),
    request: async () => ({ url: `/api/vehicles/${await matrixVehicle()}` }),
  },
  { route: 'GET /api/vehicles/:id/service-kit', expect: all(200), request: async () => ({ url: `/api/vehicles/${await matrixServiceKit()}/service-kit` }) },
  {
    route: 'PUT /api/vehicles/:id/service-kit',
    expect: gated(401, 403, 403, 200, 200),
    request: async () => ({
      url: `/api/vehicles/${await matrixVehicle()}/service-kit`,
      payload: { intervalKm: 6000, intervalMonths: 12, lines: [{ productId: (await insertProduct(t.database.db, { universal: 1 })).id, quantity: 2 }] },
    }),
  },
  {
    route: 'DELETE /api/vehicles/:id/service-kit',
    expect: gated(401, 403, 403, 204, 204),
    request: async () => ({ url: `/api/vehicles/${await matrixServiceKit()}/service-kit` }),
  },
  { route: 'GET /api/garage', expect: gated(401, 200, 200, 200), request: async () => ({ url: '/api/garage' }) },
  {
    route: 'GET /api/products/:id/notify',
    expect: gated(401, 200, 200, 200),
    request: async () => ({ url: `/api/products/${(await insertProduct(t.database.db, { quantity: 0, minimum: 1 })).id}/notify` }),
  },
  {
    route: 'PUT /api/products/:id/notify',
    expect: gated(401, 200, 200, 200),
    request: async () => ({ url: `/api/products/${(await insertProduct(t.database.db, { quantity: 0, minimum: 1 })).id}/notify` }),
  },
  {
    route: 'DELETE /api/products/:id/notify',
    expect: gated(401, 200, 200, 200),
    request: async () => ({ url: `/api/products/${(await insertProduct(t.database.db, { quantity: 0, minimum: 1 })).id}/notify` }),
  },
  { route: 'GET /api/stock-alerts', expect: gated(401, 403, 403, 200), request: async () => ({ url: '/api/stock-alerts' }) },
  {
    route: 'POST /api/garage',
    expect: gated(401, 201, 201, 201),
    request: async () => ({ url: '/api/garage', payload: { vehicleId: await matrixVehicle(), year: 2016 } }),
  },
  {
    // A bike of the owner's: theirs to remove, unknown to anyone else (404), an admin included.
    route: 'DELETE /api/garage/:id',
    expect: gated(401, 200, 404, 404),
    request: async (context) => {
      const vehicleId = await matrixVehicle();
      const id = newId();
      await t.database.db.insertInto('garage_bikes').values({ id, user_id: context.owner.id, vehicle_id: vehicleId, year: 2016, created_at: new Date().toISOString() }).execute();
      return { url: `/api/garage/${id}` };
    },
  },
  {
    route: 'PATCH /api/garage/:id',
    expect: gated(401, 200, 404, 404),
    request: async (context) => ({ url: `/api/garage/${await matrixGarageBike(context.owner.id)}`, payload: { reminders: true } }),
  },
  // A reminder's 'Stop these emails' link needs no sign-in: the signed token of one sent reminder is the right to stop its bike's emails.
  {
    route: 'POST /api/garage/reminders/stop',
    expect: all(200),
    request: async (context) => {
      const id = newId();
      await t.database.db.insertInto('service_reminders').values({ id, bike_id: await matrixGarageBike(context.owner.id), due_km: 6000, due_on: '2027-01-01', created_at: new Date().toISOString() }).execute();
      return { url: '/api/garage/reminders/stop', payload: { token: t.app.serviceReminders.tokenOf(id) } };
    },
  },
  // A reading or a service of the owner's bike: theirs to write and remove; anyone else finds no such bike (404), an admin too.
  {
    route: 'POST /api/garage/:bikeId/readings',
    expect: gated(401, 201, 404, 404),
    request: async (context) => ({ url: `/api/garage/${await matrixGarageBike(context.owner.id)}/readings`, payload: { km: 1200, readOn: '2026-01-05' } }),
  },
  {
    route: 'POST /api/garage/:bikeId/services',
    expect: gated(401, 201, 404, 404),
    request: async (context) => ({ url: `/api/garage/${await matrixGarageBike(context.owner.id)}/services`, payload: { doneOn: '2026-01-05', km: 1200 } }),
  },
  {
    route: 'DELETE /api/garage/:bikeId/readings/:id',
    expect: gated(401, 200, 404, 404),
    request: async (context) => {
      const bikeId = await matrixGarageBike(context.owner.id);
      const id = newId();
      await t.database.db.insertInto('garage_readings').values({ id, bike_id: bikeId, read_on: '2026-01-05', km: 1200, created_at: new Date().toISOString() }).execute();
      return { url: `/api/garage/${bikeId}/readings/${id}` };
    },
  },
  {
    route: 'DELETE /api/garage/:bikeId/services/:id',
    expect: gated(401, 200, 404, 404),
    request: async (context) => {
      const bikeId = await matrixGarageBike(context.owner.id);
      const id = newId();
      await t.database.db.insertInto('garage_services').values({ id, bike_id: bikeId, done_on: '2026-01-05', km: 1200, created_at: new Date().toISOString() }).execute();
      return { url: `/api/garage/${bikeId}/services/${id}` };
    },
  },
  // Each signed-in account has its own saved addresses: another's answers as an unknown one (404), to an admin too.
  { route: 'GET /api/addresses', expect: gated(401, 200, 200, 200), request: async () => ({ url: '/api/addresses' }) },
  {
    route: 'POST /api/addresses',
    expect: gated(401, 201, 201, 201),
    request: async () => ({ url: '/api/addresses', payload: MATRIX_ADDRESS }),
  },
  {
    route: 'PUT /api/addresses/:id',
    expect: gated(401, 200, 404, 404),
    request: async (context) => ({ url: `/api/addresses/${await matrixAddress(context.owner.id)}`, payload: { ...MATRIX_ADDRESS, isDefault: true } }),
  },
  {
    route: 'DELETE /api/addresses/:id',
    expect: gated(401, 200, 404, 404),
    request: async (context) => ({ url: `/api/addresses/${await matrixAddress(context.owner.id)}` }),
  },
  // Each signed-in account has its own cart: nobody reaches another's.
  { route: 'GET /api/cart', expect: gated(401, 200, 200, 200), request: async () => ({ url: '/api/cart' }) },
  {
    route: 'PUT /api/cart',
    expect: gated(401, 200, 200, 200),
    request: async () => ({ url: '/api/cart', payload: { lines: [{ productId: (await insertProduct(t.database.db)).id, quantity: 2 }] } }),
  },
  {
    // Each caller's quick order goes into their own cart.
    route: 'POST /api/cart/quick',
    expect: gated(401, 200, 200, 200),
    request: async () => {
      const partNumber = `MQ${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
      await insertProduct(t.database.db, { part_number: partNumber, part_number_key: partNumber, minimum: 1 });
      return { url: '/api/cart/quick', payload: { text: `${partNumber} x2` } };
    },
  },
  {
    // Each caller checks out a cart of their own, filled for the call.
    route: 'POST /api/checkout',
    expect: gated(401, 201, 201, 201),
    request: async (context, role) => {
      if (role !== 'visitor') {
        const product = await insertProduct(t.database.db, { quantity: 100, minimum: 1 });
        await t.app.inject({ method: 'PUT', url: '/api/cart', headers: context[role].headers, payload: { lines: [{ productId: product.id, quantity: 1 }] } });
      }
      return { url: '/api/checkout', payload: { location: 'Leeds', phone: '+44 113 496 0000' } };
    },
  },
  {
    route: 'PUT /api/products/:id/fitment',
    expect: gated(401, 403, 403, 200, 200),
    request: async () => {
      const vehicleId = await matrixVehicle();
      const vehicle = await t.database.db.selectFrom('vehicles').select('model').where('id', '=', vehicleId).executeTakeFirstOrThrow();
      return { url: `/api/products/${(await insertProduct(t.database.db)).id}/fitment`, payload: { universal: false, vehicles: [{ make: 'Matrix', model: vehicle.model }] } };
    },
  },
  {
    // A check writes nothing, so every caller may send the same file.
    route: 'POST /api/catalogue/import',
    expect: gated(401, 403, 403, 200),
    request: async () => ({
      url: '/api/catalogue/import?check=true',
      ...multipartImage(Buffer.from('partNumber,make,model,yearFrom,yearTo,note\nMATRIX-1,Matrix,M,,,\n'), { field: 'fitment', filename: 'fitment.csv', type: 'text/csv' }),
    }),
  },
  { route: 'GET /api/catalogue/products.csv', expect: gated(401, 403, 403, 200), request: async () => ({ url: '/api/catalogue/products.csv' }) },
  { route: 'GET /api/catalogue/fitment.csv', expect: gated(401, 403, 403, 200), request: async () => ({ url: '/api/catalogue/fitment.csv' }) },
  { route: 'GET /api/catalogue/service-kits.csv', expect: gated(401, 403, 403, 200), request: async () => ({ url: '/api/catalogue/service-kits.csv' }) },
  {
    route: 'GET /api/products/:id/fitment',
    expect: all(200),
    request: async () => ({ url: `/api/products/${(await insertProduct(t.database.db)).id}/fitment` }),
  },
  { route: 'GET /api/getreviews', expect: all(200), request: async () => ({ url: '/api/getreviews?latest=3' }) },
  {
    route: 'POST /api/review',
    expect: gated(401, 201, 201, 201),
    request: async () => ({ url: '/api/review', payload: { review: 'Good', ratings: 5, img: IMG } }),
  },
  {
    route: 'DELETE /api/review/:id',
    expect: gated(401, 200, 403, 200),
    request: async ({ owner }) => ({ url: `/api/review/${(await insertReview(t.database.db, { user_id: owner.id, email: owner.email })).id}` }),
  },
  {
    route: 'POST /api/contact',
    expect: all(201),
    request: async (_ctx, role) => ({
      url: '/api/contact',
      payload: { name: 'N', email: 'n@example.com', subject: 'S', message: 'M' },
      headers: { 'x-matrix-role': role },
    }),
  },
  { route: 'GET /api/contact-messages', expect: gated(401, 403, 403, 200, 200), request: async () => ({ url: '/api/contact-messages' }) },
  { route: 'GET /api/contact-messages/unread', expect: gated(401, 403, 403, 200, 200), request: async () => ({ url: '/api/contact-messages/unread' }) },
  {
    route: 'PATCH /api/contact-messages/:id',
    expect: gated(401, 403, 403, 200, 200),
    request: async () => ({
      url: `/api/contact-messages/${(await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'N', email: 'n@example.com', subject: 'S', message: 'M' }, headers: { 'x-matrix-role': 'inbox' } })).json().insertedId}`,
      payload: { read: true },
    }),
  },
  { route: 'GET /api/auth/*', expect: all(200), request: async () => ({ url: '/api/auth/ok' }) },
  {
    route: 'POST /api/auth/*',
    expect: all(422),
    request: async () => ({ url: '/api/auth/sign-in/email', payload: { email: 'not-an-email', password: 'x' } }),
  },
  { route: 'GET /api/auth-providers', expect: all(200), request: async () => ({ url: '/api/auth-providers' }) },
  {
    // The token exchange checks the identity session itself: a bearer of that email may, anyone else may not.
    route: 'PUT /api/user/:email',
    expect: gated(401, 200, 403, 403),
    request: async ({ owner }) => ({ url: `/api/user/${owner.email}`, payload: { email: owner.email } }),
  },
  { route: 'GET /api/admin/:email', expect: gated(401, 200, 403, 200), request: async ({ owner }) => ({ url: `/api/admin/${owner.email}` }) },
  { route: 'GET /api/user/:email', expect: gated(401, 200, 403, 200), request: async ({ owner }) => ({ url: `/api/user/${owner.email}` }) },
  {
    route: 'PUT /api/userinfo/:email',
    expect: gated(401, 200, 403, 200),
    request: async ({ owner }) => ({ url: `/api/userinfo/${owner.email}`, payload: { img: IMG, phone: '+44 20 7946 0000' } }),
  },
  { route: 'GET /api/users', expect: gated(401, 403, 403, 200), request: async () => ({ url: '/api/users' }) },
  {
    route: 'PUT /api/user/admin/:email',
    expect: gated(401, 403, 403, 200),
    request: async () => {
      // Only an address its owner confirmed may become admin.
      const { email } = await insertSignedInUser(t.database.db);
      await t.database.db.updateTable('users').set({ email_verified: sql<boolean>`true` }).where('email', '=', email).execute();
      return { url: `/api/user/admin/${email}` };
    },
  },
  {
    route: 'PUT /api/user/staff/:email',
    expect: gated(401, 403, 403, 200),
    request: async () => ({ url: `/api/user/staff/${(await insertSignedInUser(t.database.db)).email}` }),
  },
  {
    route: 'DELETE /api/user/staff-role/:email',
    expect: gated(401, 403, 403, 200),
    request: async () => ({ url: `/api/user/staff-role/${(await staffMember()).email}` }),
  },
  { route: 'GET /api/activity', expect: gated(401, 403, 403, 200), request: async () => ({ url: '/api/activity?page=0' }) },
  {
    route: 'PUT /api/user/workshop/:email',
    expect: gated(401, 403, 403, 200),
    request: async () => ({ url: `/api/user/workshop/${(await insertSignedInUser(t.database.db)).email}`, payload: { workshop: true, tradeDiscount: 12.5 } }),
  },
  {
    route: 'DELETE /api/user/admin-role/:email',
    expect: gated(401, 403, 403, 200),
    request: async () => ({ url: `/api/user/admin-role/${(await insertSignedInUser(t.database.db, { role: 'admin' })).email}` }),
  },
  {
    route: 'DELETE /api/user/admin/:email',
    expect: gated(401, 403, 403, 200),
    request: async () => ({ url: `/api/user/admin/${(await insertSignedInUser(t.database.db)).email}` }),
  },
  // The account's own controls act on the caller's account only. The matrix's accounts are made
  // without a password (as Google's are), so a password change or a deletion is refused (409)
  // once the caller is known, and nobody's account goes.
  { route: 'GET /api/account', expect: gated(401, 200, 200, 200), request: async () => ({ url: '/api/account' }) },
  {
    route: 'POST /api/account/password',
    expect: gated(401, 409, 409, 409),
    request: async () => ({ url: '/api/account/password', payload: { currentPassword: 'matrix-pass-1', newPassword: 'matrix-pass-2' } }),
  },
  {
    route: 'POST /api/account/email',
    expect: gated(401, 200, 200, 200),
    request: async () => ({ url: '/api/account/email', payload: { newEmail: `matrix-${newId()}@example.com` } }),
  },
  // The link of a new address: the token is the right; an unknown one lands on the notice with its error.
  { route: 'GET /api/account/email/confirm', expect: all(303), request: async () => ({ url: '/api/account/email/confirm?token=not-a-link-token' }) },
  { route: 'GET /api/account/export', expect: gated(401, 200, 200, 200), request: async () => ({ url: '/api/account/export' }) },
  {
    route: 'DELETE /api/account',
    expect: gated(401, 409, 409, 409),
    // Their sign-in is made older than FRESH_SIGN_IN_MINUTES, which alone confirms the deletion of an account without a password.
    request: async (ctx, role) => {
      if (role !== 'visitor') await t.database.db.updateTable('sessions').set({ created_at: new Date(Date.now() - 60 * 60_000).toISOString() }).where('user_id', '=', ctx[role].id).execute();
      return { url: '/api/account', payload: { password: 'matrix-pass-1' } };
    },
  },
  { route: 'POST /api/images', expect: gated(401, 201, 201, 201), request: async () => ({ url: '/api/images', ...(await imageForm()) }) },
  {
    route: 'POST /api/orders',
    expect: gated(401, 201, 201, 201),
    request: async () => ({
      url: '/api/orders',
      payload: { productId: (await insertProduct(t.database.db)).id, quantity: 2, location: 'Bath', phone: '+44 1225 000000' },
    }),
  },
  { route: 'GET /api/orders/:email', expect: gated(401, 200, 403, 200), request: async ({ owner }) => ({ url: `/api/orders/${owner.email}` }) },
  {
    route: 'GET /api/specificorders/:orderid',
    expect: gated(401, 200, 403, 200),
    request: async ({ owner }) => ({ url: `/api/specificorders/${await placeOrder(owner)}` }),
  },
  {
    route: 'DELETE /api/orders/:id',
    expect: gated(401, 200, 403, 200),
    request: async ({ owner }) => ({ url: `/api/orders/${await placeOrder(owner)}` }),
  },
  {
    route: 'PATCH /api/orders/:id',
    expect: gated(401, 409, 403, 409),
    request: async ({ owner }) => ({ url: `/api/orders/${await placeOrder(owner)}`, payload: { transactionID: 'pi_test_made_up' } }),
  },
  { route: 'GET /api/allorders', expect: gated(401, 403, 403, 200, 200), request: async () => ({ url: '/api/allorders' }) },
  { route: 'GET /api/allorders/count', expect: gated(401, 403, 403, 200, 200), request: async () => ({ url: '/api/allorders/count?status=paid' }) },
  { route: 'GET /api/allorders/export', expect: gated(401, 403, 403, 200, 200), request: async () => ({ url: '/api/allorders/export?status=refunded' }) },
  { route: 'GET /api/sales/revenue', expect: gated(401, 403, 403, 200), request: async () => ({ url: '/api/sales/revenue?from=2026-01-01&to=2026-03-31' }) },
  { route: 'GET /api/sales/statuses', expect: gated(401, 403, 403, 200), request: async () => ({ url: '/api/sales/statuses?from=2026-01-01&to=2026-03-31' }) },
  { route: 'GET /api/sales/best-sellers', expect: gated(401, 403, 403, 200), request: async () => ({ url: '/api/sales/best-sellers?from=2026-01-01&to=2026-03-31' }) },
  { route: 'GET /api/sales/low-stock', expect: gated(401, 403, 403, 200), request: async () => ({ url: '/api/sales/low-stock?from=2026-01-01&to=2026-03-31' }) },
  {
    // Anyone may price the lines they send; a bearer makes it their own (their cart when no lines are sent).
    route: 'POST /api/quote',
    expect: all(200),
    request: async () => ({ url: '/api/quote', payload: { lines: [{ productId: (await insertProduct(t.database.db)).id, quantity: 2 }], country: 'US' } }),
  },
  { route: 'GET /api/settings', expect: all(200), request: async () => ({ url: '/api/settings' }) },
  { route: 'GET /api/admin/settings', expect: gated(401, 403, 403, 200), request: async () => ({ url: '/api/admin/settings' }) },
  { route: 'PUT /api/settings', expect: gated(401, 403, 403, 200), request: async () => ({ url: '/api/settings', payload: DEMO_SETTINGS }) },
  { route: 'GET /api/tax-rates', expect: gated(401, 403, 403, 200), request: async () => ({ url: '/api/tax-rates' }) },
  {
    route: 'PUT /api/tax-rates',
    expect: gated(401, 403, 403, 200),
    request: async () => ({ url: '/api/tax-rates', payload: { rates: [{ country: 'US', region: 'CA', name: 'Sales tax', rate: 7.25, appliesToDelivery: false }] } }),
  },
  { route: 'GET /api/discounts', expect: gated(401, 403, 403, 200), request: async () => ({ url: '/api/discounts' }) },
  {
    route: 'POST /api/discounts',
    expect: gated(401, 403, 403, 201),
    request: async () => ({ url: '/api/discounts', payload: { code: matrixCode(), kind: 'percent', value: 10 } }),
  },
  {
    route: 'PATCH /api/discounts/:id',
    expect: gated(401, 403, 403, 200),
    request: async () => ({ url: `/api/discounts/${await matrixDiscount()}`, payload: { active: false } }),
  },
  { route: 'DELETE /api/discounts/:id', expect: gated(401, 403, 403, 200), request: async () => ({ url: `/api/discounts/${await matrixDiscount()}` }) },
  { route: 'GET /api/shipping-methods', expect: all(200), request: async () => ({ url: '/api/shipping-methods?country=US' }) },
  { route: 'GET /api/admin/shipping-methods', expect: gated(401, 403, 403, 200), request: async () => ({ url: '/api/admin/shipping-methods' }) },
  {
    route: 'POST /api/shipping-methods',
    expect: gated(401, 403, 403, 201),
    request: async () => ({ url: '/api/shipping-methods', payload: { name: 'Matrix courier', price: 5, daysMin: 1, daysMax: 2, countries: ['US'] } }),
  },
  {
    route: 'PATCH /api/shipping-methods/:id',
    expect: gated(401, 403, 403, 200),
    request: async () => ({ url: `/api/shipping-methods/${await matrixShippingMethod()}`, payload: { price: 6 } }),
  },
  { route: 'DELETE /api/shipping-methods/:id', expect: gated(401, 403, 403, 200), request: async () => ({ url: `/api/shipping-methods/${await matrixShippingMethod()}` }) },
  {
    route: 'PATCH /api/shiftorders/:id',
    expect: gated(401, 403, 403, 200, 200),
    request: async ({ owner }) => ({ url: `/api/shiftorders/${await paidOrder(owner)}` }),
  },
  {
    route: 'POST /api/orders/:id/refund',
    expect: gated(401, 403, 403, 200),
    request: async ({ owner }) => ({ url: `/api/orders/${await paidOrder(owner)}/refund` }),
  },
  {
    route: 'GET /api/purchases/:id',
    // Another customer is answered as for an unknown purchase: its existence is not told. Staff see every purchase.
    expect: gated(401, 200, 404, 200, 200),
    request: async ({ owner }) => ({ url: `/api/purchases/${await paidCheckout(owner)}` }),
  },
  {
    route: 'GET /api/purchases/:id/invoice',
    // Another customer is answered as for an unknown purchase: its existence is not told. Staff read every invoice.
    expect: gated(401, 200, 404, 200, 200),
    request: async ({ owner }) => ({ url: `/api/purchases/${await paidCheckout(owner)}/invoice` }),
  },
  {
    route: 'GET /api/refunds/:id/credit-note',
    expect: gated(401, 200, 404, 200, 200),
    request: async ({ owner, admin }) => {
      const orderId = await paidOrder(owner);
      await t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/refund`, headers: admin.headers });
      const { refund_id: refundId } = await t.database.db.selectFrom('orders').select('refund_id').where('id', '=', orderId).executeTakeFirstOrThrow();
      return { url: `/api/refunds/${refundId}/credit-note` };
    },
  },
  {
    route: 'POST /api/purchases/:id/ship',
    expect: gated(401, 403, 403, 200, 200),
    request: async ({ owner }) => ({ url: `/api/purchases/${await paidCheckout(owner)}/ship` }),
  },
  {
    route: 'POST /api/checkouts/:id/refund',
    expect: gated(401, 403, 403, 200),
    request: async ({ owner }) => ({ url: `/api/checkouts/${await paidCheckout(owner)}/refund` }),
  },
  {
    route: 'POST /api/orders/:id/returns',
    // The line's owner only: anyone else, an admin too, is answered as for an unknown order.
    expect: gated(401, 201, 404, 404),
    request: async ({ owner, admin }) => ({ url: `/api/orders/${await shippedOrder(owner, admin)}/returns`, payload: { quantity: 1, reason: 'Does not fit my bike', comment: 'Wrong year' } }),
  },
  { route: 'GET /api/returns', expect: gated(401, 403, 403, 200, 200), request: async () => ({ url: '/api/returns?status=requested&q=matrix&page=0' }) },
  {
    route: 'PATCH /api/returns/:id',
    expect: gated(401, 403, 403, 200, 200),
    request: async ({ owner, admin }) => ({ url: `/api/returns/${await requestedReturn(owner, admin)}`, payload: { action: 'approve' } }),
  },
  {
    // A refund is the admin's only: staff are refused before the return is looked at; an admin
    // passes to the return's own rule (a requested return cannot be refunded yet).
    route: 'PATCH /api/returns/:id',
    expect: gated(401, 403, 403, 409, 403),
    request: async ({ owner, admin }) => ({ url: `/api/returns/${await requestedReturn(owner, admin)}`, payload: { action: 'refund', amount: 1 } }),
  },
  { route: 'GET /api/payments/config', expect: all(200), request: async () => ({ url: '/api/payments/config' }) },
  {
    route: 'POST /api/create-payment-intent',
    expect: gated(401, 200, 403, 200),
    request: async ({ owner }) => ({ url: '/api/create-payment-intent', payload: { orderId: await placeOrder(owner) } }),
  },
  {
    // The same call for a checkout: the owner's, paid by its owner or an admin only.
    route: 'POST /api/create-payment-intent',
    expect: gated(401, 200, 403, 200),
    request: async ({ owner }) => {
      const product = await insertProduct(t.database.db, { quantity: 100, minimum: 1 });
      await t.app.inject({ method: 'PUT', url: '/api/cart', headers: owner.headers, payload: { lines: [{ productId: product.id, quantity: 1 }] } });
      const placed = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: owner.headers, payload: { location: 'Leeds', phone: '+44 113 496 0000' } });
      return { url: '/api/create-payment-intent', payload: { checkoutId: placed.json().checkoutId } };
    },
  },
  {
    route: 'POST /api/payments/webhook',
    expect: all(400),
    request: async () => ({ url: '/api/payments/webhook', payload: { id: 'evt_unsigned', type: 'payment_intent.succeeded' } }),
  },
  {
    route: 'POST /api/payments/test/confirm',
    expect: gated(401, 200, 403, 200),
    request: async ({ owner }) => ({
      url: '/api/payments/test/confirm',
      payload: { clientSecret: await clientSecretFor(owner, await placeOrder(owner)), card: { number: '4242424242424242', expiry: '12/34', cvc: '123' } },
    }),
  },
  { route: 'GET /images/*', expect: all(404), request: async () => ({ url: '/images/not-there.webp' }) },
];

/** Documentation and static files: public, answered without touching any record. */
const PUBLIC_STATIC = new Set([
  'GET /api/docs',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
]);

/** Everything a refused call must leave as it was, table by table. */
async function snapshot(): Promise<Record<string, string>> {
  const db = t.database.db;
  const [products, orders, reviews, users, payments, intents, returns] = await Promise.all([
    db.selectFrom('products').selectAll().orderBy('id').execute(),
    db.selectFrom('orders').selectAll().orderBy('id').execute(),
    db.selectFrom('reviews').selectAll().orderBy('id').execute(),
    db.selectFrom('users').select(['id', 'email', 'role', 'phone', 'image']).orderBy('id').execute(),
    db.selectFrom('payments').selectAll().orderBy('purchase_id').execute(),
    db.selectFrom('test_payment_intents').select(['id', 'status']).orderBy('id').execute(),
    db.selectFrom('returns').selectAll().orderBy('id').execute(),
  ]);
  return Object.fromEntries(
    Object.entries({ products, orders, reviews, users, payments, intents, returns }).map(([table, rows]) => [table, JSON.stringify(rows)]),
  );
}

/**
 * The data once the work a row's set-up started has settled (on PostgreSQL a write the set-up's
 * last answer did not wait for can land a moment later): two reads alike, a little apart.
 */
async function settledSnapshot(): Promise<Record<string, string>> {
  let previous = await snapshot();
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    const next = await snapshot();
    if (JSON.stringify(next) === JSON.stringify(previous)) return next;
    previous = next;
  }
  return previous;
}

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '1000' });
  IMG = await storeTestImage(t.app);
  ctx = {
    owner: await insertSignedInUser(t.database.db, { name: 'Owner' }),
    other: await insertSignedInUser(t.database.db, { name: 'Other' }),
    admin: await insertSignedInUser(t.database.db, { role: 'admin' }),
    staff: await staffMember(),
  };
});
afterAll(async () => t.close());

describe('authorization matrix', () => {
  it('has a row for every route the app serves, and no row for a route it does not', () => {
    const served = new Set(t.app.routeList.filter((route) => !route.startsWith('HEAD ') && !route.startsWith('OPTIONS ')));
    const covered = new Set([...ROWS.map((row) => row.route), ...PUBLIC_STATIC]);
    expect([...served].filter((route) => !covered.has(route)), 'routes without a row').toEqual([]);
    expect([...covered].filter((route) => !served.has(route)), 'rows without a route').toEqual([]);
  });

  // Fresh records only where a call consumes them. A refused call changes nothing (checked below)
  // and a read consumes nothing, so the row's next caller that is refused or reads is sent the same
  // request; a call that changes something gets records of its own. After a refused call, the data
  // it left (read just after it, nothing built since) is what the next refused one must leave too;
  // otherwise the data is read once settled (an accepted call's later work lands meanwhile).
  const lastCall = new Map<Row, { spec: RequestSpec; after?: Record<string, string> }>();
  for (const row of ROWS) {
    for (const role of ROLES) {
      it(`${row.route} as ${role} answers ${row.expect[role]}`, async () => {
        const caller = role === 'visitor' ? null : ctx[role];
        const expected = row.expect[role];
        const refused = expected === 401 || expected === 403;
        const reads = row.route.startsWith('GET ');
        const last = lastCall.get(row);
        lastCall.delete(row);
        const spec = last && (refused || reads) ? last.spec : await row.request(ctx, role);
        const before = refused ? (last?.after ?? (await settledSnapshot())) : undefined;
        const response = await t.app.inject({
          method: row.route.split(' ')[0] as 'GET',
          url: spec.url,
          headers: { ...(caller?.headers ?? {}), ...(spec.headers ?? {}) },
          ...(spec.payload === undefined ? {} : { payload: spec.payload as string }),
        });
        expect(response.statusCode, response.body.slice(0, 300)).toBe(expected);
        if (response.statusCode >= 400) expect(response.json().error.code).toBeTruthy();
        if (before !== undefined) {
          const after = await snapshot();
          for (const table of Object.keys(before)) expect(after[table], `a refused call changed ${table}`).toBe(before[table]);
          lastCall.set(row, { spec, after });
        } else if (reads) lastCall.set(row, { spec });
      });
    }
  }
});

/**
 * Who you are comes before what you send: a caller who may not call a route hears 401 or 403
 * whatever the body, before it is read (malformed, wrong type, invalid fields or far too large).
 */
const BAD_BODIES: Array<{ name: string; payload: string; headers: Record<string, string> }> = [
  { name: 'invalid fields', payload: JSON.stringify({ quantity: -1, price: 'free', role: 'admin', email: 42 }), headers: { 'content-type': 'application/json' } },
  { name: 'malformed JSON', payload: '{"name": ', headers: { 'content-type': 'application/json' } },
  { name: 'an unsupported type', payload: '<x/>', headers: { 'content-type': 'application/xml' } },
  { name: 'a body over the limit', payload: JSON.stringify({ junk: 'x'.repeat(2 * 1024 * 1024) }), headers: { 'content-type': 'application/json' } },
];

describe('identity before the body', () => {
  // Refusals decided by who the caller is (not by a record's owner, which needs the record).
  const byIdentity = (row: Row) => row.expect.owner === 403 || row.route.includes(':email');
  // Staff are refused by their role alone where no call of the route lets them in (a route that
  // does, such as a return's step, refuses them a refund by what the body asks).
  const staffNowhere = (row: Row) => ROWS.every((other) => other.route !== row.route || other.expect.staff === 403);
  const refusals = ROWS.flatMap((row) =>
    (['visitor', 'owner', 'other', 'staff'] as const)
      .filter((role) => role !== 'staff' || staffNowhere(row))
      .filter((role) => row.expect[role] === 401 || (row.expect[role] === 403 && byIdentity(row)))
      .map((role) => ({ row, role, status: row.expect[role] })),
  );

  it('covers every route a visitor may not call', () => {
    const gatedRoutes = ROWS.filter((row) => row.expect.visitor === 401).map((row) => row.route);
    expect(gatedRoutes.length).toBeGreaterThan(20);
    expect(new Set(refusals.map(({ row }) => row.route))).toEqual(new Set(gatedRoutes));
  });

  for (const { row, role, status } of refusals) {
    const [method, route] = row.route.split(' ') as ['GET', string];
    const urlOf = () => route.replace(':email', ctx.owner.email).replace(/:[a-z]+/g, 'abcdefghij0123456789');
    for (const body of method === 'GET' ? [] : BAD_BODIES) {
      it(`${row.route} as ${role} with ${body.name} answers ${status}`, async () => {
        const caller = role === 'visitor' ? null : ctx[role];
        const response = await t.app.inject({ method, url: urlOf(), headers: { ...(caller?.headers ?? {}), ...body.headers }, payload: body.payload });
        expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
        expect(response.json().error.code).toBe(status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN');
      });
    }
    if (method === 'GET') {
      for (const verb of ['GET', 'HEAD'] as const) {
        it(`${verb} ${route} as ${role} with a bad query answers ${status}`, async () => {
          const caller = role === 'visitor' ? null : ctx[role];
          const response = await t.app.inject({ method: verb, url: `${urlOf()}?unknown=%00&latest=x`, headers: caller?.headers ?? {} });
          expect(response.statusCode).toBe(status);
        });
      }
    }
    if (role === 'staff') continue;
    it(`${row.route} with a token that is not a session answers 401`, async () => {
      for (const authorization of ['Bearer not-a-session-token-at-all', 'Basic YWRtaW46YWRtaW4=', 'Bearer', `Bearer ${'a'.repeat(5000)}`]) {
        const response = await t.app.inject({ method, url: urlOf(), headers: { authorization, 'content-type': 'application/json' }, ...(method === 'GET' ? {} : { payload: '{"bad": ' }) });
        expect(response.statusCode, authorization.slice(0, 30)).toBe(401);
      }
    });
  }
});

/**
 * The catalogue's priced answers ('public-priced'): anyone may browse them, and a token that is
 * no session is read as no token at all, never refused; a workshop's prices need its own session.
 */
describe('priced catalogue answers', () => {
  const PRICED_URLS = async () => {
    const part = await insertProduct(t.database.db);
    return ['/api/products?page=0&size=6', `/api/products/${part.id}`, '/api/search?q=brake', `/api/vehicles/${await matrixServiceKit()}/service-kit`];
  };

  it('answer a token that is not a session as they answer a visitor', async () => {
    for (const url of await PRICED_URLS()) {
      const visitor = await t.app.inject({ url });
      expect(visitor.statusCode, url).toBe(200);
      for (const authorization of ['Bearer not-a-session-token-at-all', 'Basic YWRtaW46YWRtaW4=', 'Bearer', `Bearer ${'a'.repeat(5000)}`]) {
        const response = await t.app.inject({ url, headers: { authorization } });
        expect(response.statusCode, `${url} ${authorization.slice(0, 20)}`).toBe(200);
        expect(response.headers['cache-control'], url).toBeUndefined();
      }
    }
  });
});

