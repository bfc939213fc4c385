import { stockReason } from '@shop/shared';
import { type Kysely, type RawBuilder, sql, type Transaction, type Updateable } from 'kysely';
import type { ShopDatabase } from '../../db/database.js';
import { type Database, type OrderLineRow, type OrderRow, type OrderTable, PURCHASE_COLUMNS_OF_ORDER, PURCHASE_TOTAL_OF_ORDER, type PurchaseRow, type PurchaseTable } from '../../db/schema.js';
import { type EventRow, LIFECYCLE, type LineEvent, type PurchaseEvent } from './lifecycle.js';
import { queueOrderMail } from './order-mail-outbox.js';
import { purchaseNumberOf, selectOrders } from './order-rows.js';
import { createOrdersQueries } from './orders.queries.js';
import { countPayment, countStatusMove } from './orders.sales.js';
import { createPlacement } from './placement.js';
import { createRefundLedger } from './refund-ledger.js';

/** A purchase as it is read: its row, and its lines in the order they were placed. */
export interface PurchaseWithLines {
  /** With its delivery method's days (0: collected from the shop); null when none or no longer known. */
  purchase: PurchaseRow;
  lines: OrderRow[];
}

/**
 * Database access of the orders: every purchase and order row is read and written here (placing
 * in placement.ts, the admin's lists in orders.queries.ts). Locks are taken in one order
 * (decision 021): a purchase's row, then its lines (under the purchase's lock), the
 * account's hold, the address's holds in part id order, the parts in id order, then the sales and
 * status counters; placing locks the account, its holds and the parts in the same order.
 */
