import { MAX_ORDER_TOTAL_CENTS } from '@shop/shared';
import { CompiledQuery, type Kysely, sql, type Transaction } from 'kysely';
import type { Database, OrderRow } from '../../db/schema.js';
import { queueOrderMail } from './order-mail-outbox.js';
import { addToHold, heldByAccount, type PlaceOrderInput, type UnpaidLimits } from './orders.service.js';

/** Orders written by one commit at most; the rest wait for the next. */
const MAX_BATCH = 100;
const SAVEPOINT = CompiledQuery.raw('savepoint one_order');
const RELEASE = CompiledQuery.raw('release one_order');
const ROLLBACK = CompiledQuery.raw('rollback to one_order');

interface Pending {
  input: PlaceOrderInput;
  id: string;
  stamp: string;
  resolve(order: OrderRow | undefined): void;
  reject(error: unknown): void;
}

/**
 * SQLite: group commit. Orders that arrive while the event loop is busy are written by one
 * transaction, each order in its own savepoint, in order of arrival; every customer's answer
 * waits for that commit. A commit (its WAL writes) costs far more than the three statements
 * of an order, so a burst is written several times faster, and an order that fails rolls back
 * alone.
 */
export function createOrderBatcher(db: Kysely<Database>, limits: UnpaidLimits) {
  let queue: Pending[] = [];
  let scheduled = false;

  async function flush() {
    scheduled = false;
    const batch = queue.slice(0, MAX_BATCH);
    queue = queue.slice(batch.length);
    if (queue.length > 0) schedule();
    const outcomes: ({ order: OrderRow | undefined } | { error: unknown })[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        for (const pending of batch) {
          await trx.executeQuery(SAVEPOINT);
          try {
            outcomes.push({ order: await writeOrderRows(trx, pending.input, pending.id, pending.stamp, limits) });
            await trx.executeQuery(RELEASE);
          } catch (error) {
            await trx.executeQuery(ROLLBACK);
            await trx.executeQuery(RELEASE);
            outcomes.push({ error });
          }
        }
      });
    } catch (error) {
      // The commit itself failed: no order of the batch was written.
      for (const pending of batch) pending.reject(error);
      return;
    }
    batch.forEach((pending, index) => {
      const outcome = outcomes[index]!;
      if ('error' in outcome) pending.reject(outcome.error);
      else pending.resolve(outcome.order);
    });
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    // After the requests already read from the sockets have queued their orders.
    setImmediate(() => void flush());
  }

  /** Places one order with the next commit; undefined when it took no stock. */
  return function place(input: PlaceOrderInput, id: string, stamp: string): Promise<OrderRow | undefined> {
    return new Promise((resolve, reject) => {
      queue.push({ input, id, stamp, resolve, reject });
      schedule();
    });
  };
}

/**
 * Stock, order and its email for one order, inside the caller's transaction (which holds
 * SQLite's write lock, so the account's unpaid orders cannot change meanwhile); undefined when
 * no stock was taken.
 */
export async function writeOrderRows(
  trx: Transaction<Database>,
  input: PlaceOrderInput,
  id: string,
  stamp: string,
  limits: UnpaidLimits,
): Promise<OrderRow | undefined> {
  const held = await heldByAccount(trx, input.userId, stamp);
  if (!held || held.orders >= limits.orders || held.units + input.quantity > limits.units || held.placedThisMinute >= limits.perMinute) return undefined;
  const taken = await trx
    .updateTable('products')
    .set({ quantity: sql<number>`quantity - ${input.quantity}`, updated_at: stamp })
    .where('id', '=', input.productId)
    .where('quantity', '>=', input.quantity)
    .where('minimum', '<=', input.quantity)
    .where(sql<boolean>`price_cents * ${input.quantity} <= ${MAX_ORDER_TOTAL_CENTS}`)
    .returning(['id', 'name', 'price_cents'])
    .executeTakeFirst();
  if (!taken) return undefined;
  const order: OrderRow = {
    id,
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
  await addToHold(trx, input.userId, input.quantity, stamp);
  await queueOrderMail(trx, id, 'placed', stamp);
  return order;
}
