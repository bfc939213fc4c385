import { centsToDollars, returnMessages, stockReason } from '@shop/shared';
import { sql, type Transaction } from 'kysely';
import type { ShopDatabase } from '../../db/database.js';
import type { Database, OrderLineRow, OrderMailKind, PurchaseRow, RefundRow } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { lineChargedCents, lineNetCents, refundTaxShare } from '../../lib/pricing.js';
import { refusalOf } from './lifecycle.js';
import { countRefund, countStatusMove } from './orders.sales.js';
import { type Actor, recordActivity } from '../activity/activity.plugin.js';

/**
 * The refund ledger (migration 037): every refund of a line, whole or part, in four steps, each
 * one write transaction that locks the purchase's row first (decision 021's lock order; on
 * PostgreSQL `for update`, on SQLite the write lock every write transaction holds):
 *
 *   1. reserve   the line may be refunded; the amount fits in what is left of the payment (what
 *                the purchase paid less its pending and succeeded refunds); a pending row
 *   2. (the provider is asked, outside any transaction)
 *   3. complete  the row succeeded; the line's refunded amount, the stock, the email, the day's
 *                sales, a whole line's status, then `after` (its credit note, a return's step)
 *      or drop / decline  the provider was not reached (the row goes) or said no (failed)
 *   4. reverse   the bank sent a succeeded refund back: each of those effects undone
 *
 * A refund found only in the provider's events (its dashboard, or one whose answer was lost) is
 * written as succeeded rows in one step (`recordFound`).
 */

/** What a refund gives back: an amount in cents, or the rest of the line ('rest': the line is then refunded, with its delivery when it is the purchase's last). */
export interface RefundAsk {
  orderId: string;
  amount: number | 'rest';
  /** Pieces back on the shelf; 'rest': every piece not put back before. */
  restock: number | 'rest';
  returnId: string | null;
  by: string | null;
}

/**
 * Who asked for a refund, by the address the payments module names them with, as their account
 * is now (its role read in the refund's transaction); none when no account has that address.
 */
async function askerOf(trx: Transaction<Database>, email: string | null): Promise<Actor | undefined> {
  if (!email) return undefined;
  return trx.selectFrom('users').select(['id', 'name', 'email', 'role']).where('email', '=', email).executeTakeFirst();
}

/** What runs last in the transaction that records a refund: its credit note, a return's step. */
export type AfterRefund = (trx: Transaction<Database>, refund: RefundRow, line: OrderLineRow) => Promise<unknown>;

/** A refund the provider made that the ledger does not hold yet, as its event describes it. */
export interface FoundRefund {
  purchaseId: string;
  providerRefundId: string;
  amountCents: number;
  /** The line and ledger row its metadata names, if it was asked by the shop. */
  orderId: string | null;
  ledgerId: string | null;
  /** The provider says the whole payment is now refunded. */
  wholePayment: boolean;
}

type Purchase = Pick<PurchaseRow, 'id' | 'status' | 'total_cents' | 'tax_cents' | 'prices_include_tax'>;

/** What the ledger holds of each line: given back or on its way (pending and succeeded), its tax, the pieces restocked, and the refunds asked by the shop. */
interface LineLedger {
  given: number;
  tax: number;
  shipping: number;
  restocked: number;
  pending: number;
  asked: number;
  failedOfReturn: number;
}

/** How long a whole line's refund may take at the provider before the line can be shipped again (the claim a shipment waits for). */
const REFUND_CLAIM_MS = 2 * 60 * 1000;

const emptyLedger = (): LineLedger => ({ given: 0, tax: 0, shipping: 0, restocked: 0, pending: 0, asked: 0, failedOfReturn: 0 });

/**
 * The delivery in a refund (decision 037: not revenue): what it gives back beyond its tax share
 * and beyond what is left of the line's own revenue (what it sold for, less what earlier refunds
 * of it gave back without their tax and delivery).
 */
function deliveryIn(amount: number, taxCents: number, line: OrderLineRow, own: LineLedger, pricesIncludeTax: boolean | number): number {
  const revenueLeft = Math.max(0, lineNetCents(line, pricesIncludeTax) - (own.given - own.tax - own.shipping));
  return Math.max(0, amount - taxCents - revenueLeft);
}

