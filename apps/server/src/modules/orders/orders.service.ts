import { purchaseMessages } from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { Database, OrderRow } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';

export interface PlaceOrderInput {
  userId: string;
  customerName: string;
  email: string;
  productId: string;
  quantity: number;
  location: string;
  phone: string;
}

/** Order rules: the server decides price, total and stock, each write in one transaction. */
export function createOrdersService(db: Kysely<Database>) {
  const now = () => new Date().toISOString();

  return {
    /**
     * Takes the stock with one conditional update, so two customers can never buy the same
     * last unit, then records the order at the catalogue's price.
     */
    async place(input: PlaceOrderInput): Promise<OrderRow> {
      return db.transaction().execute(async (trx) => {
        const taken = await trx
          .updateTable('products')
          .set({ quantity: sql<number>`quantity - ${input.quantity}`, updated_at: now() })
          .where('id', '=', input.productId)
          .where('quantity', '>=', input.quantity)
          .where('minimum', '<=', input.quantity)
          .returning(['id', 'name', 'price_cents'])
          .executeTakeFirst();
        if (!taken) {
          const product = await trx
            .selectFrom('products')
            .select(['quantity', 'minimum'])
            .where('id', '=', input.productId)
            .executeTakeFirst();
          if (!product) throw notFound('Product');
          if (input.quantity < product.minimum) {
            throw new AppError(422, 'VALIDATION_FAILED', purchaseMessages.belowMinimum(product.minimum), {
              quantity: [purchaseMessages.belowMinimum(product.minimum)],
            });
          }
          throw new AppError(409, 'OUT_OF_STOCK', purchaseMessages.notAvailable(input.quantity), {
            quantity: [purchaseMessages.notAvailable(input.quantity)],
          });
        }
        const stamp = now();
        const order: OrderRow = {
          id: newId(),
          user_id: input.userId,
          product_id: input.productId,
          customer_name: input.customerName,
          email: input.email,
          tool_name: taken.name,
          unit_price_cents: taken.price_cents,
          quantity: input.quantity,
          total_cents: taken.price_cents * input.quantity,
          location: input.location,
          phone: input.phone,
          status: 'waiting',
          transaction_id: null,
          created_at: stamp,
          updated_at: stamp,
          paid_at: null,
          shipped_at: null,
          cancelled_at: null,
        };
        await trx.insertInto('orders').values(order).execute();
        return order;
      });
    },

    findById(id: string): Promise<OrderRow | undefined> {
      return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** A customer's orders, newest first; cancelled ones are gone from their list. */
    listForEmail(email: string): Promise<OrderRow[]> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('email', '=', email)
        .where('status', '<>', 'cancelled')
        .orderBy('id', 'desc')
        .execute();
    },

    listAll(): Promise<OrderRow[]> {
      return db.selectFrom('orders').selectAll().orderBy('id', 'desc').execute();
    },

    /**
     * Cancels an unpaid order and gives its stock back, exactly once: only the request whose
     * conditional update moved the order out of 'waiting' returns the units.
     */
    async cancel(id: string): Promise<'cancelled' | 'not-found' | 'not-waiting'> {
      return db.transaction().execute(async (trx) => {
        const stamp = now();
        const cancelled = await trx
          .updateTable('orders')
          .set({ status: 'cancelled', cancelled_at: stamp, updated_at: stamp })
          .where('id', '=', id)
          .where('status', '=', 'waiting')
          .returning(['product_id', 'quantity'])
          .executeTakeFirst();
        if (!cancelled) {
          const exists = await trx.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirst();
          return exists ? 'not-waiting' : 'not-found';
        }
        await trx
          .updateTable('products')
          .set({ quantity: sql<number>`quantity + ${cancelled.quantity}`, updated_at: stamp })
          .where('id', '=', cancelled.product_id)
          .execute();
        return 'cancelled';
      });
    },

    /** Paid -> shipping; anything else is a conflict. */
    async ship(id: string): Promise<OrderRow> {
      const stamp = now();
      const shipped = await db
        .updateTable('orders')
        .set({ status: 'shipped', shipped_at: stamp, updated_at: stamp })
        .where('id', '=', id)
        .where('status', '=', 'paid')
        .returningAll()
        .executeTakeFirst();
      if (shipped) return shipped;
      const order = await db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirst();
      if (!order) throw notFound('Order');
      if (order.status === 'shipped') throw conflict('This order is already shipping');
      throw conflict(order.status === 'waiting' ? 'Only paid orders can be shipped' : 'A cancelled order cannot be shipped');
    },

    /**
     * Waiting -> paid with the provider's transaction id. Repeating it with the same id is a
     * no-op; a different id on a paid order, or any move from another state, is refused.
     */
    async markPaid(id: string, transactionId: string): Promise<{ order: OrderRow; changed: boolean }> {
      const stamp = now();
      const paid = await db
        .updateTable('orders')
        .set({ status: 'paid', transaction_id: transactionId, paid_at: stamp, updated_at: stamp })
        .where('id', '=', id)
        .where('status', '=', 'waiting')
        .returningAll()
        .executeTakeFirst();
      if (paid) return { order: paid, changed: true };
      const order = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
      if (!order) throw notFound('Order');
      if ((order.status === 'paid' || order.status === 'shipped') && order.transaction_id === transactionId) {
        return { order, changed: false };
      }
      if (order.status === 'cancelled') throw conflict('This order was cancelled');
      throw conflict('This order is already paid');
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
