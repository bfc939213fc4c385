import { Writable } from 'node:stream';
import { TZDate } from '@date-fns/tz';
import { serviceReminderMessages } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabase, type ShopDatabase } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { insertProduct, insertSignedInUser } from '../../test/factories.js';
import { mailsTo } from '../../test/outbox.js';

/**
 * Service reminders (SPEC-3 section 5, issue 36 item 5) on the shop's clock (America/New_York),
 * driven by hand: the background jobs of these apps are stopped, and each round and sending round
 * is given its `now`. A second app on the same database stands for a second instance, or the shop
 * after a restart.
 */

let t: TestApp;
/** Another instance on the same database. */
let other: { app: FastifyInstance; database: ShopDatabase };
/** Every line logged at error level by either app: a dropped reminder is no error. */
const errorLines: string[] = [];
const errorLog = () => ({
  level: 'error',
  stream: new Writable({
    write(chunk: Buffer, _encoding, done) {
      errorLines.push(chunk.toString());
      done();
    },
  }),
});

type Rider = Awaited<ReturnType<typeof insertSignedInUser>>;
let mt07: string;
let cb500f: string;
let noKit: string;
const ZONE = 'America/New_York';

/** A moment on the shop's clock: `hour` o'clock in New York on `day`. */
const at = (day: string, hour = 9) => new TZDate(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), hour, 0, 0, ZONE).getTime();

const vehicle = async (make: string, model: string) => {
  const id = newId();
  await t.database.db
    .insertInto('vehicles')
    .values({ id, make, make_key: make.toLowerCase(), model, model_key: model.toLowerCase(), year_from: 2014, year_to: 2024, cc: 689, created_at: new Date().toISOString() })
    .execute();
  return id;
};

/** A garage bike written straight in, added on `addedOn` (noon UTC), with its readings and services. */
async function addBike(
  rider: Rider,
  vehicleId: string,
  { year = 2019, reminders = true, addedOn = '2026-01-10', readings = [], services = [] }: { year?: number; reminders?: boolean; addedOn?: string; readings?: Array<[string, number]>; services?: Array<[string, number]> } = {},
): Promise<string> {
  const id = newId();
  const db = t.database.db;
  await db
    .insertInto('garage_bikes')
    .values({ id, user_id: rider.id, vehicle_id: vehicleId, year, active: 0, reminders: sql.lit(reminders), created_at: `${addedOn}T12:00:00.000Z` })
    .execute();
  for (const [on, km] of readings) await db.insertInto('garage_readings').values({ id: newId(), bike_id: id, read_on: on, km, created_at: `${on}T12:00:00.000Z` }).execute();
  for (const [on, km] of services) await db.insertInto('garage_services').values({ id: newId(), bike_id: id, done_on: on, km, created_at: `${on}T12:00:00.000Z` }).execute();
  return id;
}

const remindersOf = (bikeId: string) =>
  t.database.db.selectFrom('service_reminders').select(['id', 'due_km', 'due_on', 'sent_at', 'dropped_at', 'stop_used_at']).where('bike_id', '=', bikeId).orderBy('created_at').execute();
const mails = (rider: Rider) => mailsTo(t.app.config.mail.outboxDir, rider.email).filter((mail) => mail.includes('is due for a service'));
/** The token of the 'Stop these emails' link in an email. */
const stopTokenIn = (mail: string) => decodeURIComponent(/service-emails\/stop\?token=(\S+)/.exec(mail)![1]!);
const stop = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/garage/reminders/stop', payload: payload as object });
const remindersOn = async (bikeId: string) => {
  const row = await t.database.db.selectFrom('garage_bikes').select('reminders').where('id', '=', bikeId).executeTakeFirstOrThrow();
  return row.reminders === true || row.reminders === 1;
};
/** Every sending round of both instances at once, a few times over: all the due reminders go. */
const sendAll = async (now: number) => {
  for (let round = 0; round < 3; round++) await Promise.all([t.app.serviceReminders.deliverDue(now), other.app.serviceReminders.deliverDue(now), t.app.serviceReminders.deliverDue(now)]);
};

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SCALE: '10' }, { logger: errorLog() });
  // The jobs of the running shop would run the round and send on the real clock.
  await t.app.background.stop();
  const database = createDatabase(t.testDatabase.config);
  const app = await buildApp({ config: t.app.config, database, logger: errorLog() });
  await app.ready();
  await app.background.stop();
  other = { app, database };
  expect((await t.app.settings.current()).timeZone).toBe(ZONE);

  mt07 = await vehicle('Yamaha', 'MT-07');
  cb500f = await vehicle('Honda', 'CB500F');
  noKit = await vehicle('Yamaha', 'XSR700');
  // Universal parts (they fit every bike), in one category: the cheapest in stock stands in for the plug.
  const oil = await insertProduct(t.database.db, { name: 'Engine Oil 10W-40, 1 L', price_cents: 899, quantity: 100, minimum: 1, universal: 1 });
  const plug = await insertProduct(t.database.db, { name: 'Iridium Spark Plug CR9EIX', price_cents: 1100, quantity: 0, minimum: 1, universal: 1 });
  await insertProduct(t.database.db, { name: 'Standard Spark Plug CR8E', price_cents: 700, quantity: 30, minimum: 1, universal: 1 });
  for (const vehicleId of [mt07, cb500f]) {
    await t.app.serviceKits.set(vehicleId, {
      intervalKm: 6000,
      intervalMonths: 12,
      lines: [
        { productId: oil.id, quantity: 3, note: '3 l with filter' },
        { productId: plug.id, quantity: 2, note: '' },
      ],
    });
  }
});
afterAll(async () => {
  await other?.app.close();
  await other?.database.close();
  await t.close();
});

