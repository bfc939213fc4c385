import { MAX_ORDER_TOTAL_CENTS, purchaseMessages } from '@shop/shared';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ShopDatabase } from '../../db/database.js';
import type { Database, OrderRow } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { queueOrderMail } from './order-mail-outbox.js';
import { createOrderBatcher } from './order-batcher.js';

/** What one account may hold in orders waiting for payment. */
export interface UnpaidLimits {
  orders: number;
  units: number;
}

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
 * PostgreSQL: the account's row is locked first, in a statement of its own, so the order
 * statement that follows counts every unpaid order the account's earlier orders wrote, and
 * one account's limits hold however many of its orders arrive at once.
 */
const LOCK_ACCOUNT_SQL = 'select id from users where id = $1 for update';

/**
 * PostgreSQL's order statement. $1 quantity, $2 time, $3 product, $4 order id, $5 user id,
 * $6 name, $7 email, $8 location, $9 phone, $10 outbox id, $11 largest total, $12 unpaid
 * orders allowed, $13 unpaid units allowed. A removed account places nothing.
 */
const PLACE_ORDER_SQL = `
  with held as (
    select count(*) as orders, coalesce(sum(quantity), 0) as units
    from orders where user_id = $5 and status = 'waiting'
  ), taken as (
    update products set quantity = quantity - $1, updated_at = $2
    where id = $3 and quantity >= $1 and minimum <= $1 and price_cents::bigint * $1 <= $11
      and exists (select 1 from users where id = $5)
      and (select orders from held) < $12 and (select units from held) + $1 <= $13
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
export function createOrdersService(database: ShopDatabase, limits: UnpaidLimits) {
  const { db, dialect } = database;
  const now = () => new Date().toISOString();

  /**
   * PostgreSQL: stock, order and email in one statement, so the product row is locked only
   * while the server runs it, never across round trips to this process (the account's row is).
   */
  async function placeInOneStatement(input: PlaceOrderInput, id: string, stamp: string): Promise<OrderRow | undefined> {
    const values = [
      input.quantity, stamp, input.productId, id, input.userId, input.customerName, input.email, input.location, input.phone, newId(),
      MAX_ORDER_TOTAL_CENTS, limits.orders, limits.units,
    ];
    const rows = await database.preparedInTransaction<OrderRow>([
      { name: 'lock-account', text: LOCK_ACCOUNT_SQL, values: [input.userId] },
      { name: 'place-order', text: PLACE_ORDER_SQL, values },
    ]);
    return rows[0];
  }

  const placeInBatch = dialect === 'sqlite' ? createOrderBatcher(db, limits) : undefined;

  const quantityError = (status: number, code: string, message: string) => new AppError(status, code, message, { quantity: [message] });

  /**
   * Why an order took no stock: unknown product or account, below the minimum, a total too
   * large, the account's unpaid orders at their limit, or not enough left.
   */
  async function refusal(input: PlaceOrderInput): Promise<AppError> {
    const product = await db.selectFrom('products').select(['quantity', 'minimum', 'price_cents']).where('id', '=', input.productId).executeTakeFirst();
    if (!product) return notFound('Product');
    if (input.quantity < product.minimum) return quantityError(422, 'VALIDATION_FAILED', purchaseMessages.belowMinimum(product.minimum));
    if (product.price_cents * input.quantity > MAX_ORDER_TOTAL_CENTS) return quantityError(422, 'VALIDATION_FAILED', purchaseMessages.totalTooLarge);
    const held = await heldByAccount(db, input.userId);
    if (!held) return new AppError(401, 'UNAUTHORIZED', 'Your account no longer exists');
    if (held.orders >= limits.orders) return quantityError(409, 'TOO_MANY_UNPAID_ORDERS', purchaseMessages.tooManyUnpaid(held.orders));
    if (held.units + input.quantity > limits.units) return quantityError(409, 'TOO_MANY_UNPAID_ORDERS', purchaseMessages.tooManyUnitsHeld(limits.units));
    return quantityError(409, 'OUT_OF_STOCK', purchaseMessages.notAvailable(input.quantity));
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

    /** An account's orders, newest first; cancelled ones are gone from their list. */
    listForAccount(userId: string): Promise<OrderRow[]> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '<>', 'cancelled')
        .orderBy('id', 'desc')
        .execute();
    },

    /** An account's orders still waiting for payment. */
    listWaitingForAccount(userId: string): Promise<OrderRow[]> {
      return db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('status', '=', 'waiting').execute();
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

/** The orders and units an account holds unpaid; undefined when the account does not exist. */
export async function heldByAccount(db: Kysely<Database> | Transaction<Database>, userId: string): Promise<{ orders: number; units: number } | undefined> {
  const account = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!account) return undefined;
  const row = await db
    .selectFrom('orders')
    .select((eb) => [eb.fn.countAll<number>().as('orders'), eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.lit(0)).as('units')])
    .where('user_id', '=', userId)
    .where('status', '=', 'waiting')
    .executeTakeFirstOrThrow();
  return { orders: Number(row.orders), units: Number(row.units) };
}
