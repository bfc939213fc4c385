import { MAX_ORDER_TOTAL_CENTS, purchaseMessages } from '@shop/shared';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ShopDatabase } from '../../db/database.js';
import type { Database, OrderRow } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { queueOrderMail } from './order-mail-outbox.js';
import { createOrderBatcher } from './order-batcher.js';

/** What one account may hold in orders waiting for payment, and how many orders it may place a minute. */
export interface UnpaidLimits {
  orders: number;
  units: number;
  perMinute: number;
}

const PLACEMENT_WINDOW_MS = 60_000;
/** The start of the placement window an order at `stamp` still counts in. */
const windowOpenAfter = (stamp: string) => new Date(Date.parse(stamp) - PLACEMENT_WINDOW_MS).toISOString();

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
 * $6 name, $7 email, $8 location, $9 phone, $10 outbox id, $11 largest total, $12 unpaid
 * orders allowed, $13 unpaid units allowed, $14 the time a placement window still open began
 * after, $15 orders allowed per window.
 *
 * The account's and the product's rows are locked and read as they are now (a locked row is
 * re-read after a concurrent order commits), so the account's hold grows only when the stock
 * is there, and the stock is taken only when the hold grew within the account's limits: one
 * statement, no round trip while a row is locked, and no hold without its order. A removed
 * account places nothing.
 */
const PLACE_ORDER_SQL = `
  with account as (
    select id from users where id = $5 for update
  ), product as (
    select id from products
    where id = $3 and quantity >= $1 and minimum <= $1 and price_cents::bigint * $1 <= $11
    for update
  ), held as (
    insert into unpaid_holds as hold (user_id, orders, units, window_started_at, placed_in_window)
    select id, 1, $1, $2, 1 from account where exists (select 1 from product) and $1 <= $13
    on conflict (user_id) do update set
      orders = hold.orders + 1,
      units = hold.units + excluded.units,
      placed_in_window = case when hold.window_started_at <= $14 then 1 else hold.placed_in_window + 1 end,
      window_started_at = case when hold.window_started_at <= $14 then excluded.window_started_at else hold.window_started_at end
    where hold.orders < $12 and hold.units + excluded.units <= $13 and (hold.window_started_at <= $14 or hold.placed_in_window < $15)
    returning user_id
  ), taken as (
    update products set quantity = quantity - $1, updated_at = $2
    where id = (select id from product) and exists (select 1 from held)
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
   * PostgreSQL: stock, hold, order and email in one statement, so the product row is locked
   * only while the server runs it, never across round trips to this process.
   */
  async function placeInOneStatement(input: PlaceOrderInput, id: string, stamp: string): Promise<OrderRow | undefined> {
    const values = [
      input.quantity, stamp, input.productId, id, input.userId, input.customerName, input.email, input.location, input.phone, newId(),
      MAX_ORDER_TOTAL_CENTS, limits.orders, limits.units, windowOpenAfter(stamp), limits.perMinute,
    ];
    const rows = await database.prepared<OrderRow>('place-order', PLACE_ORDER_SQL, values);
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
    const held = await heldByAccount(db, input.userId, now());
    if (!held) return new AppError(401, 'UNAUTHORIZED', 'Your account no longer exists');
    if (held.orders >= limits.orders) return quantityError(409, 'TOO_MANY_UNPAID_ORDERS', purchaseMessages.tooManyUnpaid(held.orders));
    if (held.units + input.quantity > limits.units) return quantityError(409, 'TOO_MANY_UNPAID_ORDERS', purchaseMessages.tooManyUnitsHeld(limits.units));
    if (held.placedThisMinute >= limits.perMinute) return new AppError(429, 'TOO_MANY_REQUESTS', 'You have placed many orders this minute. Please try again in a minute.');
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
          .returning(['product_id', 'quantity', 'user_id'])
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
        await releaseHold(trx, cancelled.user_id, cancelled.quantity);
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
        if (row) {
          await releaseHold(trx, row.user_id, row.quantity);
          await queueOrderMail(trx, id, 'paid', stamp);
        }
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

/**
 * The orders and units an account holds unpaid, and the orders it placed in the placement
 * window open at `stamp`; undefined when the account does not exist.
 */
export async function heldByAccount(
  db: Kysely<Database> | Transaction<Database>,
  userId: string,
  stamp: string,
): Promise<{ orders: number; units: number; placedThisMinute: number } | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('unpaid_holds', 'unpaid_holds.user_id', 'users.id')
    .select(['unpaid_holds.orders', 'unpaid_holds.units', 'unpaid_holds.window_started_at', 'unpaid_holds.placed_in_window'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const windowOpen = (row.window_started_at ?? '') > windowOpenAfter(stamp);
  return { orders: Number(row.orders ?? 0), units: Number(row.units ?? 0), placedThisMinute: windowOpen ? Number(row.placed_in_window) : 0 };
}

/** Adds an order placed at `stamp` to what its account holds unpaid, inside the order's own transaction. */
export async function addToHold(trx: Transaction<Database>, userId: string, quantity: number, stamp: string): Promise<void> {
  const windowExpired = sql<boolean>`unpaid_holds.window_started_at <= ${windowOpenAfter(stamp)}`;
  await trx
    .insertInto('unpaid_holds')
    .values({ user_id: userId, orders: 1, units: quantity, window_started_at: stamp, placed_in_window: 1 })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        orders: sql<number>`unpaid_holds.orders + 1`,
        units: sql<number>`unpaid_holds.units + ${quantity}`,
        placed_in_window: sql<number>`case when ${windowExpired} then 1 else unpaid_holds.placed_in_window + 1 end`,
        window_started_at: sql<string>`case when ${windowExpired} then ${stamp} else unpaid_holds.window_started_at end`,
      }),
    )
    .execute();
}

/** An order left 'waiting' (paid or cancelled): its account holds it no more. */
async function releaseHold(trx: Transaction<Database>, userId: string, quantity: number): Promise<void> {
  await trx
    .updateTable('unpaid_holds')
    .set({
      orders: sql<number>`case when orders > 0 then orders - 1 else 0 end`,
      units: sql<number>`case when units > ${quantity} then units - ${quantity} else 0 end`,
    })
    .where('user_id', '=', userId)
    .execute();
}
