import { cartInputSchema, cartSchema, checkoutAnswerSchema, checkoutInputSchema, placedAnswer } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';
import { scaledLimit } from '../../plugins/security.js';
import { clientAddressOf } from '../orders/orders.plugin.js';

/** The web app writes the cart once per change of a line: far fewer than this even at a customer's fastest. */
const CART_WRITES_PER_MINUTE = 120;

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
    async (request) => app.cart.get(request.user!.id),
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
    async (request) => app.cart.replace(request.user!.id, request.body.lines),
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
      const price = async () => app.quote.pricerFor({ ...options, lines: await app.cart.pricedLines(user.id), userId: user.id })();
      const { checkoutId, orders, pricing } = await app.cart.checkout(user, { location, phone }, clientAddressOf(request), price);
      request.log.info({ checkoutId, lines: orders.length }, 'checkout placed');
      return reply.code(201).send({ checkoutId, orderIds: orders.map((order) => order.id), ...placedAnswer(checkoutId, pricing.totalCents, expectedTotal) });
    },
  );
};
