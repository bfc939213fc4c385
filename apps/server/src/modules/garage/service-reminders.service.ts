import { createHmac, timingSafeEqual } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { bikeName, isServiceDue, odometerSummary, type ServiceKit, serviceReminderMessages } from '@shop/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AppError, conflict, invalidField } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import type { SettingsService } from '../settings/settings.plugin.js';
import type { GarageRepository, StoredEntry } from './garage.repository.js';
import { dayOf } from './garage.service.js';
import { serviceReminderEmail } from './service-reminders.emails.js';
import type { ClaimedReminder, ReminderBike, ServiceRemindersRepository } from './service-reminders.repository.js';

/** The day's round starts at the first tick after this hour, the shop's time: emails arrive in the morning. */
const ROUND_HOUR = 8;
/** Bikes read per page of the round. */
const ROUND_PAGE = 1000;
/** A round started this long ago and never finished was left by a stopped instance: the next tick runs it again. */
const ROUND_STALE_MS = 30 * 60 * 1000;
/** Reminders emailed per sending round. */
const BATCH_SIZE = 50;
/** A reminder claimed but not emailed within this time (a stopped instance) is taken again. */
const CLAIM_MS = 2 * 60 * 1000;
const MAX_ATTEMPTS = 8;
/** Waits after a failed send: 30 s, 1, 2, 4 ... minutes, at most an hour. */
const retryDelayMs = (attempts: number) => Math.min(60 * 60 * 1000, 30_000 * 2 ** (attempts - 1));
/** What a stop token signs, before the reminder's id: a token of no other use of the secret verifies here. */
const TOKEN_PURPOSE = 'service-reminder-stop:';
const TOKEN_SHAPE = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{43})$/;

const isOn = (value: boolean | number) => value === true || value === 1;

/**
 * The day (YYYY-MM-DD) of a moment in `timeZone`, as dayOf tells it, from one Intl formatter made
 * for a whole round: a tenth of dayOf's cost, which is most of a round's time over many bikes.
 */
function dayFormatter(timeZone: string): (time: number) => string {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (time) => {
    const parts = format.formatToParts(time);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')}`;
  };
}

/** What a round did: the bikes it looked at and the reminders it added. */
interface RoundOutcome {
  day: string;
  bikes: number;
  queued: number;
}

/**
 * Service reminders (SPEC-3 section 5, issue 36 item 5), on the leading instance (decision 018).
 * - The daily round: the first tick after ROUND_HOUR on a shop day pages through the bikes with
 *   reminders on, a service kit and a confirmed address, and adds one row per bike whose next
 *   service is due (odometerSummary and isServiceDue, as My Garage shows it). A due service has
 *   one row whatever the number of rounds or instances (the unique key of bike, km and day);
 *   a new service done moves the next service, which is a new row when it comes due.
 * - The sender: claims unsent rows, reads the bike, account and kit again at sending, and emails
 *   the ones still wanted; the others are dropped without a send. A row is sent at most once.
 * - The one-click 'Stop these emails' link: a token signed with the server's secret.
 * Every step takes `now` (ms) so tests drive the clock.
 */
