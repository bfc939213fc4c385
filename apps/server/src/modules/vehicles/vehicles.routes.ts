import {
  errorEnvelopeSchema,
  fitmentInputSchema,
  fitmentSchema,
  idParamsSchema,
  insertedAnswerSchema,
  modifiedAnswerSchema,
  serviceKitInputSchema,
  serviceKitSchema,
  vehicleInputSchema,
  vehicleQuerySchema,
  vehicleSchema,
} from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';
import { personalServiceKit } from '../../lib/personal-prices.js';

const names = { 200: z.array(z.string()), 400: errorEnvelopeSchema };

export const vehiclesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.cachedGet(
    '/vehicles/makes',
    { config: { access: 'public' }, schema: { tags: ['vehicles'], summary: 'Every make the shop knows, by name', response: names } },
    async (_request, _reply, cache) => cache('vehicles:makes', () => app.vehicles.makes()),
  );

  app.cachedGet(
    '/vehicles/models',
    { config: { access: 'public' }, schema: { tags: ['vehicles'], summary: "A make's models, by name", querystring: vehicleQuerySchema, response: names } },
    async (request, _reply, cache) => cache(`vehicles:models:${request.query.make ?? ''}`, () => app.vehicles.models(request.query.make)),
  );

  app.cachedGet(
    '/vehicles/years',
    {
      config: { access: 'public' },
      schema: { tags: ['vehicles'], summary: 'The years a make and model were made, oldest first', querystring: vehicleQuerySchema, response: { 200: z.array(z.number().int()), 400: errorEnvelopeSchema } },
    },
    async (request, _reply, cache) =>
      cache(`vehicles:years:${request.query.make ?? ''}:${request.query.model ?? ''}`, () => app.vehicles.years(request.query.make, request.query.model)),
  );

  app.cachedGet(
    '/vehicles',
    {
      config: { access: 'public' },
      schema: {
        tags: ['vehicles'],
        summary: 'The vehicles of a make, model and year (each filter optional)',
        querystring: vehicleQuerySchema,
        response: { 200: z.array(vehicleSchema), 400: errorEnvelopeSchema },
      },
    },
    async (request, _reply, cache) => {
      const { make, model, year } = request.query;
      return cache(`vehicles:${make ?? ''}:${model ?? ''}:${year ?? ''}`, () => app.vehicles.find({ make, model, year }));
    },
  );

  app.post(
    '/vehicles',
    {
      config: { access: 'staff' },
      schema: { tags: ['vehicles'], ...bearer, summary: 'Adds a vehicle (admin)', body: vehicleInputSchema, response: { 201: insertedAnswerSchema, ...errors(400, 401, 403, 409, 422) } },
    },
    async (request, reply) => reply.code(201).send({ acknowledged: true, insertedId: await app.vehicles.add(request.body, request.user!) }),
  );

  app.patch(
    '/vehicles/:id',
    {
      config: { access: 'staff' },
      schema: { tags: ['vehicles'], ...bearer, summary: 'Changes a vehicle (admin)', params: idParamsSchema, body: vehicleInputSchema, response: { 200: modifiedAnswerSchema, ...errors(400, 401, 403, 404, 409, 422) } },
    },
    async (request) => {
      await app.vehicles.edit(request.params.id, request.body, request.user!);
      return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
    },
  );

  app.delete(
    '/vehicles/:id',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['vehicles'],
        ...bearer,
        summary: 'Deletes a vehicle and the fitment rows of the parts that fitted it (admin)',
        params: idParamsSchema,
        response: { 200: z.object({ acknowledged: z.boolean(), deletedCount: z.number().int(), fitmentRemoved: z.number().int() }), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({ acknowledged: true, deletedCount: 1, fitmentRemoved: await app.vehicles.remove(request.params.id, request.user!) }),
  );

  app.cachedGet(
    '/vehicles/:id/service-kit',
    {
      config: { access: 'public-priced' },
      personalise: personalServiceKit,
      schema: {
        tags: ['vehicles'],
        summary: "A vehicle's service kit: its intervals, and its lines with the parts' prices and stock now; for a line out of stock, a fitting part of its category in stock",
        params: idParamsSchema,
        response: { 200: serviceKitSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request, _reply, cache) => {
      const kit = await cache(`service-kit:${request.params.id}`, () => app.serviceKits.get(request.params.id));
      if (!kit) throw notFound('Service kit');
      return kit;
    },
  );

  app.put(
    '/vehicles/:id/service-kit',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['vehicles'],
        ...bearer,
        summary: "Sets a vehicle's service kit whole, replacing its lines (admin); only parts that fit the vehicle or every bike",
        params: idParamsSchema,
        body: serviceKitInputSchema,
        response: { 200: serviceKitSchema, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      await app.serviceKits.set(request.params.id, request.body, request.user!);
      const kit = await app.serviceKits.get(request.params.id);
      if (!kit) throw notFound('Service kit');
      return kit;
    },
  );

  app.delete(
    '/vehicles/:id/service-kit',
    {
      config: { access: 'staff' },
      schema: { tags: ['vehicles'], ...bearer, summary: "Deletes a vehicle's service kit (admin)", params: idParamsSchema, response: { 204: z.null(), ...errors(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      await app.serviceKits.remove(request.params.id, request.user!);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/products/:id/fitment',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['vehicles'],
        ...bearer,
        summary: "Sets a part's universal mark and replaces its fitment rows (admin); each row stands for every vehicle of its make and model whose years meet the row's",
        params: idParamsSchema,
        body: fitmentInputSchema,
        response: { 200: modifiedAnswerSchema, ...errors(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      await app.vehicles.setFitment(request.params.id, request.body, undefined, request.user!);
      return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
    },
  );

  app.cachedGet(
    '/products/:id/fitment',
    {
      config: { access: 'public' },
      schema: { tags: ['vehicles'], summary: 'The bikes a part fits, or whether it fits every bike', params: idParamsSchema, response: { 200: fitmentSchema, 400: errorEnvelopeSchema, 404: errorEnvelopeSchema } },
    },
    async (request, _reply, cache) => {
      const fitment = await cache(`fitment:${request.params.id}`, () => app.vehicles.fitmentOf(request.params.id));
      if (!fitment) throw notFound('Product');
      return fitment;
    },
  );
};
