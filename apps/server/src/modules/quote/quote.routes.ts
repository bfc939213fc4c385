import { dollarsToCents, MAX_ORDER_TOTAL_CENTS, purchaseMessages, quoteMessages, quoteRequestSchema, quoteSchema } from '@shop/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalidField } from '../../lib/errors.js';
import { bearerAuth as bearer, errorResponses as errors } from '../../lib/route-schemas.js';
import { scaledLimit } from '../../plugins/security.js';

/** The purchase page and checkout ask again on each change of the form: far fewer than this. */
const QUOTES_PER_MINUTE = 240;

export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/quote',
    {
      // A visitor may ask for the lines they send; with a bearer, the cart is theirs.
      config: { access: (request) => (request.headers.authorization ? 'user' : 'public'), rateLimit: { max: scaledLimit(app.config, QUOTES_PER_MINUTE), timeWindow: 60_000 } },
      schema: {
        tags: ['orders'],
        ...bearer,
        summary:
          'The totals of a purchase before it is placed: the lines sent (with a bearer and no lines, the cart), the delivery methods serving the country with their prices and arrival dates, the tax of the address and the discount code; what is shown is what the placement charges',
        body: quoteRequestSchema,
        response: { 200: quoteSchema, ...errors(400, 401, 422, 429) },
      },
    },
    async (request) => {
      const { lines: sent, ...options } = request.body;
      const user = request.user;
      const lines =
        sent ??
        (user ? (await app.cart.get(user)).lines.filter((line) => line.problem !== 'gone').map(({ productId, quantity }) => ({ productId, quantity })) : []);
      if (lines.length === 0) throw invalidField('lines', quoteMessages.linesRequired);
      // Priced for the buyer: a workshop's trade prices, list prices for a visitor.
      const { quote } = await app.quote.price({ ...options, lines, userId: user?.id ?? null, tradeDiscount: user?.tradeDiscount ?? 0 });
      if (dollarsToCents(quote.total) > MAX_ORDER_TOTAL_CENTS) throw invalidField('lines', purchaseMessages.totalTooLarge);
      return quote;
    },
  );
};
