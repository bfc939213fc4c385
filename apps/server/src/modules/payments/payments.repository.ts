import type { Kysely, Selectable } from 'kysely';
import type { Database, PaymentTable } from '../../db/schema.js';

export type PaymentRow = Selectable<PaymentTable>;

/** Database access of the payments: each purchase's one intent, and the provider events already seen. */
export function createPaymentsRepository(db: Kysely<Database>) {
  return {
    paymentOf(purchaseId: string): Promise<PaymentRow | undefined> {
      return db.selectFrom('payments').selectAll().where('purchase_id', '=', purchaseId).executeTakeFirst();
    },

    paymentByIntent(intentId: string): Promise<PaymentRow | undefined> {
      return db.selectFrom('payments').selectAll().where('intent_id', '=', intentId).executeTakeFirst();
    },

    /**
     * Keeps the first intent recorded for a purchase; a second one, made at the same moment, is
     * dropped. Two requests at once usually hold the same intent (the provider's idempotency key),
     * which conflicts on the intent as well as on the purchase: either conflict keeps the first.
     */
    async recordFirst(payment: PaymentRow): Promise<void> {
      await db
        .insertInto('payments')
        .values(payment)
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    async eventSeen(id: string): Promise<boolean> {
      return (await db.selectFrom('webhook_events').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    async recordEvent(event: { id: string; type: string }, receivedAt: string): Promise<void> {
      await db
        .insertInto('webhook_events')
        .values({ id: event.id, type: event.type, received_at: receivedAt })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
