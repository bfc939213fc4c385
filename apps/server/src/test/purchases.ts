import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** Orders as the shop reads them, each line with its purchase's buyer, delivery address and payment: for tests outside the orders module. */
export { selectOrders } from '../modules/orders/order-rows.js';

export const VISA = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
export const DELIVERY = { location: '7 Throttle Lane, Leeds', phone: '+44 113 496 0000' };

/**
 * Pays a purchase (an order, or a checkout by its id) as the web app does in test mode: the
 * intent, the card confirmed, the payment recorded against its first order. Answers the intent's id.
 */
export async function payWithTestCard(
  app: FastifyInstance,
  customer: { headers: Record<string, string> },
  paysFor: { orderId: string } | { checkoutId: string },
  firstOrderId: string,
  card = VISA,
): Promise<string> {
  const { clientSecret } = (await app.inject({ method: 'POST', url: '/api/create-payment-intent', headers: customer.headers, payload: paysFor })).json();
  const confirmed = await app.inject({ method: 'POST', url: '/api/payments/test/confirm', headers: customer.headers, payload: { clientSecret, card } });
  expect(confirmed.statusCode).toBe(200);
  const paid = await app.inject({ method: 'PATCH', url: `/api/orders/${firstOrderId}`, headers: customer.headers, payload: { transactionID: confirmed.json().id } });
  expect(paid.statusCode).toBe(200);
  return confirmed.json().id;
}