export function createOrdersRepository(
  database: ShopDatabase,
  {
    giveBackDiscount,
  }: {
    /** Gives back the discount code's use of an unpaid purchase being cancelled, in that transaction (the discounts module's). */
    giveBackDiscount: (trx: Transaction<Database>, purchaseId: string) => Promise<number>;
  },
) {
  const { db } = database;

  return {
    ...createPlacement(database),
    ...createOrdersQueries(db),
    /** Every refund, whole or part, as rows of the ledger (refund-ledger.ts). */
    refunds: createRefundLedger(database),

    /** A purchase and its lines, in the order they were placed. */
    async findPurchase(id: string): Promise<PurchaseWithLines | undefined> {
      const purchase = await db
        .selectFrom('purchases')
        .selectAll('purchases')
        .where('purchases.id', '=', id)
        .executeTakeFirst();
      if (!purchase) return undefined;
      return { purchase, lines: await selectOrders(db).where('orders.purchase_id', '=', id).orderBy('orders.number').execute() };
    },

    findById(id: string): Promise<OrderRow | undefined> {
      return selectOrders(db).where('orders.id', '=', id).executeTakeFirst();
    },

    /** An account's orders, newest first, each saying whether its part has been reviewed from it; cancelled ones stay, so a customer can tell what became of each. */
    listForAccount(userId: string): Promise<Array<OrderRow & { reviewed: unknown }>> {
      return selectOrders(db)
        .select((eb) => eb.exists(eb.selectFrom('reviews').select('reviews.id').whereRef('reviews.order_id', '=', 'orders.id')).as('reviewed'))
        .where('orders.user_id', '=', userId)
        .orderBy('orders.id', 'desc')
        .execute();
    },

    /** The account's paid (or shipped) orders of a part, oldest first. */
    async paidOrderIds(userId: string, productId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', userId)
        .where('product_id', '=', productId)
        .where('status', 'in', ['paid', 'shipped'])
        .orderBy('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** The ids of the account's purchases waiting for payment. */
    async waitingPurchasesOfAccount(userId: string): Promise<string[]> {
      const rows = await db.selectFrom('purchases').select('id').where('user_id', '=', userId).where('status', '=', 'waiting').execute();
      return rows.map((row) => row.id);
    },

    /** The ids of purchases waiting for payment since before `cutoff`, `limit` at most. */
    async waitingPurchasesPlacedBefore(cutoff: string, limit: number): Promise<string[]> {
      const rows = await db.selectFrom('purchases').select('id').where('status', '=', 'waiting').where('created_at', '<', cutoff).limit(limit).execute();
      return rows.map((row) => row.id);
    },

    /**
     * Cancels the waiting purchase and every line of it ('cancel' by its customer or with its
     * account, 'sweep' for want of payment), its stock and holds given back and one email queued
     * unless `mail` is false, and `after` (its activity entry) in the same transaction; says why
     * not when it was not waiting.
     */
    async cancel(
      purchaseId: string,
      event: 'cancel' | 'sweep',
      { stamp, mail, after }: { stamp: string; mail: boolean; after?: AfterMove | undefined },
    ): Promise<'cancelled' | 'not-found' | 'not-waiting'> {
      const moved = await applyToPurchase(event, purchaseId, stamp, { mail, after });
      return moved === 'not-found' ? moved : moved === 'not-moved' ? 'not-waiting' : 'cancelled';
    },

    /**
     * Waiting -> paid for the purchase and every line of it, its holds released and one email
     * queued, and `after` (its invoice) in the same transaction; empty when it was not waiting.
     */
    async markPaid(purchaseId: string, transactionId: string, stamp: string, after?: AfterMove): Promise<OrderRow[]> {
      const moved = await applyToPurchase('pay', purchaseId, stamp, { mail: true, set: { transaction_id: transactionId }, after });
      return typeof moved === 'string' ? [] : moved;
    },

    /** Paid -> shipped with its carrier and tracking number and its email; undefined when the order was not paid, or a refund of it is under way. */
    ship(id: string, shipment: ShipmentRow, stamp: string, after?: AfterMove): Promise<OrderRow | undefined> {
      return applyToLine('ship', id, stamp, { set: { carrier: shipment.carrier, tracking_number: shipment.trackingNumber }, where: refundNotUnderWay(stamp), after });
    },

    /**
     * Every paid line of the paid purchase not being refunded -> shipped, as one parcel: one
     * carrier and tracking number, one shipping time, one email listing them; empty when none could move.
     */
    shipPurchase(purchaseId: string, shipment: ShipmentRow, stamp: string, after?: AfterMove): Promise<OrderRow[]> {
      return applyToLines('ship', { purchaseId }, stamp, { set: { carrier: shipment.carrier, tracking_number: shipment.trackingNumber }, where: refundNotUnderWay(stamp), after });
    },
  };

  /**
   * A purchase event (LIFECYCLE) in one write transaction: the purchase moves if it is in the
   * event's `from`, then its lines that are, then what the event does to holds, stock, mail,
   * sales and the status counters. 'not-moved' when the purchase is not in `from`.
   */
  function applyToPurchase(
    event: PurchaseEvent,
    purchaseId: string,
    stamp: string,
    { mail, set, after }: { mail: boolean; set?: Updateable<PurchaseTable>; after?: AfterMove | undefined },
  ): Promise<OrderRow[] | 'not-found' | 'not-moved'> {
    const row: EventRow = LIFECYCLE[event];
    return database.writeTransaction(async (trx) => {
      const purchase = await trx
        .updateTable('purchases')
        .set({ status: LIFECYCLE[event].to, ...stamped(row, stamp), ...set })
        .where('id', '=', purchaseId)
        .where('status', 'in', row.from as PurchaseRow['status'][])
        .returning(['user_id', 'client_address', ...PURCHASE_COLUMNS_OF_ORDER, PURCHASE_TOTAL_OF_ORDER])
        .executeTakeFirst();
      if (!purchase) return (await trx.selectFrom('purchases').select('id').where('id', '=', purchaseId).executeTakeFirst()) ? 'not-moved' : 'not-found';
      const lines = await trx
        .updateTable('orders')
        .set({ status: row.to, ...stamped(row, stamp) })
        .where('purchase_id', '=', purchaseId)
        .where('status', 'in', row.from)
        .returningAll()
        .execute();
      await effects(trx, row, lines, stamp, { purchase, mailTo: mail ? firstOf(lines).id : null });
      // A purchase that gives its parts back (cancelled or swept unpaid) gives its code's use back too, after the parts as placing locks them.
      if (row.stock === 'give-back') await giveBackDiscount(trx, purchaseId);
      const { user_id: _user, client_address: _address, ...bought } = purchase;
      // A purchase event moves every line (they share the purchase's status), the first among them.
      const moved = lines.map((line) => ({ ...line, ...bought, purchase_number: firstOf(lines).number })).sort((a, b) => a.number - b.number);
      if (after) await after(trx, moved);
      return moved;
    });
  }

  /** A line event (LIFECYCLE) on one line: see `applyToLines`. */
  async function applyToLine(event: LineEvent, id: string, stamp: string, change: LineChange): Promise<OrderRow | undefined> {
    return (await applyToLines(event, { id }, stamp, change))[0];
  }

  /**
   * A line event (LIFECYCLE) in one write transaction, on one line or on every line of a paid
   * purchase (a shipment of all its parcel): the lines in `from` (and where `where` holds) move,
   * then what the event does, with one email for them all (queued against the first). None moved:
   * an empty list. A purchase's row is locked first (decision 021's order), so two shipments of
   * one purchase run one after the other and the second finds nothing left to move.
   */
  function applyToLines(event: LineEvent, lines: { id: string } | { purchaseId: string }, stamp: string, { set, where, after }: LineChange): Promise<OrderRow[]> {
    const row: EventRow = LIFECYCLE[event];
    return database.writeTransaction(async (trx) => {
      if ('purchaseId' in lines) {
        const locked = await trx.updateTable('purchases').set({ updated_at: stamp }).where('id', '=', lines.purchaseId).where('status', '=', 'paid').returning('id').executeTakeFirst();
        if (!locked) return [];
      }
      const moved = await trx
        .updateTable('orders')
        .set({ status: row.to, ...stamped(row, stamp), ...set })
        .$if('id' in lines, (query) => query.where('id', '=', (lines as { id: string }).id))
        .$if('purchaseId' in lines, (query) => query.where('purchase_id', '=', (lines as { purchaseId: string }).purchaseId))
        .where('status', 'in', row.from)
        .$if(where !== undefined, (query) => query.where(where!))
        .returningAll()
        .execute();
      if (moved.length === 0) return [];
      await effects(trx, row, moved, stamp, { mailTo: firstOf(moved).id });
      const read = await withPurchase(trx, moved);
      if (after) await after(trx, read);
      return read;
    });
  }
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

/** What a shipment writes on its lines. */
interface ShipmentRow {
  carrier: string | null;
  trackingNumber: string | null;
}

/** What an event does last in its transaction with the rows it moved (a document it issues), in the lock order's last place. */
export type AfterMove = (trx: Transaction<Database>, moved: OrderRow[]) => Promise<unknown>;

/** What a line event writes beside its status, the condition a line must also meet to move, and what it does last. */
interface LineChange {
  set?: Updateable<OrderTable>;
  where?: RawBuilder<boolean>;
  after?: AfterMove | undefined;
}

/** No refund of the order is being asked of the provider at `stamp` (none claimed, or its claim ran out). */
const refundNotUnderWay = (stamp: string) => sql<boolean>`(refund_claimed_until is null or refund_claimed_until <= ${stamp})`;

/** The purchase's first order (the lowest number), which its emails are queued against. */
const firstOf = <Row extends { number: number }>(orders: Row[]): Row => orders.reduce((first, order) => (order.number < first.number ? order : first));

/** Lines in part id order, as every writer locks the parts. */
const byPart = <Row extends { product_id: string }>(orders: Row[]): Row[] => [...orders].sort((a, b) => (a.product_id < b.product_id ? -1 : 1));

/** The event's time on the rows it moves, and their last change. */
const stamped = (row: EventRow, stamp: string) => ({ updated_at: stamp, ...(row.stamps ? { [row.stamps]: stamp } : {}) });

/**
 * What an event does once its rows moved, in the lock order: the holds, the parts in id order,
 * the email (for the purchase's first line, or the line), the day's sales, the status counters.
 */
async function effects(
  trx: Transaction<Database>,
  row: EventRow,
  lines: OrderLineRow[],
  stamp: string,
  { purchase, mailTo }: { purchase?: Pick<PurchaseRow, 'user_id' | 'client_address'>; mailTo: string | null },
): Promise<void> {
  if (row.hold === 'release' && purchase) await releaseHold(trx, purchase, lines);
  if (row.stock === 'give-back' || row.stock === 'take-again') {
    for (const line of byPart(lines)) {
      // A part deleted since has no shelf to go back to; one taken again takes what the shelf still has.
      const quantity = row.stock === 'give-back' ? sql<number>`quantity + ${line.quantity}` : sql<number>`case when quantity > ${line.quantity} then quantity - ${line.quantity} else 0 end`;
      const reason = stockReason(row.stock === 'give-back' ? 'cancelled' : 'reinstated', line.id);
      await trx.updateTable('products').set({ quantity, stock_reason: reason, updated_at: stamp }).where('id', '=', line.product_id).execute();
    }
  }
  if (mailTo) await queueOrderMail(trx, mailTo, row.mail, stamp);
  // Refunds are counted by the ledger, with each refund's own amounts (refund-ledger.ts).
  if (row.sales === 'paid') await countPayment(trx, lines, stamp);
  if (row.counted && row.to !== 'waiting') await countStatusMove(trx, lines, row.from[0]!, row.to);
}

/** Lines of one purchase written in this transaction, read with its purchase's columns and number, in number order. */
async function withPurchase(db: Kysely<Database> | Transaction<Database>, lines: OrderLineRow[]): Promise<OrderRow[]> {
  const bought = await db
    .selectFrom('purchases')
    .select([...PURCHASE_COLUMNS_OF_ORDER, PURCHASE_TOTAL_OF_ORDER])
    .select(purchaseNumberOf('purchases.id').as('purchase_number'))
    .where('id', '=', lines[0]!.purchase_id)
    .executeTakeFirstOrThrow();
  return lines.map((line) => ({ ...line, ...bought, purchase_number: Number(bought.purchase_number) })).sort((a, b) => a.number - b.number);
}

/**
 * A purchase left 'waiting' (paid or cancelled): its account no longer holds it, one purchase and
 * its units, and its client address no longer holds its units of each part (parts in id order).
 */
async function releaseHold(
  trx: Transaction<Database>,
  purchase: Pick<PurchaseRow, 'user_id' | 'client_address'>,
  orders: Array<Pick<OrderRow, 'quantity' | 'product_id'>>,
): Promise<void> {
  const quantity = orders.reduce((sum, order) => sum + order.quantity, 0);
  await trx
    .updateTable('unpaid_holds')
    .set({
      orders: sql<number>`case when orders > 0 then orders - 1 else 0 end`,
      units: sql<number>`case when units > ${quantity} then units - ${quantity} else 0 end`,
    })
    .where('user_id', '=', purchase.user_id)
    .execute();
  if (purchase.client_address === null) return;
  for (const order of byPart(orders)) {
    await trx
      .updateTable('unpaid_address_holds')
      .set({ units: sql<number>`case when units > ${order.quantity} then units - ${order.quantity} else 0 end` })
      .where('address', '=', purchase.client_address)
      .where('product_id', '=', order.product_id)
      .execute();
  }
}
