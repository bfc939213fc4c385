import { z } from 'zod';
import { garageServiceMessages, ODOMETER_KM_MAX, serviceReminderMessages } from '../garage-service.js';
import { idSchema } from './common.js';
import { garageBikeSchema } from './vehicle.js';

/** The schemas of a garage bike's odometer, services and reminders; their rules are in ../garage-service.ts. */
const kmSchema = z
  .number({ error: garageServiceMessages.kmInvalid })
  .int(garageServiceMessages.kmInvalid)
  .min(0, garageServiceMessages.kmInvalid)
  .max(ODOMETER_KM_MAX, garageServiceMessages.kmInvalid);
const daySchema = z.iso.date(garageServiceMessages.dateInvalid);

/** POST /garage/{bikeId}/readings: 'Odometer (km)', read today unless a day is given. */
export const odometerReadingInputSchema = z.object({ km: kmSchema, readOn: daySchema.optional() });

/** POST /garage/{bikeId}/services: 'Service done', its day and the km. */
export const serviceDoneInputSchema = z.object({ doneOn: daySchema, km: kmSchema });

/** PATCH /garage/{id}: 'Email me when a service is due' on or off. */
export const garageBikeChangeSchema = z.object({ reminders: z.boolean({ error: 'Reminders must be on (true) or off (false)' }) });

export const garageBikeParamsSchema = z.object({ bikeId: idSchema });
export const garageEntryParamsSchema = z.object({ bikeId: idSchema, id: idSchema });

export const odometerReadingSchema = z.object({ _id: idSchema, km: z.number().int(), readOn: z.string() });
export const serviceDoneSchema = z.object({ _id: idSchema, doneOn: z.string(), km: z.number().int() });
export const nextServiceSchema = z.object({ km: z.number().int(), date: z.string() });

/** A bike of GET /garage with its odometer: readings and services newest first. */
export const garageBikeServiceSchema = garageBikeSchema.extend({
  /** 'Email me when a service is due', off until the rider turns it on. */
  reminders: z.boolean(),
  odometerKm: z.number().int().nullable(),
  /** The day of the latest reading or service: the km now are estimated from it. */
  odometerOn: z.string().nullable(),
  kmPerDay: z.number().nullable(),
  lastService: z.object({ doneOn: z.string(), km: z.number().int() }).nullable(),
  nextService: nextServiceSchema.nullable(),
  /** Within DUE_WITHIN_KM (by the estimate of the km now) or DUE_WITHIN_DAYS of the next service, or past it. */
  serviceDue: z.boolean(),
  readings: z.array(odometerReadingSchema),
  services: z.array(serviceDoneSchema),
});
export type GarageBikeService = z.infer<typeof garageBikeServiceSchema>;

/** POST /garage/reminders/stop: the token of a reminder's 'Stop these emails' link; no sign-in. */
export const reminderStopInputSchema = z.object({ token: z.string({ error: serviceReminderMessages.linkInvalid }).min(1, serviceReminderMessages.linkInvalid).max(200, serviceReminderMessages.linkInvalid) });
/** Its answer: the bike whose emails stopped, '2019 Yamaha MT-07'. */
export const reminderStopAnswerSchema = z.object({ bike: z.string() });
