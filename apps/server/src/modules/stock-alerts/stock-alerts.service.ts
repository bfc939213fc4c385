import { stockAlertMessages } from '@shop/shared';
import type { FastifyBaseLogger } from 'fastify';
import { conflict, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import type { CatalogueService } from '../products/products.plugin.js';
import type { StockAlertsRepository } from './stock-alerts.repository.js';

/** Alerts emailed per round. */
const BATCH_SIZE = 50;
/** An alert claimed but not emailed within this time (a stopped instance) is taken again. */
const CLAIM_MS = 2 * 60 * 1000;

/** The email of a part back in stock. */
export const backInStockEmail = ({ customerName, partName, partUrl }: { customerName: string; partName: string; partUrl: string }) => ({
  subject: `${partName} is back in stock`,
  text: `Hello ${customerName},\n\nThe part you asked us to watch is back in stock:\n\n${partName}\n${partUrl}\n\nWe tell you once; order soon, as others may be waiting for it too.\n\nMoto Parts`,
});

/**
 * Back in stock (SPEC-2 section 6): a signed-in customer asks to hear when an out-of-stock part
 * can be ordered again, once. A background round emails every alert whose part is in stock now,
 * however it got there (an admin's restock, a cancelled or refunded order, an import), and
 * removes it: one email per customer and part, across instances.
 */
export function createStockAlertsService({
  repository,
  catalogue,
  mailer,
  log,
  partUrl,
}: {
  repository: StockAlertsRepository;
  catalogue: Pick<CatalogueService, 'findMany'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  partUrl: (productId: string) => string;
}) {
  async function partOf(productId: string) {
    const [product] = await catalogue.findMany([productId]);
    if (!product) throw notFound('Product');
    return product;
  }

  /** Emails the alerts due now, one batch; resolves with how many were sent. */
  async function deliverDue(now = Date.now()): Promise<number> {
    const due = await repository.claimDue(new Date(now).toISOString(), new Date(now + CLAIM_MS).toISOString(), BATCH_SIZE);
    let sent = 0;
    for (const alert of due) {
      try {
        await mailer.send({ to: alert.email, ...backInStockEmail({ customerName: alert.customer_name, partName: alert.part_name, partUrl: partUrl(alert.product_id) }) });
        await repository.sent(alert);
        sent++;
      } catch (error) {
        // Left claimed: taken again when the claim runs out.
        log.error({ err: error, productId: alert.product_id }, 'back-in-stock email failed; will retry');
      }
    }
    return sent;
  }

  return {
    isSubscribed: (userId: string, productId: string) => repository.isSubscribed(userId, productId),

    /** Asks to be told once the part is back; a part in stock is ordered, not waited for. */
    async subscribe(userId: string, productId: string): Promise<void> {
      const part = await partOf(productId);
      if (part.quantity >= part.minimum) throw conflict(stockAlertMessages.inStock);
      await repository.subscribe(userId, productId, new Date().toISOString());
    },

    withdraw: (userId: string, productId: string) => repository.withdraw(userId, productId),

    async counts(): Promise<Array<{ productId: string; waiting: number }>> {
      return (await repository.counts()).map((row) => ({ productId: row.product_id, waiting: Number(row.waiting) }));
    },

    /** Emails the alerts due now, a batch a round (run in the background by the leading instance). */
    deliverDue,
  };
}
export type StockAlertsService = ReturnType<typeof createStockAlertsService>;
