import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import { formatHoldTime } from '@shop/shared';
import type { Database, OrderMailKind, OrderRow, ReturnMailKind } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import type { Mailer } from '../../lib/mailer.js';
import type { InvoicesService } from '../invoices/invoices.plugin.js';
import { holdEndsAt } from './lifecycle.js';
import { selectOrders } from './order-rows.js';
import { orderEmails, type PricedPurchase, type RefundTold } from './orders.emails.js';

/** Emails taken per round; a burst of orders is mailed over the following seconds, not during it. */
const BATCH_SIZE = 50;
/** A claimed email not sent within this time (a crashed instance) is taken again by another. */
const CLAIM_MS = 2 * 60 * 1000;
const MAX_ATTEMPTS = 8;
/** Waits after a failed send: 30 s, 1, 2, 4 ... minutes, at most an hour. */
const retryDelayMs = (attempts: number) => Math.min(60 * 60 * 1000, 30_000 * 2 ** (attempts - 1));
/**
 * How long an email waits for its account to confirm the order's address before it is dropped:
 * the emails quote what the account wrote (name, delivery address), so they go only to an
 * address its owner confirmed.
 */
export const HELD_ORDER_MAIL_MS = 7 * 24 * 60 * 60 * 1000;

/** The account's confirmed address is the order's: its emails may go there. */
const sendableTo = (account: { email: string | null; email_verified: boolean | number | null }, order: OrderRow) =>
  (account.email_verified === true || account.email_verified === 1) && account.email?.toLowerCase() === order.email.toLowerCase();

/** What the emails link to and say of the shop's rules: My Orders, how long an unpaid order holds its parts, the shop's clock. */
interface MailLinks {
  myOrdersUrl: string;
  paymentTimeoutMs: number;
  /** The IANA zone the emails' times are written in. */
  timeZone: string;
}

/**
 * The text of a return step's email, written by the returns module from the return and its line
 * at sending time; null when the return is no longer known.
 */
export type ReturnMailWriter = (kind: ReturnMailKind, order: OrderRow, returnId: string) => Promise<{ subject: string; text: string } | null>;

const isReturnMail = (kind: OrderMailKind): kind is ReturnMailKind => kind.startsWith('return-');

/** Notes an order email to send, in the caller's transaction. */
export async function queueOrderMail(db: Kysely<Database> | Transaction<Database>, orderId: string, kind: OrderMailKind, now = new Date().toISOString()) {
  await db.insertInto('order_mail_outbox').values({ id: newId(), order_id: orderId, kind, created_at: now, next_attempt_at: now }).execute();
}

/**
 * The lines sent in one parcel with `order`, its first: a shipment writes one shipping time,
 * carrier and tracking number on every line it moves, in one transaction.
 */
function parcelOf(order: OrderRow, lines: OrderRow[]): OrderRow[] {
  const parcel = lines.filter(
    (line) => line.status === 'shipped' && String(line.shipped_at) === String(order.shipped_at) && line.carrier === order.carrier && line.tracking_number === order.tracking_number,
  );
  return parcel.length > 0 ? parcel : [order];
}

/**
 * The delivery and amounts of the purchases whose confirmation or payment emails go now, by id,
 * with their method's days (a method of 0 days is collected: 'Ready to collect …').
 */
async function pricedPurchases(db: Kysely<Database>, ids: string[]): Promise<Map<string, PricedPurchase>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('purchases')
    .select([
      'purchases.id',
      'purchases.subtotal_cents',
      'purchases.shipping_cents',
      'purchases.discount_cents',
      'purchases.tax_cents',
      'purchases.total_cents',
      'purchases.prices_include_tax',
      'purchases.country',
      'purchases.shipping_method_name',
      'purchases.arrives_from',
      'purchases.arrives_to',
      'purchases.shipping_days_max',
    ])
    .where('purchases.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map(({ id, ...purchase }) => [id, purchase]));
}

/**
 * The email of one queued row: `orders` are the order's checkout's lines (or the order alone).
 * The hold's end is written on the shop's clock, the zone named, as the reader's is not known.
 */
function render(
  kind: Exclude<OrderMailKind, ReturnMailKind>,
  order: OrderRow,
  orders: OrderRow[],
  purchase: PricedPurchase | undefined,
  { myOrdersUrl, paymentTimeoutMs, timeZone }: MailLinks,
  refund?: RefundTold,
) {
  switch (kind) {
    case 'placed':
      return orderEmails.placed(orders, myOrdersUrl, formatHoldTime(holdEndsAt(order.created_at, paymentTimeoutMs), { timeZone, withZone: true }), purchase);
    case 'paid':
      return orderEmails.paid(orders, purchase);
    case 'shipped':
      // Refunded lines travel in no parcel: the parcel is the whole order when it holds every other line.
      return orderEmails.shipped(parcelOf(order, orders), orders.filter((line) => line.status !== 'refunded').length);
    case 'cancelled-unpaid':
      return orderEmails.cancelledUnpaid(orders);
    case 'cancelled':
      return orderEmails.cancelled(orders, myOrdersUrl);
    case 'refunded':
      return orderEmails.refunded(order, orders.length, myOrdersUrl, refund);
    case 'refund-failed':
      return orderEmails.refundFailed(order, myOrdersUrl, refund);
  }
}

