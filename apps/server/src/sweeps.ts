import type { FastifyInstance } from 'fastify';

const UNPAID_SWEEP_INTERVAL_MS = 60 * 1000;
const IMAGE_SWEEP_INTERVAL_MS = 30 * 60 * 1000;
const STALE_REFUND_INTERVAL_MS = 60 * 1000;
/** A refund still pending this long was left by an instance that stopped while asking the provider. */
const STALE_REFUND_AGE_MS = 5 * 60 * 1000;

/**
 * The running shop's sweeps: orders left unpaid past the timeout release their stock (the
 * provider is asked first), uploaded images no record has used for a day are removed, and refunds
 * left pending by an instance that stopped are asked of the provider again and recorded. They
 * run on the one instance that runs the background jobs; each cancellation and removal is still
 * decided on its own, so a sweep that overlaps another changes nothing twice.
 */
export function scheduleSweeps(app: FastifyInstance): void {
  app.background.every('unpaid-order sweep', UNPAID_SWEEP_INTERVAL_MS, () => app.orders.sweepUnpaid(app.config.orderPaymentTimeoutMs));
  app.background.every('unused-image sweep', IMAGE_SWEEP_INTERVAL_MS, () => app.images.sweepUnused());
  app.background.every('stale refund settle', STALE_REFUND_INTERVAL_MS, () => app.payments.settleStaleRefunds(STALE_REFUND_AGE_MS));
}
