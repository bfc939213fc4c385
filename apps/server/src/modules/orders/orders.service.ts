import { purchaseMessages } from '@shop/shared';
import { sql } from 'kysely';
import type { ShopDatabase } from '../../db/database.js';
import type { OrderRow } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { queueOrderMail } from './order-mail-outbox.js';
import { createOrderBatcher } from './order-batcher.js';

export interface PlaceOrderInput {
  userId: string;
  customerName: string;
  email: string;
  productId: string;
  quantity: number;
  location: string;
  phone: string;
}

/**
 * PostgreSQL's order statement. $1 quantity, $2 time, $3 product, $4 order id, $5 user id,
 * $6 name, $7 email, $8 location, $9 phone, $10 outbox id.
 */
const PLACE_ORDER_SQL = `
  with taken as (
    update products set quantity = quantity - $1, updated_at = $2
    where id = $3 and quantity >= $1 and minimum <= $1
    returning id, name, price_cents
  ), placed as (
    insert into orders (id, user_id, product_id, customer_name, email, tool_name, unit_price_cents, quantity,
      total_cents, location, phone, status, created_at, updated_at)
    select $4, $5, taken.id, $6, $7, taken.name, taken.price_cents, $1, taken.price_cents * $1, $8, $9, 'waiting', $2, $2
    from taken
    returning *
  ), mailed as (
    insert into order_mail_outbox (id, order_id, kind, created_at, next_attempt_at)
    select $10, placed.id, 'placed', $2, $2 from placed
  )
  select * from placed`;

/**
 * Order rules: the server decides price, total and stock, each write in one transaction, and
 * every email an order change sends is queued in that same transaction.
 */
export function createOrdersService(database: ShopDatabase) {
  const { db, dialect } = database;
  const now = () => new Date().toISOString();

  /**
   * PostgreSQL: stock, order and email in one statement, so the product row is locked only
   * while the server runs it, never across round trips to this process.
   */
  async function placeInOneStatement(input: PlaceOrderInput, id: string, stamp: string): Promise<OrderRow | undefined> {
    const values = [input.quantity, stamp, input.productId, id, input.userId, input.customerName, input.email, input.location, input.phone, newId()];
    const rows = await database.prepared<OrderRow>('place-order', PLACE_ORDER_SQL, values);
    return rows[0];
  }

  const placeInBatch = dialect === 'sqlite' ? createOrderBatcher(db) : undefined;

  /** Why an order took no stock: unknown product, below its minimum, or not enough left. */
  async function refusal(input: PlaceOrderInput): Promise<AppError> {
    const product = await db.selectFrom('products').select(['quantity', 'minimum']).where('id', '=', input.productId).executeTakeFirst();
    if (!product) return notFound('Product');
    if (input.quantity < product.minimum) {
      return new AppError(422, 'VALIDATION_FAILED', purchaseMessages.belowMinimum(product.minimum), {
        quantity: [purchaseMessages.belowMinimum(product.minimum)],
      });
    }
    return new AppError(409, 'OUT_OF_STOCK', purchaseMessages.notAvailable(input.quantity), {
      quantity: [purchaseMessages.notAvailable(input.quantity)],
    });
  }

  return {
    /**
     * Takes the stock with one conditional update, so two customers can never buy the same
     * last unit, then records the order at the catalogue's price and queues its email.
     */
    async place(input: PlaceOrderInput): Promise<OrderRow> {
      const stamp = now();
      const order = placeInBatch ? await placeInBatch(input, newId(), stamp) : await placeInOneStatement(input, newId(), stamp);
      if (!order) throw await refusal(input);
      return order;
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
    async cancel(id: string, { mailCustomer = false } = {}): Promise<'cancelled' | 'not-found' | 'not-waiting'> {
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
        if (mailCustomer) await queueOrderMail(trx, id, 'cancelled-unpaid', stamp);
        return 'cancelled';
      });
    },

    /** Paid -> shipping; anything else is a conflict. */
    async ship(id: string): Promise<OrderRow> {
      const stamp = now();
      const shipped = await db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('orders')
          .set({ status: 'shipped', shipped_at: stamp, updated_at: stamp })
          .where('id', '=', id)
          .where('status', '=', 'paid')
          .returningAll()
          .executeTakeFirst();
        if (row) await queueOrderMail(trx, id, 'shipped', stamp);
        return row;
      });
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
      const paid = await db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('orders')
          .set({ status: 'paid', transaction_id: transactionId, paid_at: stamp, updated_at: stamp })
          .where('id', '=', id)
          .where('status', '=', 'waiting')
          .returningAll()
          .executeTakeFirst();
        if (row) await queueOrderMail(trx, id, 'paid', stamp);
        return row;
      });
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
