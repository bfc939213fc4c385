import { cartInputSchema, cartSchema, checkoutAnswerSchema, checkoutInputSchema, placedAnswer, quickOrderAnswerSchema, quickOrderInputSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';
import { scaledLimit } from '../../plugins/security.js';
import { clientAddressOf, type Pricer } from '../orders/orders.plugin.js';
import { createQuickOrder } from './quick-order.js';

/** The web app writes the cart once per change of a line: far fewer than this even at a customer's fastest. */
const CART_WRITES_PER_MINUTE = 120;
/** A workshop pastes its list and sends it once, then fixes the lines it is told of: a few a minute. */
const QUICK_ORDERS_PER_MINUTE = 30;

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cart',
    {
      config: { access: 'user' },
      schema: {
        tags: ['cart'],
        ...bearer,
        summary: "The signed-in customer's cart, each line checked against the catalogue now (a part gone, below its minimum or above its stock says so)",
        response: { 200: cartSchema, ...errors(401) },
      },
    },
    async (request) => app.cart.get(request.user!),
  );

  app.put(
    '/cart',
    {
      config: { access: 'user', rateLimit: { max: scaledLimit(app.config, CART_WRITES_PER_MINUTE), timeWindow: 60_000 } },
      schema: {
        tags: ['cart'],
        ...bearer,
        summary: "Replaces the signed-in customer's cart: { lines: [{ productId, quantity }] }, each part once, at most 50 lines; answers it checked",
        body: cartInputSchema,
        response: { 200: cartSchema, ...errors(400, 401, 422, 429) },
      },
    },
    async (request) => app.cart.replace(request.user!, request.body.lines),
  );
  const quickOrder = createQuickOrder(app.database);
  app.post(
    '/cart/quick',
    {
      config: { access: 'user', rateLimit: { max: scaledLimit(app.config, QUICK_ORDERS_PER_MINUTE), timeWindow: 60_000 } },
      schema: {
        tags: ['cart'],
        ...bearer,
        summary:
          "Quick order: adds the lines of { text } (one part per line, 'HF204 x10', 'hf-204, 2', or a CSV file's text of partNumber, quantity) to the signed-in customer's cart in one write, each part matched by its part number whatever the separators and case, or by an OEM number naming one part; answers each part added with the pieces added, and each line that was not with its message. More than 100 lines: 422, nothing added",
        body: quickOrderInputSchema,
        response: { 200: quickOrderAnswerSchema, ...errors(400, 401, 422, 429) },
      },
    },
    async (request) => quickOrder.add(request.user!, request.body.text),
  );

  app.post(
    '/checkout',
    {
      config: { access: 'user' },
      schema: {
        tags: ['cart'],
        ...bearer,
        summary:
          "Orders the signed-in customer's cart as one checkout, every line or none (a line the shop cannot fill is named), and empties it; one payment pays the checkout. Takes POST /orders' optional country, region, postcode, shippingMethodId, discountCode and expectedTotal",
        body: checkoutInputSchema,
        response: { 201: checkoutAnswerSchema, ...errors(400, 401, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const user = request.user!;
      const { location, phone, expectedTotal, ...options } = request.body;
      // Priced from the cart as it is when the checkout runs: the statement refuses if it changed since, and it is priced again.
      const price: Pricer = async (buyer) => app.quote.pricerFor({ ...options, lines: await app.cart.pricedLines(user.id), userId: user.id, tradeDiscount: user.tradeDiscount })(buyer);
      const { checkoutId, orders, pricing } = await app.cart.checkout(user, { location, phone }, clientAddressOf(request), price);
      request.log.info({ checkoutId, lines: orders.length }, 'checkout placed');
      return reply.code(201).send({ checkoutId, orderIds: orders.map((order) => order.id), ...placedAnswer(checkoutId, pricing.totalCents, expectedTotal) });
    },
  );
};