/** What a refund takes off the sales' revenue: its amount without its tax share and its delivery. */
const revenueOf = (refund: Pick<RefundRow, 'amount_cents' | 'tax_cents' | 'shipping_cents'>) => Number(refund.amount_cents) - Number(refund.tax_cents) - Number(refund.shipping_cents);

const refundTooLarge = (leftCents: number) => new AppError(409, 'REFUND_TOO_LARGE', returnMessages.amountAboveLeft(leftCents));

export function createRefundLedger(database: ShopDatabase) {
  const { db } = database;

  /** The purchase's row, locked until the transaction ends (PostgreSQL; SQLite's write transaction holds the database). */
  async function lockPurchase(trx: Transaction<Database>, purchaseId: string): Promise<Purchase | undefined> {
    const query = trx.selectFrom('purchases').select(['id', 'status', 'total_cents', 'tax_cents', 'prices_include_tax']).where('id', '=', purchaseId);
    return database.dialect === 'postgres' ? query.forUpdate().executeTakeFirst() : query.executeTakeFirst();
  }

  async function ledgerOf(trx: Transaction<Database>, purchaseId: string): Promise<Map<string, LineLedger>> {
    const rows = await trx
      .selectFrom('refunds')
      .select(['order_id', 'status', 'amount_cents', 'tax_cents', 'shipping_cents', 'restock_quantity', 'idempotency_key', 'return_id'])
      .where('purchase_id', '=', purchaseId)
      .execute();
    const ledger = new Map<string, LineLedger>();
    for (const row of rows) {
      const line = ledger.get(row.order_id) ?? emptyLedger();
      if (row.status !== 'failed') {
        line.given += Number(row.amount_cents);
        line.tax += Number(row.tax_cents);
        line.shipping += Number(row.shipping_cents);
        line.restocked += row.restock_quantity;
      }
      if (row.status === 'pending') line.pending++;
      if (row.idempotency_key !== null) line.asked++;
      if (row.status === 'failed' && row.return_id !== null) line.failedOfReturn++;
      ledger.set(row.order_id, line);
    }
    return ledger;
  }

  const linesOf = (trx: Transaction<Database>, purchaseId: string) => trx.selectFrom('orders').selectAll().where('purchase_id', '=', purchaseId).orderBy('number').execute();

  /** The email of a refund or of its failure, naming the ledger row its amount is read from. */
  async function queueRefundMail(trx: Transaction<Database>, orderId: string, kind: Extract<OrderMailKind, 'refunded' | 'refund-failed'>, refundId: string, stamp: string) {
    await trx.insertInto('order_mail_outbox').values({ id: newId(), order_id: orderId, kind, created_at: stamp, next_attempt_at: stamp, refund_id: refundId }).execute();
  }

  /**
   * A succeeded refund's effects on its line, in the lock order: the line (its amount given back;
   * a whole line's refund moves a paid line to refunded), the part's stock, the email, the day's
   * sales, the status counters. Answers the line as written.
   */
  async function applySucceeded(trx: Transaction<Database>, refund: RefundRow, line: OrderLineRow, wholeLine: boolean, stamp: string): Promise<OrderLineRow> {
    const amount = Number(refund.amount_cents);
    const closes = wholeLine && line.status === 'paid';
    const written = await trx
      .updateTable('orders')
      .set({
        refunded_cents: sql<number>`refunded_cents + ${amount}`,
        updated_at: stamp,
        ...(closes ? { status: 'refunded' as const, refunded_at: stamp, refund_id: refund.provider_refund_id, refund_failure: null } : {}),
        ...(wholeLine ? { refund_claimed_until: null } : {}),
      })
      .where('id', '=', line.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (refund.restock_quantity > 0) {
      await trx
        .updateTable('products')
        .set({ quantity: sql<number>`quantity + ${refund.restock_quantity}`, stock_reason: stockReason(refund.return_id ? 'return' : 'refund', line.id), updated_at: stamp })
        .where('id', '=', line.product_id)
        .execute();
    }
    await queueRefundMail(trx, line.id, 'refunded', refund.id, stamp);
    await countRefund(trx, { productId: line.product_id, revenueCents: revenueOf(refund), taxCents: Number(refund.tax_cents), quantity: refund.restock_quantity, lines: closes ? 1 : 0 }, 'refunded', stamp);
    if (closes) await countStatusMove(trx, [line], 'paid', 'refunded');
    return written;
  }

  /** Whether this row gives back the rest of its line (a whole line's refund): its key says so. */
  const isWholeLine = (refund: Pick<RefundRow, 'idempotency_key'>) => refund.idempotency_key?.includes('-whole-') ?? false;

  /** Step 3 inside a transaction: the pending row succeeded (once); undefined when it is no longer pending. */
  async function completeIn(trx: Transaction<Database>, refundId: string, providerRefundId: string, stamp: string, after?: AfterRefund): Promise<{ refund: RefundRow; changed: boolean } | undefined> {
    const pending = await trx.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirst();
    if (!pending) return undefined;
    if (pending.status !== 'pending') return { refund: pending, changed: false };
    // The provider's event recorded this very refund first (its answer to us came late): that row stands.
    const recorded = await trx.selectFrom('refunds').selectAll().where('provider_refund_id', '=', providerRefundId).where('order_id', '=', pending.order_id).executeTakeFirst();
    if (recorded) {
      await trx.deleteFrom('refunds').where('id', '=', refundId).execute();
      return { refund: recorded, changed: false };
    }
    const refund = await trx
      .updateTable('refunds')
      .set({ status: 'succeeded', provider_refund_id: providerRefundId, completed_at: stamp })
      .where('id', '=', refundId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const line = await trx.selectFrom('orders').selectAll().where('id', '=', refund.order_id).executeTakeFirstOrThrow();
    const written = await applySucceeded(trx, refund, line, isWholeLine(refund), stamp);
    if (after) await after(trx, refund, written);
    return { refund, changed: true };
  }

  return {
    /**
     * Step 1: checks the line and the amount against what is left of the payment, with the
     * purchase locked so that concurrent refunds of it are counted one after the other, and
     * writes the pending row. A refusal is thrown (409 with the reason).
     */
    reserve(ask: RefundAsk, stamp: string): Promise<RefundRow> {
      return database.writeTransaction(async (trx) => {
        const target = await trx.selectFrom('orders').select('purchase_id').where('id', '=', ask.orderId).executeTakeFirst();
        if (!target) throw notFound('Order');
        const purchase = (await lockPurchase(trx, target.purchase_id))!;
        const lines = await linesOf(trx, purchase.id);
        const line = lines.find((candidate) => candidate.id === ask.orderId)!;
        const wholeLine = ask.amount === 'rest';
        const ledger = await ledgerOf(trx, purchase.id);
        const own = ledger.get(line.id) ?? emptyLedger();
        const underWay = wholeLine && (own.pending > 0 || (line.refund_claimed_until !== null && line.refund_claimed_until > stamp));
        if (wholeLine ? line.status !== 'paid' || underWay : line.status !== 'paid' && line.status !== 'shipped') throw conflict(refusalOf('refund', line.status));

        const include = purchase.prices_include_tax;
        const givenOf = (id: string) => ledger.get(id)?.given ?? 0;
        const purchaseGiven = [...ledger.values()].reduce((sum, entry) => sum + entry.given, 0);
        const purchaseTaxGiven = [...ledger.values()].reduce((sum, entry) => sum + entry.tax, 0);
        const left = Number(purchase.total_cents) - purchaseGiven;
        const taxLeft = Math.max(0, Number(purchase.tax_cents) - purchaseTaxGiven);
        const charged = lineChargedCents(line, include);
        const lineTaxLeft = Math.min(taxLeft, Math.max(0, Number(line.tax_cents) - own.tax));

        let amount: number;
        let taxCents: number;
        if (wholeLine) {
          // The last line to go back takes the rest of the payment (delivery and its tax), decided
          // here under the lock, so two lines refunded at once never both leave the delivery out.
          const last = lines.every((other) => other.id === line.id || other.status === 'refunded' || lineChargedCents(other, include) - givenOf(other.id) <= 0);
          amount = last ? left : Math.min(left, Math.max(0, charged - own.given));
          taxCents = last ? taxLeft : lineTaxLeft;
          if (amount <= 0) throw conflict(refusalOf('refund', 'refunded'));
        } else {
          amount = ask.amount as number;
          if (!Number.isInteger(amount) || amount <= 0) throw new AppError(422, 'VALIDATION_FAILED', returnMessages.amountInvalid, { amount: [returnMessages.amountInvalid] });
          if (amount > left) throw refundTooLarge(Math.max(0, left));
          taxCents = Math.min(lineTaxLeft, refundTaxShare(amount, charged, Number(line.tax_cents)));
        }
        const restockable = Math.max(0, line.quantity - own.restocked);
        const restock = ask.restock === 'rest' ? restockable : Math.min(Math.max(0, Math.floor(ask.restock)), restockable);
        // The provider's idempotency key: the same for a retry after a lost answer (nothing was
        // written), a new one after a refund that succeeded or was declined.
        const idempotencyKey = ask.returnId
          ? `refund-return-${ask.returnId}${own.failedOfReturn > 0 ? `-after-${own.failedOfReturn}` : ''}`
          : `refund-order-${line.id}-${wholeLine ? 'whole' : 'part'}-${amount}-${own.asked}`;
        const refund = await trx
          .insertInto('refunds')
          .values({
            id: newId(),
            purchase_id: purchase.id,
            order_id: line.id,
            return_id: ask.returnId,
            amount_cents: amount,
            tax_cents: Math.min(taxCents, amount),
            shipping_cents: deliveryIn(amount, Math.min(taxCents, amount), line, own, include),
            restock_quantity: restock,
            status: 'pending',
            provider_refund_id: null,
            idempotency_key: wholeLine && ask.returnId ? `${idempotencyKey}-whole-` : idempotencyKey,
            failure_reason: null,
            created_by: ask.by,
            created_at: stamp,
            completed_at: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        // A whole line's refund holds its shipment until the provider answers.
        if (wholeLine) await trx.updateTable('orders').set({ refund_claimed_until: new Date(Date.parse(stamp) + REFUND_CLAIM_MS).toISOString() }).where('id', '=', line.id).execute();
        // The refund asked is in the activity log from now on, whatever the provider answers later.
        const refunded = [
          { field: 'amount', before: null, after: centsToDollars(Number(refund.amount_cents)) },
          { field: 'restock', before: null, after: restock },
        ];
        await recordActivity(
          trx,
          await askerOf(trx, ask.by),
          ask.returnId
            ? {
                action: 'return.refunded',
                record: { type: 'return', id: ask.returnId, label: `Return of order #${line.number}` },
                changes: [{ field: 'status', before: 'received', after: 'refunded' }, ...refunded],
              }
            : {
                // A checkout's refund is refunded line by line: an entry per line.
                action: 'order.refunded',
                record: { type: 'order', id: line.id, label: `Order #${line.number}` },
                changes: [...(wholeLine ? [{ field: 'status', before: line.status, after: 'refunded' }] : []), ...refunded],
              },
        );
        return refund;
      });
    },

    /** The provider could not be reached: nothing was refunded, the reservation goes. */
    async drop(refundId: string): Promise<void> {
      await database.writeTransaction(async (trx) => {
        const gone = await trx.deleteFrom('refunds').where('id', '=', refundId).where('status', '=', 'pending').returning(['order_id', 'idempotency_key']).executeTakeFirst();
        if (gone && isWholeLine(gone)) await trx.updateTable('orders').set({ refund_claimed_until: null }).where('id', '=', gone.order_id).execute();
      });
    },

    /** The provider declined: the row stays as failed, with its reason; a whole line's hold on shipping ends. */
    async decline(refundId: string, providerRefundId: string | null, reason: string, stamp: string): Promise<void> {
      await database.writeTransaction(async (trx) => {
        const failed = await trx
          .updateTable('refunds')
          .set({ status: 'failed', provider_refund_id: providerRefundId || null, failure_reason: reason, completed_at: stamp })
          .where('id', '=', refundId)
          .where('status', '=', 'pending')
          .returning(['order_id', 'idempotency_key'])
          .executeTakeFirst();
        if (failed && isWholeLine(failed)) await trx.updateTable('orders').set({ refund_claimed_until: null }).where('id', '=', failed.order_id).execute();
      });
    },

    /** Step 3: the provider made the refund. Once: a repeat (or the provider's event first) answers the row as it is. */
    async complete(refundId: string, providerRefundId: string, stamp: string, after?: AfterRefund): Promise<{ refund: RefundRow; changed: boolean }> {
      const row = await db.selectFrom('refunds').select('purchase_id').where('id', '=', refundId).executeTakeFirst();
      if (!row) throw notFound('Refund');
      const done = await database.writeTransaction(async (trx) => {
        await lockPurchase(trx, row.purchase_id);
        return completeIn(trx, refundId, providerRefundId, stamp, after);
      });
      if (!done) throw notFound('Refund');
      return done;
    },

    /**
     * A refund the provider reports that the ledger does not hold: one the shop asked for whose
     * answer came late or was lost (its metadata names the row or the line), or one made in the
     * provider's dashboard. Written as succeeded rows: on the line it names; for the whole
     * payment, a whole refund of every paid line, the last taking the rest; otherwise on the
     * first line with money left. Nothing when the ledger holds it already. Answers the rows written.
     */
    recordFound(found: FoundRefund, stamp: string, after?: (trx: Transaction<Database>, refunds: RefundRow[], lines: OrderLineRow[]) => Promise<unknown>): Promise<RefundRow[]> {
      return database.writeTransaction(async (trx) => {
        const purchase = await lockPurchase(trx, found.purchaseId);
        if (!purchase) return [];
        const known = await trx.selectFrom('refunds').select('id').where('purchase_id', '=', purchase.id).where('provider_refund_id', '=', found.providerRefundId).executeTakeFirst();
        if (known) return [];
        if (found.ledgerId) {
          const pending = await trx.selectFrom('refunds').select(['id', 'status']).where('id', '=', found.ledgerId).where('purchase_id', '=', purchase.id).executeTakeFirst();
          if (pending?.status === 'pending') {
            const done = await completeIn(trx, pending.id, found.providerRefundId, stamp, async (inner, refund, line) => after?.(inner, [refund], [line]));
            return done?.changed ? [done.refund] : [];
          }
        }
        const lines = await linesOf(trx, purchase.id);
        const ledger = await ledgerOf(trx, purchase.id);
        const include = purchase.prices_include_tax;
        const leftOf = (line: OrderLineRow) => Math.max(0, lineChargedCents(line, include) - (ledger.get(line.id)?.given ?? 0));
        const named = lines.find((line) => line.id === found.orderId);
        let shares: Array<{ line: OrderLineRow; amount: number; whole: boolean }>;
        if (named) {
          shares = [{ line: named, amount: found.amountCents, whole: named.status === 'paid' && found.amountCents >= leftOf(named) }];
        } else {
          const paid = lines.filter((line) => line.status === 'paid');
          if (found.wholePayment && paid.length > 0) {
            let rest = found.amountCents;
            shares = paid.map((line, index) => {
              const amount = index === paid.length - 1 ? rest : Math.min(rest, leftOf(line));
              rest -= amount;
              return { line, amount, whole: true };
            });
          } else {
            const line = lines.find((candidate) => (candidate.status === 'paid' || candidate.status === 'shipped') && leftOf(candidate) > 0) ?? lines[0]!;
            shares = [{ line, amount: found.amountCents, whole: false }];
          }
        }
        const written: RefundRow[] = [];
        const writtenLines: OrderLineRow[] = [];
        for (const { line, amount, whole } of shares) {
          if (amount <= 0) continue;
          const own = ledger.get(line.id) ?? emptyLedger();
          const charged = lineChargedCents(line, include);
          const taxCents = Math.min(amount, Math.max(0, Number(line.tax_cents) - own.tax), whole ? Number(line.tax_cents) : refundTaxShare(amount, charged, Number(line.tax_cents)));
          const refund = await trx
            .insertInto('refunds')
            .values({
              id: newId(),
              purchase_id: purchase.id,
              order_id: line.id,
              return_id: null,
              amount_cents: amount,
              tax_cents: taxCents,
              shipping_cents: deliveryIn(amount, taxCents, line, own, include),
              restock_quantity: whole ? Math.max(0, line.quantity - own.restocked) : 0,
              status: 'succeeded',
              provider_refund_id: found.providerRefundId,
              idempotency_key: null,
              failure_reason: null,
              created_by: null,
              created_at: stamp,
              completed_at: stamp,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          written.push(refund);
          writtenLines.push(await applySucceeded(trx, refund, line, whole, stamp));
        }
        if (after && written.length > 0) await after(trx, written, writtenLines);
        return written;
      });
    },

    /**
     * Step 4: the bank sent back a refund the provider had made. Each row of it fails with the
     * reason: the line's refunded amount goes down, a refunded line is paid again, the pieces it
     * put back are taken again as far as the shelf has them, the sales count it back, and the
     * customer is emailed. Answers the rows reversed (none: not a refund the ledger holds as made).
     */
    reverse(providerRefundId: string, reason: string, stamp: string): Promise<RefundRow[]> {
      return database.writeTransaction(async (trx) => {
        const first = await trx.selectFrom('refunds').select('purchase_id').where('provider_refund_id', '=', providerRefundId).where('status', '=', 'succeeded').executeTakeFirst();
        if (!first) return [];
        await lockPurchase(trx, first.purchase_id);
        const rows = await trx
          .updateTable('refunds')
          .set({ status: 'failed', failure_reason: reason, completed_at: stamp })
          .where('provider_refund_id', '=', providerRefundId)
          .where('status', '=', 'succeeded')
          .returningAll()
          .execute();
        for (const refund of rows.sort((a, b) => (a.order_id < b.order_id ? -1 : 1))) {
          const amount = Number(refund.amount_cents);
          const before = await trx.selectFrom('orders').selectAll().where('id', '=', refund.order_id).executeTakeFirstOrThrow();
          const reopens = before.status === 'refunded' && before.refund_id === providerRefundId;
          await trx
            .updateTable('orders')
            .set({
              refunded_cents: sql<number>`case when refunded_cents > ${amount} then refunded_cents - ${amount} else 0 end`,
              refund_failure: reason,
              updated_at: stamp,
              ...(reopens ? { status: 'paid' as const, refunded_at: null } : {}),
            })
            .where('id', '=', before.id)
            .execute();
          const n = refund.restock_quantity;
          if (n > 0) {
            await trx
              .updateTable('products')
              .set({ quantity: sql<number>`case when quantity > ${n} then quantity - ${n} else 0 end`, stock_reason: stockReason('refund-failed', before.id), updated_at: stamp })
              .where('id', '=', before.product_id)
              .execute();
          }
          await queueRefundMail(trx, before.id, 'refund-failed', refund.id, stamp);
          await countRefund(trx, { productId: before.product_id, revenueCents: revenueOf(refund), taxCents: Number(refund.tax_cents), quantity: n, lines: reopens ? 1 : 0 }, 'refund-failed', stamp);
          if (reopens) await countStatusMove(trx, [before], 'refunded', 'paid');
        }
        return rows;
      });
    },

    /** Refunds still pending since before `cutoff` (an instance stopped while the provider was being asked), oldest first. */
    pendingBefore(cutoff: string, limit: number): Promise<RefundRow[]> {
      return db.selectFrom('refunds').selectAll().where('status', '=', 'pending').where('created_at', '<', cutoff).orderBy('created_at').limit(limit).execute();
    },

    /** The ledger rows of a line, oldest first. */
    ofLine(orderId: string): Promise<RefundRow[]> {
      return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute();
    },
  };
}