describe('the daily round', () => {
  const DAY = '2027-03-10';
  let byKm: Rider;
  let byMonths: Rider;
  let notDue: Rider;
  let off: Rider;
  let unverified: Rider;
  const bikes: Record<string, string> = {};

  beforeAll(async () => {
    [byKm, byMonths, notDue, off] = (await Promise.all([1, 2, 3, 4].map(() => insertSignedInUser(t.database.db, { name: 'Ann Rider' })))) as [Rider, Rider, Rider, Rider];
    unverified = await insertSignedInUser(t.database.db, { verified: false });
    // 10,000 km on 1 Jan, 15,000 on 1 Mar: 84.7 km a day. Next service at 16,000 km (or 1 Jan 2028);
    // on 10 Mar about 15,762 km: within 500 km.
    const kmLog = { readings: [['2027-01-01', 10_000], ['2027-03-01', 15_000]] as Array<[string, number]> };
    bikes.byKm = await addBike(byKm, mt07, kmLog);
    // Serviced on 20 Mar 2026 at 5,000 km, no km a day: by 20 Mar 2027, ten days after the round.
    bikes.byMonths = await addBike(byMonths, cb500f, { services: [['2026-03-20', 5000]] });
    bikes.notDue = await addBike(notDue, mt07, { services: [['2027-01-01', 20_000]] });
    bikes.off = await addBike(off, mt07, { ...kmLog, reminders: false });
    bikes.unverified = await addBike(unverified, mt07, kmLog);
    bikes.noKit = await addBike(byKm, noKit, kmLog);
  });

  it('waits for 08:00 on the shop clock, then finds the bikes due by km or by months, once a day', async () => {
    expect(await t.app.serviceReminders.tick(at(DAY, 7))).toBeNull();
    expect(await t.app.serviceReminders.tick(at(DAY, 9))).toMatchObject({ day: DAY, queued: 2 });
    expect(await remindersOf(bikes.byKm!)).toMatchObject([{ due_km: 16_000, due_on: '2028-01-01', sent_at: null }]);
    expect(await remindersOf(bikes.byMonths!)).toMatchObject([{ due_km: 11_000, due_on: '2027-03-20', sent_at: null }]);
    for (const name of ['notDue', 'off', 'unverified', 'noKit']) expect(await remindersOf(bikes[name]!)).toEqual([]);
    // Later ticks of the day, on either instance, do nothing.
    expect(await t.app.serviceReminders.tick(at(DAY, 10))).toBeNull();
    expect(await other.app.serviceReminders.tick(at(DAY, 23))).toBeNull();
  });

  it('emails each due bike once, with its kit, total, add-kit link and a one-click stop link', async () => {
    await sendAll(at(DAY, 9));
    expect(mails(byKm)).toHaveLength(1);
    expect(mails(byMonths)).toHaveLength(1);
    for (const rider of [notDue, off, unverified]) expect(mails(rider)).toHaveLength(0);

    const mail = mails(byKm)[0]!;
    expect(mail).toContain('Subject: Your 2019 Yamaha MT-07 is due for a service');
    expect(mail).toContain('Hello Ann Rider,');
    expect(mail).toContain('Next service at 16,000 km or by 1 Jan 2028, whichever comes first');
    expect(mail).toContain('3 x Engine Oil 10W-40, 1 L, $8.99 each (3 l with filter)');
    expect(mail).toContain('2 x Iridium Spark Plug CR9EIX, $11.00 each: Out of stock; instead: Standard Spark Plug CR8E, $7.00 each');
    expect(mail).toContain('Total: $48.97');
    expect(mail).toContain(`${t.app.config.publicUrl}/garage?addKit=${bikes.byKm}`);
    const token = stopTokenIn(mail);
    expect(mail).toContain(`Stop these emails: ${t.app.config.publicUrl}/service-emails/stop?token=`);
    expect(mail).toContain(`List-Unsubscribe: <${t.app.config.publicUrl}/api/garage/reminders/stop?token=${encodeURIComponent(token)}>`);
    expect(mail).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mails(byMonths)[0]).toContain('Subject: Your 2019 Honda CB500F is due for a service');
    expect((await remindersOf(bikes.byKm!))[0]!.sent_at).not.toBeNull();
  });

  it('sends nothing twice: a round run again, the next days, or after a restart', async () => {
    // The day's round again (its record gone): the due services are there already.
    await t.database.db.deleteFrom('service_reminder_rounds').where('day', '=', DAY).execute();
    expect(await t.app.serviceReminders.tick(at(DAY, 11))).toMatchObject({ queued: 0 });
    // The next days, on a freshly started instance: the same due services, still no second email.
    const restarted = await buildApp({ config: t.app.config, database: createDatabase(t.testDatabase.config), logger: errorLog() });
    await restarted.ready();
    await restarted.background.stop();
    try {
      for (const day of ['2027-03-11', '2027-03-12']) {
        expect(await restarted.serviceReminders.tick(at(day, 8))).toMatchObject({ day, queued: 0 });
        expect(await restarted.serviceReminders.deliverDue(at(day, 8))).toBe(0);
      }
    } finally {
      await restarted.close();
      await restarted.database.close();
    }
    await sendAll(at('2027-03-12', 9));
    expect(mails(byKm)).toHaveLength(1);
    expect(mails(byMonths)).toHaveLength(1);
  });

  it('emails again when a new service done brings a new due service', async () => {
    // Serviced on 15 Mar at 11,050 km: next at 17,050 km or by 15 Mar 2028.
    await t.database.db.insertInto('garage_services').values({ id: newId(), bike_id: bikes.byMonths!, done_on: '2027-03-15', km: 11_050, created_at: new Date().toISOString() }).execute();
    expect(await t.app.serviceReminders.tick(at('2027-03-16'))).toMatchObject({ queued: 0 });
    // By then the bike not due in March 2027 is past its 1 Jan 2028 service too.
    expect(await t.app.serviceReminders.tick(at('2028-02-13'))).toMatchObject({ queued: 2 });
    await sendAll(at('2028-02-13'));
    expect(mails(notDue)).toHaveLength(1);
    expect(mails(byMonths)).toHaveLength(2);
    expect(mails(byMonths)[1]).toContain('Next service at 17,050 km or by 15 Mar 2028, whichever comes first');
    expect((await remindersOf(bikes.byMonths!)).map((row) => row.due_on)).toEqual(['2027-03-20', '2028-03-15']);
    // The km bike's next service has not moved: still the one email.
    expect(mails(byKm)).toHaveLength(1);
  });

  it('stops the emails from the link without sign-in, once; a forged or garbled token is refused', async () => {
    const token = stopTokenIn(mails(byKm)[0]!);
    const [id, signature] = token.split('.') as [string, string];
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    for (const forged of [`${id}.${flipped}`, `${bikes.byKm}.${signature}`, 'garbled', `${id}.`, 'x'.repeat(201)]) {
      const refused = await stop({ token: forged });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.fieldErrors).toEqual({ token: [serviceReminderMessages.linkInvalid] });
    }
    expect((await stop({})).json().error.fieldErrors).toEqual({ token: [serviceReminderMessages.linkInvalid] });
    expect(await remindersOn(bikes.byKm!)).toBe(true);

    const stopped = await stop({ token });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toEqual({ bike: '2019 Yamaha MT-07' });
    expect(await remindersOn(bikes.byKm!)).toBe(false);
    expect((await remindersOf(bikes.byKm!))[0]!.stop_used_at).not.toBeNull();

    const again = await stop({ token });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(serviceReminderMessages.linkUsed);
  });

  it("takes a mail app's RFC 8058 one-click POST, the token in the address", async () => {
    const token = stopTokenIn(mails(byMonths)[1]!);
    const url = `/api/garage/reminders/stop?token=${encodeURIComponent(token)}`;
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const stopped = await t.app.inject({ method: 'POST', url, headers: form, payload: 'List-Unsubscribe=One-Click' });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toEqual({ bike: '2019 Honda CB500F' });
    expect(await remindersOn(bikes.byMonths!)).toBe(false);
    expect((await t.app.inject({ method: 'POST', url, headers: form, payload: 'List-Unsubscribe=One-Click' })).statusCode).toBe(409);
    const noToken = await t.app.inject({ method: 'POST', url: '/api/garage/reminders/stop', headers: form, payload: 'List-Unsubscribe=One-Click' });
    expect(noToken.statusCode).toBe(422);
    expect(noToken.json().error.fieldErrors).toEqual({ token: [serviceReminderMessages.linkInvalid] });
  });

  it("answers a valid link of a bike that left its garage with 404 'no longer in a garage'", async () => {
    const rider = await insertSignedInUser(t.database.db);
    const bikeId = await addBike(rider, mt07, { services: [['2026-03-20', 5000]] });
    expect(await t.app.serviceReminders.tick(at('2027-03-25'))).toMatchObject({ queued: 1 });
    const [reminder] = await remindersOf(bikeId);
    const token = t.app.serviceReminders.tokenOf(reminder!.id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/garage/${bikeId}`, headers: rider.headers })).statusCode).toBe(200);
    const gone = await stop({ token });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(serviceReminderMessages.bikeGone);
    expect(await t.app.serviceReminders.deliverDue(at('2027-03-25'))).toBe(0);
    expect(mails(rider)).toHaveLength(0);
  });
});

describe('between the round and the email', () => {
  it('sends nothing, and logs no error, when the bike, vehicle, kit, account, opt-in or confirmed address is gone', async () => {
    const admin = await insertSignedInUser(t.database.db, { role: 'admin' });
    const kept = await vehicle('Kawasaki', 'Z900');
    const doomed = await vehicle('Suzuki', 'SV650');
    const kitless = await vehicle('Triumph', 'Trident 660');
    for (const vehicleId of [kept, doomed, kitless]) await t.app.serviceKits.set(vehicleId, { intervalKm: 6000, intervalMonths: 12, lines: [] });
    const due = { services: [['2026-04-20', 5000]] as Array<[string, number]> };
    const riders = await Promise.all(['bike', 'vehicle', 'kit', 'account', 'optOut', 'unconfirmed', 'kept'].map(async (name) => [name, await insertSignedInUser(t.database.db)] as const));
    const rider = Object.fromEntries(riders) as Record<string, Rider>;
    const bike: Record<string, string> = {
      bike: await addBike(rider.bike!, kept, due),
      vehicle: await addBike(rider.vehicle!, doomed, due),
      kit: await addBike(rider.kit!, kitless, due),
      account: await addBike(rider.account!, kept, due),
      optOut: await addBike(rider.optOut!, kept, due),
      unconfirmed: await addBike(rider.unconfirmed!, kept, due),
      kept: await addBike(rider.kept!, kept, due),
    };
    expect(await t.app.serviceReminders.tick(at('2027-04-01'))).toMatchObject({ queued: 7 });

    expect((await t.app.inject({ method: 'DELETE', url: `/api/garage/${bike.bike}`, headers: rider.bike!.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/vehicles/${doomed}`, headers: admin.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/vehicles/${kitless}/service-kit`, headers: admin.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/admin/${encodeURIComponent(rider.account!.email)}`, headers: admin.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/garage/${bike.optOut}`, headers: rider.optOut!.headers, payload: { reminders: false } })).statusCode).toBe(200);
    await t.database.db.updateTable('users').set({ email_verified: sql.lit(false) }).where('id', '=', rider.unconfirmed!.id).execute();

    await sendAll(at('2027-04-01'));
    expect(mails(rider.kept!)).toHaveLength(1);
    for (const name of ['bike', 'vehicle', 'kit', 'account', 'optOut', 'unconfirmed']) expect(mails(rider[name]!), name).toHaveLength(0);
    // Rows of a bike that left went with it; the others are marked dropped, never to be sent.
    for (const name of ['bike', 'vehicle', 'account']) expect(await remindersOf(bike[name]!)).toEqual([]);
    for (const name of ['kit', 'optOut', 'unconfirmed']) expect((await remindersOf(bike[name]!))[0], name).toMatchObject({ sent_at: null, dropped_at: expect.any(String) });
    // The rider turning reminders on again does not bring a dropped one back.
    await t.app.inject({ method: 'PATCH', url: `/api/garage/${bike.optOut}`, headers: rider.optOut!.headers, payload: { reminders: true } });
    expect(await t.app.serviceReminders.tick(at('2027-04-02'))).toMatchObject({ queued: 0 });
    await sendAll(at('2027-04-02'));
    expect(mails(rider.optOut!)).toHaveLength(0);
    expect(errorLines).toEqual([]);
  });
});

describe('two instances at once', () => {
  it('queue and send one email per due service when both run the round and the sender at the same moment', async () => {
    const riders = await Promise.all(Array.from({ length: 12 }, () => insertSignedInUser(t.database.db)));
    for (const rider of riders) await addBike(rider, mt07, { year: 2020, services: [['2026-05-20', 5000]] });
    const now = at('2027-05-02');
    const rounds = await Promise.all([t.app.serviceReminders.tick(now), other.app.serviceReminders.tick(now)]);
    // One of them ran the day's round.
    expect(rounds.filter((round) => round !== null)).toHaveLength(1);
    // Two sending rounds on each instance at once, three times: each reminder is claimed by one of them.
    let sent = 0;
    for (let round = 0; round < 3; round++) {
      const counts = await Promise.all([1, 2].flatMap(() => [t.app.serviceReminders.deliverDue(now), other.app.serviceReminders.deliverDue(now)]));
      sent += counts.reduce((sum, count) => sum + count, 0);
    }
    expect(sent).toBe(12);
    for (const rider of riders) expect(mails(rider)).toHaveLength(1);
    const rows = await t.database.db.selectFrom('service_reminders').select(['sent_at']).where('due_on', '=', '2027-05-20').execute();
    expect(rows).toHaveLength(12);
    expect(rows.every((row) => row.sent_at !== null)).toBe(true);
  });
});

describe('a send that fails', () => {
  it('is tried again once its wait is over, by any instance, and sent once', async () => {
    const failing = await buildApp({
      config: t.app.config,
      database: createDatabase(t.testDatabase.config),
      logger: false,
      mailer: {
        send: async () => {
          throw new Error('SMTP server unreachable');
        },
      },
    });
    await failing.ready();
    await failing.background.stop();
    try {
      const rider = await insertSignedInUser(t.database.db);
      const bikeId = await addBike(rider, mt07, { year: 2021, services: [['2026-06-20', 5000]] });
      const now = at('2027-06-01');
      expect(await failing.serviceReminders.tick(now)).toMatchObject({ queued: 1 });
      expect(await failing.serviceReminders.deliverDue(now)).toBe(0);
      expect(mails(rider)).toHaveLength(0);
      // Claimed for its wait (30 s after a first failure): no instance takes it before.
      expect(await t.app.serviceReminders.deliverDue(now + 20_000)).toBe(0);
      expect(await t.app.serviceReminders.deliverDue(now + 31_000)).toBe(1);
      expect(await other.app.serviceReminders.deliverDue(now + 10 * 60_000)).toBe(0);
      expect(mails(rider)).toHaveLength(1);
      expect(await remindersOf(bikeId)).toMatchObject([{ sent_at: expect.any(String), dropped_at: null }]);
    } finally {
      await failing.close();
      await failing.database.close();
    }
  });
});

describe('a bike with no reading or service', () => {
  it('counts from 0 km on the shop day it was added', async () => {
    const rider = await insertSignedInUser(t.database.db);
    const bikeId = await addBike(rider, mt07, { year: 2022 });
    // 02:00 UTC on 21 Jul is still 20 Jul in New York.
    await t.database.db.updateTable('garage_bikes').set({ created_at: '2026-07-21T02:00:00.000Z' }).where('id', '=', bikeId).execute();
    expect(await t.app.serviceReminders.tick(at('2027-06-19'))).toMatchObject({ queued: 0 });
    expect(await t.app.serviceReminders.tick(at('2027-06-20'))).toMatchObject({ queued: 1 });
    expect(await remindersOf(bikeId)).toMatchObject([{ due_km: 6000, due_on: '2027-07-20' }]);
  });
});