export function createServiceRemindersService({
  repository,
  garage,
  serviceKits,
  settings,
  mailer,
  log,
  publicUrl,
  secret,
}: {
  repository: ServiceRemindersRepository;
  garage: Pick<GarageRepository, 'entriesOf' | 'intervalsOf'>;
  /** The vehicles module's kits (`app.serviceKits`), priced and stocked as the shop is now. */
  serviceKits: Pick<FastifyInstance['serviceKits'], 'get'>;
  settings: Pick<SettingsService, 'current'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  secret: string;
}) {
  const signature = (id: string) => createHmac('sha256', secret).update(TOKEN_PURPOSE + id).digest();
  const tokenOf = (id: string) => `${id}.${signature(id).toString('base64url')}`;

  /** The reminder id a token names, when the server signed it; null for anything else. */
  function verify(token: string): string | null {
    const match = TOKEN_SHAPE.exec(token);
    if (!match) return null;
    const id = match[1]!;
    // Compared as text: base64url's last character has bits no byte uses, so decoding would let several spellings pass.
    const given = Buffer.from(match[2]!);
    const expected = Buffer.from(signature(id).toString('base64url'));
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  const entriesByBike = async (bikeIds: string[]) => {
    const byBike = new Map<string, StoredEntry[]>(bikeIds.map((id) => [id, []]));
    for (const entry of await garage.entriesOf(bikeIds)) byBike.get(entry.bike_id)?.push(entry);
    return byBike;
  };

  /** The day's round, when it has not run (or was left unfinished); null when there was nothing to do. */
  async function runRound(day: string, now: number, timeZone: string): Promise<RoundOutcome | null> {
    if (!(await repository.startRound(day, now, ROUND_STALE_MS))) return null;
    const addedDay = dayFormatter(timeZone);
    let after: string | null = null;
    let bikes = 0;
    let queued = 0;
    for (;;) {
      const page = await repository.bikesAfter(after, ROUND_PAGE);
      if (page.length === 0) break;
      const entries = new Map<string, StoredEntry[]>(page.map((bike) => [bike.id, []]));
      for (const entry of await repository.entriesBetween(page[0]!.id, page.at(-1)!.id)) entries.get(entry.bike_id)?.push(entry);
      const due = page.flatMap((bike) => {
        const own = entries.get(bike.id) ?? [];
        // The day the bike was added counts only for a bike with no reading or service.
        const addedOn = own.length > 0 ? '' : addedDay(Date.parse(bike.created_at));
        const summary = odometerSummary(own, { intervalKm: bike.interval_km, intervalMonths: bike.interval_months }, addedOn);
        return summary.nextService && isServiceDue(summary, day) ? [{ bike_id: bike.id, due_km: summary.nextService.km, due_on: summary.nextService.date }] : [];
      });
      queued += await repository.queue(due, now);
      bikes += page.length;
      after = page.at(-1)!.id;
      if (page.length < ROUND_PAGE) break;
    }
    await repository.finishRound(day, now, queued);
    log.info({ day, bikes, queued }, 'service reminder round done');
    return { day, bikes, queued };
  }

  /**
   * The reminders of a batch still wanted, with their email's content: the bike is there with
   * reminders on, its account's address confirmed, its vehicle's kit there, and the row's service
   * still its next one (a service done since moved it). The others are dropped.
   */
  async function sendable(claimed: ClaimedReminder[], timeZone: string) {
    const bikes = new Map((await repository.bikes(claimed.map((row) => row.bike_id))).map((bike) => [bike.id, bike]));
    const live = [...bikes.values()];
    const [entries, intervals] = await Promise.all([entriesByBike(live.map((bike) => bike.id)), garage.intervalsOf([...new Set(live.map((bike) => bike.vehicle_id))])]);
    const kits = new Map<string, Promise<ServiceKit | null>>();
    const kitOf = (vehicleId: string) => {
      if (!kits.has(vehicleId)) kits.set(vehicleId, serviceKits.get(vehicleId));
      return kits.get(vehicleId)!;
    };
    const wanted: Array<{ reminder: ClaimedReminder; bike: ReminderBike; kit: ServiceKit }> = [];
    const dropped: string[] = [];
    for (const reminder of claimed) {
      const bike = bikes.get(reminder.bike_id);
      const interval = bike ? (intervals.get(bike.vehicle_id) ?? null) : null;
      const next = bike && interval ? odometerSummary(entries.get(bike.id) ?? [], interval, dayOf(Date.parse(bike.created_at), timeZone)).nextService : null;
      const kit = bike && interval && isOn(bike.reminders) && isOn(bike.email_verified) ? await kitOf(bike.vehicle_id) : null;
      if (bike && kit && next && next.km === reminder.due_km && next.date === reminder.due_on) wanted.push({ reminder, bike, kit });
      else dropped.push(reminder.id);
    }
    return { wanted, dropped };
  }

  /** Emails one batch of the reminders due; resolves with how many were sent. */
  async function deliverDue(now = Date.now()): Promise<number> {
    const claimed = await repository.claimDue(now, now + CLAIM_MS, BATCH_SIZE, MAX_ATTEMPTS);
    if (claimed.length === 0) return 0;
    const { timeZone } = await settings.current();
    const { wanted, dropped } = await sendable(claimed, timeZone);
    if (dropped.length > 0) {
      await repository.dropped(dropped, now);
      log.info({ reminders: dropped.length }, 'service reminders dropped: bike, kit, reminders or confirmed address gone');
    }
    let sent = 0;
    for (const { reminder, bike, kit } of wanted) {
      try {
        await mailer.send(
          serviceReminderEmail({
            to: bike.email,
            customerName: bike.name,
            bike: bikeName(bike),
            bikeId: bike.id,
            next: { km: reminder.due_km, date: reminder.due_on },
            kit,
            token: tokenOf(reminder.id),
            publicUrl,
          }),
        );
        await repository.sent(reminder.id, Date.now());
        sent++;
      } catch (error) {
        const last = reminder.attempts >= MAX_ATTEMPTS;
        log.error({ err: error, reminderId: reminder.id, attempts: reminder.attempts }, last ? 'service reminder email failed; giving up' : 'service reminder email failed; will retry');
        if (last) await repository.dropped([reminder.id], now);
        else await repository.retryAt(reminder.id, now + retryDelayMs(reminder.attempts));
      }
    }
    return sent;
  }

  return {
    /**
     * A tick of the clock (every few minutes on the leading instance): from ROUND_HOUR on, the
     * shop day's round runs once. Resolves with what it did, or null.
     */
    async tick(now = Date.now()): Promise<RoundOutcome | null> {
      const { timeZone } = await settings.current();
      if (new TZDate(now, timeZone).getHours() < ROUND_HOUR) return null;
      return runRound(dayOf(now, timeZone), now, timeZone);
    },
    deliverDue,
    tokenOf,

    /**
     * A 'Stop these emails' link, without sign-in: turns the bike's reminders off. 422 for a
     * token the server did not sign, 409 for a link used before, 404 when the bike has left the garage.
     */
    async stop(token: string, now = Date.now()): Promise<{ bike: string }> {
      const id = verify(token);
      if (!id) throw invalidField('token', serviceReminderMessages.linkInvalid);
      const outcome = await repository.stop(id, now);
      if (outcome === 'gone') throw new AppError(404, 'NOT_FOUND', serviceReminderMessages.bikeGone);
      if (outcome === 'used') throw conflict(serviceReminderMessages.linkUsed);
      return { bike: bikeName(outcome.stopped) };
    },
  };
}
export type ServiceRemindersService = ReturnType<typeof createServiceRemindersService>;
