import {
  deletedAnswerSchema,
  garageAddSchema,
  garageBikeChangeSchema,
  garageBikeParamsSchema,
  garageBikeServiceSchema,
  garageEntryParamsSchema,
  idParamsSchema,
  insertedAnswerSchema,
  modifiedAnswerSchema,
  odometerReadingInputSchema,
  reminderStopAnswerSchema,
  reminderStopInputSchema,
  serviceDoneInputSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';
import { scaledLimit } from '../../plugins/security.js';

/** A garage holds 10 bikes, all joined at sign-in at once at most; choosing the active bike adds it again. */
const GARAGE_ADDS_PER_MINUTE = 30;
/** Readings and services are written by hand, a few at a time. */
const ODOMETER_ENTRIES_PER_MINUTE = 30;
/** 'Stop these emails' is one click per email; a mail app's one-click POST and the page's own may both come. */
const REMINDER_STOPS_PER_MINUTE = 20;
const FORM = 'application/x-www-form-urlencoded';

export const garageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/garage',
    {
      config: { access: 'user' },
      schema: {
        tags: ['garage'],
        ...bearer,
        summary: "The signed-in rider's bikes, oldest first, one of them active, each with its odometer, readings, services and next service",
        response: { 200: z.array(garageBikeServiceSchema), ...errors(401) },
      },
    },
    async (request) => app.garage.list(request.user!.id),
  );

  app.post(
    '/garage',
    {
      config: { access: 'user', rateLimit: { max: scaledLimit(app.config, GARAGE_ADDS_PER_MINUTE), timeWindow: 60_000 } },
      schema: {
        tags: ['garage'],
        ...bearer,
        summary: 'Adds a bike (or finds it there already); the first bike, or one sent with active, becomes the active one',
        body: garageAddSchema,
        response: { 201: insertedAnswerSchema, ...errors(400, 401, 409, 422, 429) },
      },
    },
    async (request, reply) => reply.code(201).send({ acknowledged: true, insertedId: await app.garage.add(request.user!.id, request.body) }),
  );

  app.delete(
    '/garage/:id',
    {
      config: { access: 'user' },
      schema: { tags: ['garage'], ...bearer, summary: 'Removes one of your bikes; the newest other one becomes active if it was', params: idParamsSchema, response: { 200: deletedAnswerSchema, ...errors(400, 401, 404) } },
    },
    async (request) => {
      await app.garage.remove(request.user!.id, request.params.id);
      return { acknowledged: true, deletedCount: 1 };
    },
  );

  app.patch(
    '/garage/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['garage'],
        ...bearer,
        summary: "Turns 'Email me when a service is due' on or off for one of your bikes",
        params: idParamsSchema,
        body: garageBikeChangeSchema,
        response: { 200: modifiedAnswerSchema, ...errors(400, 401, 404, 422) },
      },
    },
    async (request) => {
      await app.garage.setReminders(request.user!.id, request.params.id, request.body.reminders);
      return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
    },
  );

  // RFC 8058: a mail app's 'Unsubscribe' button POSTs the form `List-Unsubscribe=One-Click` to the
  // List-Unsubscribe address, the token in its query. Only this route reads forms.
  await app.register(async (scope) => {
    const oneClick = scope.withTypeProvider<ZodTypeProvider>();
    oneClick.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 2048 }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));
    oneClick.post(
      '/garage/reminders/stop',
      {
        config: { access: 'public', rateLimit: { max: scaledLimit(app.config, REMINDER_STOPS_PER_MINUTE), timeWindow: 60_000 } },
        schema: {
          tags: ['garage'],
          summary:
            "A reminder email's 'Stop these emails' link, without sign-in: turns that bike's reminders off. JSON `{ token }`, or RFC 8058's one-click form POST " +
            '(`List-Unsubscribe=One-Click`) with `?token=`. 422 under `token` for a token the shop did not sign; 409 once the link was used; ' +
            '404 when the bike has left its garage (its reminders went with it)',
          querystring: z.object({ token: z.string().optional() }),
          body: reminderStopInputSchema,
          response: { 200: reminderStopAnswerSchema, ...errors(400, 404, 409, 422, 429) },
        },
        preValidation: async (request) => {
          if (request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() !== FORM) return;
          const form = (request.body ?? {}) as Record<string, string>;
          // Checked next as any body is: a missing or forged token is the same 422.
          (request as { body: unknown }).body = { token: form.token ?? (request.query as { token?: string }).token };
        },
      },
      async (request) => app.serviceReminders.stop(request.body.token),
    );
  });

  const entryLimit = { max: scaledLimit(app.config, ODOMETER_ENTRIES_PER_MINUTE), timeWindow: 60_000 };

  app.post(
    '/garage/:bikeId/readings',
    {
      config: { access: 'user', rateLimit: entryLimit },
      schema: {
        tags: ['garage'],
        ...bearer,
        summary: "An 'Odometer (km)' reading of one of your bikes, today unless readOn says another day; never in the future, never below an earlier entry",
        params: garageBikeParamsSchema,
        body: odometerReadingInputSchema,
        response: { 201: insertedAnswerSchema, ...errors(400, 401, 404, 422, 429) },
      },
    },
    async (request, reply) => reply.code(201).send({ acknowledged: true, insertedId: await app.garage.addReading(request.user!.id, request.params.bikeId, request.body) }),
  );

  app.post(
    '/garage/:bikeId/services',
    {
      config: { access: 'user', rateLimit: entryLimit },
      schema: {
        tags: ['garage'],
        ...bearer,
        summary: "'Service done' on one of your bikes: its day and km; never in the future, never below an earlier entry or above a later one",
        params: garageBikeParamsSchema,
        body: serviceDoneInputSchema,
        response: { 201: insertedAnswerSchema, ...errors(400, 401, 404, 422, 429) },
      },
    },
    async (request, reply) => reply.code(201).send({ acknowledged: true, insertedId: await app.garage.addService(request.user!.id, request.params.bikeId, request.body) }),
  );

  for (const [path, kind] of [
    ['readings', 'reading'],
    ['services', 'service'],
  ] as const) {
    app.delete(
      `/garage/:bikeId/${path}/:id`,
      {
        config: { access: 'user' },
        schema: {
          tags: ['garage'],
          ...bearer,
          summary: `Removes a ${kind} of one of your bikes`,
          params: garageEntryParamsSchema,
          response: { 200: deletedAnswerSchema, ...errors(400, 401, 404) },
        },
      },
      async (request) => {
        await app.garage.removeEntry(request.user!.id, request.params.bikeId, kind, request.params.id);
        return { acknowledged: true, deletedCount: 1 };
      },
    );
  }
};