/**
 * Sends the queued order emails, a batch a round (run in the background by the leading
 * instance). A round claims due rows with one conditional update, so two rounds never send the
 * same email, and a claim left by a crashed instance expires. Texts are written from the order
 * at sending time. The emails of an account that has not confirmed the order's address wait
 * (`releaseHeld` makes those still relevant due when it does) and are dropped after
 * HELD_ORDER_MAIL_MS, or once the account is removed.
 */
export function createOrderMailDispatcher({
  db,
  mailer,
  log,
  documents,
  myOrdersUrl,
  paymentTimeoutMs,
  timeZone,
}: {
  db: Kysely<Database>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The PDFs the payment and refund emails carry: the purchase's invoice, the refund's credit note. */
  documents: Pick<InvoicesService, 'invoiceAttachment' | 'creditNoteAttachment'>;
} & MailLinks) {
  let returnMail: ReturnMailWriter | undefined;

  /** The credit note a refund email carries: the provider refund's, when it has one. */
  const creditNoteOf = async (providerRefundId: string | null) => (providerRefundId ? documents.creditNoteAttachment(providerRefundId) : null);

  /** Sends one batch of due emails; resolves with how many were sent. */
  async function deliverDue(now = Date.now()): Promise<number> {
    const stamp = new Date(now).toISOString();
    const free = sql<boolean>`(claimed_until is null or claimed_until <= ${stamp})`;
    const claimed = await db
      .updateTable('order_mail_outbox')
      .set({ claimed_until: new Date(now + CLAIM_MS).toISOString(), attempts: sql<number>`attempts + 1` })
      .where('id', 'in', (qb) =>
        qb
          .selectFrom('order_mail_outbox')
          .select('id')
          .where('next_attempt_at', '<=', stamp)
          .where('attempts', '<', MAX_ATTEMPTS)
          .where(free)
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(BATCH_SIZE),
      )
      .where(free)
      .returning(['id', 'order_id', 'kind', 'attempts', 'created_at', 'return_id', 'refund_id'])
      .execute();
    if (claimed.length === 0) return 0;
    // PostgreSQL's RETURNING keeps no order: sent in the order queued, so a purchase's emails (placed, paid, refunded) arrive as it happened.
    claimed.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));

    const rows = await selectOrders(db)
      .leftJoin('users', 'users.id', 'orders.user_id')
      .select(['users.id as account_id', 'users.email as account_email', 'users.email_verified as account_verified'])
      .where('orders.id', 'in', [...new Set(claimed.map((row) => row.order_id))])
      .execute();
    const orders = rows.map(({ account_id: _id, account_email: _email, account_verified: _verified, ...order }) => order as OrderRow);
    const byId = new Map(orders.map((order) => [order.id, order]));
    const accountOf = new Map(rows.map((row) => [row.id, { id: row.account_id, email: row.account_email, email_verified: row.account_verified }]));
    // A checkout's email lists every line of it.
    const checkoutIds = [...new Set(orders.flatMap((order) => (order.purchase_id !== order.id ? [order.purchase_id] : [])))];
    const lines = checkoutIds.length === 0 ? [] : await selectOrders(db).where('orders.purchase_id', 'in', checkoutIds).orderBy('orders.number').execute();
    const linesOf = (order: OrderRow) => (order.purchase_id !== order.id ? lines.filter((line) => line.purchase_id === order.purchase_id) : [order]);
    const pricedOf = await pricedPurchases(
      db,
      claimed.filter((mail) => mail.kind === 'placed' || mail.kind === 'paid').flatMap((mail) => byId.get(mail.order_id)?.purchase_id ?? []),
    );
    const refundIds = claimed.flatMap((mail) => (mail.refund_id ? [mail.refund_id] : []));
    const refunds = new Map(
      refundIds.length === 0
        ? []
        : (await db.selectFrom('refunds').select(['id', 'amount_cents', 'provider_refund_id', 'idempotency_key', 'restock_quantity']).where('id', 'in', refundIds).execute()).map((refund) => [
            refund.id,
            { amountCents: Number(refund.amount_cents), providerRefundId: refund.provider_refund_id, wholeLine: refund.idempotency_key === null ? null : refund.idempotency_key.includes('-whole-') },
          ]),
    );
    let sent = 0;
    const done: string[] = [];
    const held: string[] = [];
    for (const mail of claimed) {
      const order = byId.get(mail.order_id);
      const account = accountOf.get(mail.order_id);
      try {
        if (!order) {
          log.warn({ orderId: mail.order_id, kind: mail.kind }, 'order email for no known order dropped');
        } else if (!account?.id) {
          log.info({ orderId: order.id, kind: mail.kind }, 'order email of a removed account dropped');
        } else if (!sendableTo(account, order)) {
          if (Date.parse(mail.created_at) + HELD_ORDER_MAIL_MS > now) {
            held.push(mail.id);
            continue;
          }
          log.info({ orderId: order.id, kind: mail.kind }, 'order email dropped: the account never confirmed the address');
        } else if (isReturnMail(mail.kind)) {
          const content = mail.return_id && returnMail ? await returnMail(mail.kind, order, mail.return_id) : null;
          if (content) {
            await mailer.send({ to: order.email, ...content });
            sent++;
          } else {
            log.warn({ orderId: order.id, kind: mail.kind, returnId: mail.return_id }, 'return email for no known return dropped');
          }
        } else {
          const attachment =
            mail.kind === 'paid' ? await documents.invoiceAttachment(order.purchase_id) : mail.kind === 'refunded' ? await creditNoteOf(refunds.get(mail.refund_id ?? '')?.providerRefundId ?? order.refund_id) : null;
          await mailer.send({
            to: order.email,
            ...render(mail.kind, order, linesOf(order), pricedOf.get(order.purchase_id), { myOrdersUrl, paymentTimeoutMs, timeZone }, refunds.get(mail.refund_id ?? '')),
            ...(attachment ? { attachments: [attachment] } : {}),
          });
          sent++;
        }
        done.push(mail.id);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const last = mail.attempts >= MAX_ATTEMPTS;
        log.error({ err: error, orderId: mail.order_id, kind: mail.kind, attempts: mail.attempts }, last ? 'order email failed; giving up' : 'order email failed; will retry');
        await db
          .updateTable('order_mail_outbox')
          .set({ claimed_until: null, last_error: message.slice(0, 500), next_attempt_at: new Date(Date.now() + retryDelayMs(mail.attempts)).toISOString() })
          .where('id', '=', mail.id)
          .execute();
      }
    }
    // Sent (or dropped) emails leave the outbox together; a crash before this sends them again
    // once their claim expires, which is the safe side for an order email.
    if (done.length > 0) await db.deleteFrom('order_mail_outbox').where('id', 'in', done).execute();
    if (held.length > 0) await hold(held, now);
    return sent;
  }

  /**
   * Puts emails back until their account confirms the address (or they are dropped), uncounted
   * as attempts. One whose account confirmed the address since it was read stays due, so it goes
   * next round: the condition is read again as the update runs.
   */
  async function hold(ids: string[], now: number): Promise<void> {
    await db
      .updateTable('order_mail_outbox')
      .set({ claimed_until: null, attempts: sql<number>`attempts - 1`, next_attempt_at: new Date(now + HELD_ORDER_MAIL_MS).toISOString() })
      .where('id', 'in', ids)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('orders')
              .innerJoin('purchases', 'purchases.id', 'orders.purchase_id')
              .innerJoin('users', 'users.id', 'orders.user_id')
              .select('orders.id')
              .whereRef('orders.id', '=', 'order_mail_outbox.order_id')
              .where('users.email_verified', '=', sql.lit(true))
              .where(sql<boolean>`lower(users.email) = lower(purchases.email)`),
          ),
        ),
      )
      .execute();
    // Those the account confirmed meanwhile: due again at once.
    await db.updateTable('order_mail_outbox').set({ claimed_until: null, attempts: sql<number>`attempts - 1` }).where('id', 'in', ids).where('claimed_until', 'is not', null).execute();
  }

  /**
   * The account confirmed its address (or was removed): its held order emails are due now, but
   * for the 'waiting for payment' ones of orders that no longer wait, which are dropped.
   */
  async function releaseHeld(userId: string, now = Date.now()): Promise<void> {
    const stamp = new Date(now).toISOString();
    const ofAccount = (waiting: boolean) =>
      db
        .selectFrom('orders')
        .select('id')
        .where('user_id', '=', userId)
        .$if(!waiting, (qb) => qb.where('status', '<>', 'waiting'));
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('order_mail_outbox').where('kind', '=', 'placed').where('next_attempt_at', '>', stamp).where('order_id', 'in', ofAccount(false)).execute();
      await trx.updateTable('order_mail_outbox').set({ next_attempt_at: stamp }).where('next_attempt_at', '>', stamp).where('order_id', 'in', ofAccount(true)).execute();
    });
  }

  /** The returns module's writer of its steps' emails; set once, when it registers (the orders module never imports it). */
  function useReturnMail(writer: ReturnMailWriter): void {
    if (returnMail) throw new Error('a return mail writer is already in use');
    returnMail = writer;
  }

  return { deliverDue, releaseHeld, useReturnMail };
}
export type OrderMailDispatcher = ReturnType<typeof createOrderMailDispatcher>;
