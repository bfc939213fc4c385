import {
  allOrdersCountQuerySchema,
  allOrdersQuerySchema,
  createOrderSchema,
  deletedAnswerSchema,
  emailParamsSchema,
  idSchema,
  insertedAnswerSchema,
  modifiedAnswerSchema,
  orderCountSchema,
  orderSchema,
  placedAnswer,
  placedPurchaseFields,
  purchaseSchema,
  shipOrderSchema,
} from '@shop/shared';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';
import { spreadsheetDateTime } from '../../lib/spreadsheet.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toOrder, toPurchase } from './orders.mapper.js';
import { clientAddressOf } from './orders.plugin.js';

const orderIdParams = z.object({ id: idSchema });

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders } = app;
  const toAnswer = (row: Parameters<typeof toOrder>[0]) => toOrder(row, { paymentTimeoutMs: app.config.orderPaymentTimeoutMs });
  const toPurchaseAnswer = (found: Parameters<typeof toPurchase>[0]) => toPurchase(found, { paymentTimeoutMs: app.config.orderPaymentTimeoutMs });

  app.post(
    '/orders',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        ...bearer,
        summary:
          "Places an order: name and price from the catalogue (the buyer's: its quantity price, or a workshop's trade price, whichever is lower), stock taken at once; optionally where it goes and how (country, region, postcode, shippingMethodId) and a discount code, charged exactly as POST /quote prices them (by default the shop's country and its cheapest method)",
        body: createOrderSchema,
        response: { 201: insertedAnswerSchema.extend(placedPurchaseFields), ...errors(400, 401, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const { productId, quantity, country, region, postcode, shippingMethodId, discountCode, expectedTotal } = request.body;
      // Priced for the buyer (a workshop's trade price), as POST /quote answered them.
      const price = app.quote.pricerFor({ lines: [{ productId, quantity }], country, region, postcode, shippingMethodId, discountCode, userId: user.id, tradeDiscount: user.tradeDiscount });
      const { order, pricing } = await orders.place(
        {
        userId: user.id,
        customerName: user.name,
        email: user.email,
        productId: request.body.productId,
        quantity: request.body.quantity,
        location: request.body.location,
        phone: request.body.phone,
        clientAddress: clientAddressOf(request),
        },
        price,
      );
      request.log.info({ orderId: order.id, productId: order.product_id, quantity: order.quantity }, 'order placed');
      return reply.code(201).send({ acknowledged: true, insertedId: order.id, ...placedAnswer(order.purchase_id, pricing.totalCents, expectedTotal) });
    },
  );

  app.get(
    '/orders/:email',
    {
      config: { access: 'owner' },
      schema: { tags: ['orders'], ...bearer, summary: "A customer's orders, newest first (owner or admin)", params: emailParamsSchema, response: { 200: z.array(orderSchema), ...errors(400, 401, 403) } },
    },
    async (request) => {
      // By account, never by address: whoever signs up a removed customer's email sees none of their orders.
      const caller = request.user!;
      const accountId = request.params.email === caller.email ? caller.id : await app.users.accountIdOf(request.params.email);
      if (!accountId) return [];
      const rows = await orders.listForAccount(accountId);
      // Each line with its returns, and what of it can still go back and until when (SPEC-3 section 4).
      const returns = await app.returns.lineFields(rows);
      return rows.map((row) => ({ ...toAnswer(row), ...returns.get(row.id) }));
    },
  );

  app.get(
    '/specificorders/:orderid',
    {
      config: { access: 'user' },
      schema: { tags: ['orders'], ...bearer, summary: 'One order (owner or admin)', params: z.object({ orderid: idSchema }), response: { 200: orderSchema, ...errors(400, 401, 403, 404) } },
    },
    async (request) => toAnswer(await orders.findOwned(request.user, request.params.orderid)),
  );

  app.delete(
    '/orders/:id',
    {
      config: { access: 'user' },
      schema: { tags: ['orders'], ...bearer, summary: 'Cancels an unpaid order and gives its stock back (owner or admin)', params: orderIdParams, response: { 200: deletedAnswerSchema, ...errors(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      const order = await orders.findOwned(request.user, request.params.id);
      await orders.cancel(order, 'customer', request.user);
      request.log.info({ orderId: order.id }, 'order cancelled');
      return { acknowledged: true, deletedCount: 1 };
    },
  );

  app.get(
    '/allorders',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['orders'],
        ...bearer,
        summary:
          'Every order, newest first (admin); ?status= of one status, ?q= by number, customer, email, part, phone, address or transaction, ?page=&size= a page of them',
        querystring: allOrdersQuerySchema,
        response: { 200: z.array(orderSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => (await orders.listAll(request.query)).map(toAnswer),
  );

  app.get(
    '/allorders/count',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['orders'],
        ...bearer,
        summary: 'How many orders ?status= and ?q= find (admin), for the pages of Manage All Orders',
        querystring: allOrdersCountQuerySchema,
        response: { 200: orderCountSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => ({ count: await orders.countAll(request.query) }),
  );

  app.get(
    '/allorders/export',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['orders'],
        ...bearer,
        summary: 'The orders ?status= and ?q= find, newest first, as a CSV file for accounting (admin)',
        querystring: allOrdersCountQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // The shop's day, as the file's dates are.
      const day = spreadsheetDateTime(new Date().toISOString(), app.config.shopTimeZone).slice(0, 10);
      request.log.info({ by: request.user?.email, ...request.query }, 'orders exported');
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="orders-${request.query.status ?? 'all'}-${day}.csv"`)
        .header('Cache-Control', 'no-store')
        // The CSV text, streamed as it is read (Fastify sends a stream as it is, unserialized).
        .send(orders.exportCsv(request.query, app.config.shopTimeZone) as unknown as string);
    },
  );

  app.patch(
    '/shiftorders/:id',
    {
      config: { access: 'staff' },
      schema: { tags: ['orders'], ...bearer, summary: 'Starts shipping a paid order, with an optional carrier and tracking number (admin)', params: orderIdParams, body: shipOrderSchema, response: { 200: modifiedAnswerSchema, ...errors(400, 401, 403, 404, 409) } },
    },
    async (request) => {
      const shipped = await orders.ship(request.params.id, request.body, request.user);
      request.log.info({ orderId: shipped.id, by: request.user?.email, tracked: shipped.tracking_number !== null }, 'order shipping');
      return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
    },
  );

  app.get(
    '/purchases/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['orders'],
        ...bearer,
        summary: 'A purchase (a one-part order or a checkout) with its number and every line (owner or admin; 404 for anyone else)',
        params: orderIdParams,
        response: { 200: purchaseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const found = await orders.findOwnedPurchase(request.user, request.params.id);
      const returns = await app.returns.lineFields(found.lines);
      const answer = toPurchaseAnswer(found);
      return { ...answer, lines: answer.lines.map((line) => ({ ...line, ...returns.get(line._id) })) };
    },
  );

  app.post(
    '/purchases/:id/ship',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['orders'],
        ...bearer,
        summary: 'Ships every paid line of a purchase not yet shipped or refunded as one parcel, with one carrier and tracking number and one email (admin)',
        params: orderIdParams,
        body: shipOrderSchema,
        response: { 200: purchaseSchema, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const shipped = await orders.shipPurchase(request.params.id, request.body, request.user);
      request.log.info({ purchaseId: request.params.id, lines: shipped.length, by: request.user?.email, tracked: shipped[0]!.tracking_number !== null }, 'purchase shipping');
      return toPurchaseAnswer(await orders.findOwnedPurchase(request.user, request.params.id));
    },
  );
};
