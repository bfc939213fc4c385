import { sql } from 'kysely';
import type { ShopDatabase } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import type { StoredEntry } from './garage.repository.js';

/** A bike the daily round looks at: reminders on, its vehicle has a service kit, its account's address confirmed. */
interface RoundBike {
  id: string;
  vehicle_id: string;
  created_at: string;
  interval_km: number;
  interval_months: number;
}

/** A reminder an instance claimed to email. */
export interface ClaimedReminder {
  id: string;
  bike_id: string;
  due_km: number;
  due_on: string;
  attempts: number;
}

/** What the email of a claimed reminder needs of its bike and account, read at sending. */
export interface ReminderBike {
  id: string;
  vehicle_id: string;
  year: number;
  make: string;
  model: string;
  reminders: boolean | number;
  created_at: string;
  name: string;
  email: string;
  email_verified: boolean | number;
}

/** What a 'Stop these emails' link did: the bike whose emails stopped, or why nothing changed. */
type StopOutcome = { stopped: { year: number; make: string; model: string } } | 'used' | 'gone';

/** Database access of the service reminders and their daily rounds (migration 041). */
export function createServiceRemindersRepository(database: ShopDatabase) {
  const { db } = database;
  const on = sql.lit(true);
  return {
    /**
     * Takes the day's round: true when it had not started, or started more than `staleMs` ago and
     * never finished (its instance stopped); false when it is done or under way elsewhere.
     */
    async startRound(day: string, now: number, staleMs: number): Promise<boolean> {
      const stamp = new Date(now).toISOString();
      const inserted = await db
        .insertInto('service_reminder_rounds')
        .values({ day, started_at: stamp, finished_at: null })
        .onConflict((conflict) => conflict.column('day').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return true;
      const retaken = await db
        .updateTable('service_reminder_rounds')
        .set({ started_at: stamp })
        .where('day', '=', day)
        .where('finished_at', 'is', null)
        .where('started_at', '<=', new Date(now - staleMs).toISOString())
        .executeTakeFirst();
      return retaken.numUpdatedRows > 0n;
    },

    async finishRound(day: string, now: number, queued: number): Promise<void> {
      await db
        .updateTable('service_reminder_rounds')
        .set({ finished_at: new Date(now).toISOString(), queued })
        .where('day', '=', day)
        .execute();
    },

    /** The next page of bikes the round looks at, by id after `after` (keyset: memory stays one page whatever the number of bikes). */
    bikesAfter(after: string | null, limit: number): Promise<RoundBike[]> {
      return (
        db
          .selectFrom('garage_bikes')
          .innerJoin('service_kits', 'service_kits.vehicle_id', 'garage_bikes.vehicle_id')
          .innerJoin('users', 'users.id', 'garage_bikes.user_id')
          .select(['garage_bikes.id', 'garage_bikes.vehicle_id', 'garage_bikes.created_at', 'service_kits.interval_km', 'service_kits.interval_months'])
          // Written as the partial index garage_bikes_reminders_on is, so it is the one read.
          .where('garage_bikes.reminders', '=', on)
          .where('users.email_verified', '=', on)
          .$if(after !== null, (qb) => qb.where('garage_bikes.id', '>', after!))
          .orderBy('garage_bikes.id')
          .limit(limit)
          .execute()
      );
    },

    /**
     * The readings and services of the page's bikes: those with reminders on whose ids run from
     * `first` to `last`. The id range is asked of the entries too, so each table is read by one
     * range of its (bike_id, day) index (a list of a thousand ids made PostgreSQL scan the whole
     * table); the bikes' condition keeps out the range's other bikes. In no order: the summary sorts.
     */
    async entriesBetween(first: string, last: string): Promise<StoredEntry[]> {
      const pageBikes = db.selectFrom('garage_bikes').select('id').where('reminders', '=', on).where('id', '>=', first).where('id', '<=', last);
      const [readings, services] = await Promise.all([
        db.selectFrom('garage_readings').select(['id', 'bike_id', 'read_on as on', 'km']).where('bike_id', '>=', first).where('bike_id', '<=', last).where('bike_id', 'in', pageBikes).execute(),
        db.selectFrom('garage_services').select(['id', 'bike_id', 'done_on as on', 'km']).where('bike_id', '>=', first).where('bike_id', '<=', last).where('bike_id', 'in', pageBikes).execute(),
      ]);
      return [...readings.map((row) => ({ ...row, kind: 'reading' as const })), ...services.map((row) => ({ ...row, kind: 'service' as const }))];
    },

    /** Adds the due services found; one already there (an earlier round, another instance) is left as it is. Answers how many were added. */
    async queue(due: ReadonlyArray<{ bike_id: string; due_km: number; due_on: string }>, now: number): Promise<number> {
      if (due.length === 0) return 0;
      const created_at = new Date(now).toISOString();
      const result = await db
        .insertInto('service_reminders')
        .values(due.map((row) => ({ id: newId(now), ...row, created_at, claimed_until: null, sent_at: null, dropped_at: null, stop_used_at: null })))
        .onConflict((conflict) => conflict.columns(['bike_id', 'due_km', 'due_on']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n);
    },

    /**
     * Claims up to `limit` unsent reminders no instance is emailing, until `until`, counting the
     * attempt; one conditional update, so two instances never claim the same row.
     */
    async claimDue(now: number, until: number, limit: number, maxAttempts: number): Promise<ClaimedReminder[]> {
      const stamp = new Date(now).toISOString();
      const free = sql<boolean>`(claimed_until is null or claimed_until <= ${stamp})`;
      return db
        .updateTable('service_reminders')
        .set({ claimed_until: new Date(until).toISOString(), attempts: sql<number>`attempts + 1` })
        .where('id', 'in', (qb) =>
          qb
            .selectFrom('service_reminders')
            .select('id')
            .where('sent_at', 'is', null)
            .where('dropped_at', 'is', null)
            .where('attempts', '<', maxAttempts)
            .where(free)
            .orderBy('created_at')
            .orderBy('id')
            .limit(limit),
        )
        .where(free)
        .returning(['id', 'bike_id', 'due_km', 'due_on', 'attempts'])
        .execute();
    },

    /** The bikes of claimed reminders with their vehicle and account, as they are now. */
    async bikes(ids: readonly string[]): Promise<ReminderBike[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('garage_bikes')
        .innerJoin('vehicles', 'vehicles.id', 'garage_bikes.vehicle_id')
        .innerJoin('users', 'users.id', 'garage_bikes.user_id')
        .select([
          'garage_bikes.id',
          'garage_bikes.vehicle_id',
          'garage_bikes.year',
          'garage_bikes.reminders',
          'garage_bikes.created_at',
          'vehicles.make',
          'vehicles.model',
          'users.name',
          'users.email',
          'users.email_verified',
        ])
        .where('garage_bikes.id', 'in', [...new Set(ids)])
        .execute();
    },

    async sent(id: string, now: number): Promise<void> {
      await db.updateTable('service_reminders').set({ sent_at: new Date(now).toISOString(), claimed_until: null }).where('id', '=', id).execute();
    },

    async dropped(ids: readonly string[], now: number): Promise<void> {
      if (ids.length === 0) return;
      await db.updateTable('service_reminders').set({ dropped_at: new Date(now).toISOString(), claimed_until: null }).where('id', 'in', ids).execute();
    },

    /** A failed send: tried again once `retryAt` has passed. */
    async retryAt(id: string, retryAt: number): Promise<void> {
      await db.updateTable('service_reminders').set({ claimed_until: new Date(retryAt).toISOString() }).where('id', '=', id).execute();
    },

    /**
     * The 'Stop these emails' link of a reminder: turns its bike's reminders off and marks the
     * link used, in one transaction. 'used' when it was used before (or at the same moment);
     * 'gone' when the reminder is no longer kept (its bike was removed).
     */
    async stop(id: string, now: number): Promise<StopOutcome> {
      return database.writeTransaction(async (trx) => {
        const row = await trx
          .selectFrom('service_reminders')
          .innerJoin('garage_bikes', 'garage_bikes.id', 'service_reminders.bike_id')
          .innerJoin('vehicles', 'vehicles.id', 'garage_bikes.vehicle_id')
          .select(['service_reminders.bike_id', 'service_reminders.stop_used_at', 'garage_bikes.year', 'vehicles.make', 'vehicles.model'])
          .where('service_reminders.id', '=', id)
          .executeTakeFirst();
        if (!row) return 'gone';
        if (row.stop_used_at !== null) return 'used';
        const marked = await trx.updateTable('service_reminders').set({ stop_used_at: new Date(now).toISOString() }).where('id', '=', id).where('stop_used_at', 'is', null).executeTakeFirst();
        if (marked.numUpdatedRows === 0n) return 'used';
        await trx.updateTable('garage_bikes').set({ reminders: sql.lit(false) }).where('id', '=', row.bike_id).execute();
        return { stopped: { year: row.year, make: row.make, model: row.model } };
      });
    },
  };
}
export type ServiceRemindersRepository = ReturnType<typeof createServiceRemindersRepository>;
