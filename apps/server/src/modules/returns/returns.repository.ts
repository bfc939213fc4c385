import { RETURNS_PAGE_SIZE, type ReturnReason, type ReturnsQuery } from '@shop/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import { takeAccountTurn } from '../../db/account-turn.js';
import type { ShopDatabase } from '../../db/database.js';
import type { Database, ReturnMailKind, ReturnRow, ReturnStatus } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { lineChargedCents } from '../../lib/pricing.js';
import { holdsEveryWord } from '../../lib/text-match.js';

/** A return as it is answered: its row, its line's number, part and amounts, and its purchase's buyer, number and what is left of its payment. */
export type ReturnDetailsRow = ReturnRow & {
  order_number: number;
  tool_name: string;
  order_quantity: number;
  line_total_cents: number;
  line_discount_cents: number | string;
  line_tax_cents: number | string;
  prices_include_tax: boolean | number;
  customer_name: string;
  email: string;
  purchase_total_cents: number | string;
  purchase_number: number | string;
  /** Given back or being given back of the purchase (refunds pending or succeeded). */
  purchase_refunded_cents: number | string;
};

export interface NewReturn {
  userId: string;
  orderId: string;
  quantity: number;
  reason: ReturnReason;
  comment: string;
  stamp: string;
  /** The settings' return window, from the line's shipping. */
  windowDays: number;
}

/** Why a return request was refused: the rule that held, and the pieces left to return. */
export type ReturnRefusal = { refusal: 'not-found' | 'not-shipped' | 'all-refunded' | 'window-closed' } | { refusal: 'too-many'; left: number };

/** A refund as the ledger records it: its id, what it gave back and the pieces it put back in stock. */
export interface MadeRefund {
  id: string;
  amount_cents: number | string;
  restock_quantity: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a line shipped at `shippedAt` can no longer be returned: whole 24 h days after it. */
export const windowClosesAt = (shippedAt: string, windowDays: number): string => new Date(Date.parse(shippedAt) + windowDays * DAY_MS).toISOString();

/** The number customers see for the return's purchase: its first line's, the lowest. */
const purchaseNumber = sql<number>`(select min(first_line.number) from orders as first_line where first_line.purchase_id = returns.purchase_id)`;

/**
 * Database access of returns. A request is counted in its account's turn (takeAccountTurn: on
 * PostgreSQL the account's row is locked before the first read; SQLite's write transaction holds
 * the write lock), so requests at once never put more pieces of a line in returns than it has.
 * Each admin step moves the return with one conditional update and queues its email in the same
 * transaction; a refund is claimed first, so two admins at once make one.
 */
export function createReturnsRepository(database: ShopDatabase) {
  const { db, dialect } = database;

  const selectDetails = (from: Kysely<Database> | Transaction<Database>) =>
    from
      .selectFrom('returns')
      .innerJoin('orders', 'orders.id', 'returns.order_id')
      .innerJoin('purchases', 'purchases.id', 'returns.purchase_id')
      .selectAll('returns')
      .select([
        'orders.number as order_number',
        'orders.tool_name',
        'orders.quantity as order_quantity',
        'orders.total_cents as line_total_cents',
        'orders.discount_cents as line_discount_cents',
        'orders.tax_cents as line_tax_cents',
        'purchases.prices_include_tax',
        'purchases.customer_name',
        'purchases.email',
        'purchases.total_cents as purchase_total_cents',
      ])
      .select(purchaseNumber.as('purchase_number'))
      .select((eb) =>
        eb
          .selectFrom('refunds')
          .select(sql<number | string>`coalesce(sum(refunds.amount_cents), 0)`.as('given'))
          .whereRef('refunds.purchase_id', '=', 'returns.purchase_id')
          .where('refunds.status', 'in', ['pending', 'succeeded'])
          .as('purchase_refunded_cents'),
      );

  /** The returns of one status and matching `q`: its order number ('#10234' or '10234'), part, customer name or email. */
  const filtered = ({ status, q }: Pick<ReturnsQuery, 'status' | 'q'>) =>
    selectDetails(db)
      .$if(status !== undefined, (query) => query.where('returns.status', '=', status!))
      .$if(Boolean(q), (query) =>
        query.where((eb) => {
          const text = holdsEveryWord(['purchases.customer_name', 'purchases.email', 'orders.tool_name'], q!);
          const number = /^#?(\d{1,9})$/.exec(q!);
          return number ? eb.or([eb('orders.number', '=', Number(number[1])), eb(purchaseNumber, '=', Number(number[1])), text]) : text;
        }),
      );

  /** Notes the email of a return's step for the order outbox, in the step's transaction. */
  const queueMail = (trx: Transaction<Database>, row: Pick<ReturnRow, 'id' | 'order_id'>, kind: ReturnMailKind, stamp: string) =>
    trx.insertInto('order_mail_outbox').values({ id: newId(), order_id: row.order_id, kind, created_at: stamp, next_attempt_at: stamp, return_id: row.id }).execute();

  /** Received -> refunded with the refund that gave its money back, in that refund's own transaction. */
  async function markRefunded(trx: Transaction<Database>, id: string, refund: MadeRefund, stamp: string): Promise<void> {
    await trx
      .updateTable('returns')
      .set({
        status: 'refunded',
        refund_id: refund.id,
        refund_cents: Number(refund.amount_cents),
        restocked: refund.restock_quantity > 0 ? 1 : 0,
        claimed_until: null,
        refunded_at: stamp,
        updated_at: stamp,
      })
      .where('id', '=', id)
      .where('status', '=', 'received')
      .execute();
  }

  return {
    find(id: string): Promise<ReturnDetailsRow | undefined> {
      return selectDetails(db).where('returns.id', '=', id).executeTakeFirst() as Promise<ReturnDetailsRow | undefined>;
    },

    /** A page of returns, newest first, and how many there are in all. */
    async page({ page = 0, ...filter }: ReturnsQuery): Promise<{ rows: ReturnDetailsRow[]; total: number }> {
      const [rows, counted] = await Promise.all([
        filtered(filter)
          .orderBy('returns.created_at', 'desc')
          .orderBy('returns.id', 'desc')
          .limit(RETURNS_PAGE_SIZE)
          .offset(page * RETURNS_PAGE_SIZE)
          .execute(),
        filtered(filter)
          .clearSelect()
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as ReturnDetailsRow[], total: Number(counted.count) };
    },

    /**
     * Writes a request for pieces of one of the account's shipped lines, or says which rule
     * refused it: the line is the account's and shipped, not wholly refunded, within its window,
     * and the pieces fit in what is left of the line outside its other returns (rejected ones aside).
     */
    create(input: NewReturn): Promise<ReturnRow | ReturnRefusal> {
      return database.writeTransaction(async (trx) => {
        await takeAccountTurn(trx, dialect, input.userId);
        const line = await trx
          .selectFrom('orders')
          .innerJoin('purchases', 'purchases.id', 'orders.purchase_id')
          .select([
            'orders.id',
            'orders.purchase_id',
            'orders.product_id',
            'orders.status',
            'orders.quantity',
            'orders.shipped_at',
            'orders.total_cents',
            'orders.discount_cents',
            'orders.tax_cents',
            'orders.refunded_cents',
            'purchases.prices_include_tax',
          ])
          .where('orders.id', '=', input.orderId)
          .where('orders.user_id', '=', input.userId)
          .executeTakeFirst();
        if (!line) return { refusal: 'not-found' };
        if (line.status !== 'shipped' || !line.shipped_at) return { refusal: 'not-shipped' };
        if (Number(line.refunded_cents) >= lineChargedCents(line, line.prices_include_tax)) return { refusal: 'all-refunded' };
        if (input.stamp >= windowClosesAt(line.shipped_at, input.windowDays)) return { refusal: 'window-closed' };
        const { taken } = await trx
          .selectFrom('returns')
          .select(sql<number | string>`coalesce(sum(quantity), 0)`.as('taken'))
          .where('order_id', '=', line.id)
          .where('status', '<>', 'rejected')
          .executeTakeFirstOrThrow();
        const left = Math.max(0, line.quantity - Number(taken));
        if (input.quantity > left) return { refusal: 'too-many', left };
        return trx
          .insertInto('returns')
          .values({
            id: newId(),
            order_id: line.id,
            purchase_id: line.purchase_id,
            user_id: input.userId,
            product_id: line.product_id,
            quantity: input.quantity,
            reason: input.reason,
            comment: input.comment,
            status: 'requested',
            reject_reason: null,
            refund_id: null,
            refund_cents: null,
            claimed_until: null,
            created_at: input.stamp,
            updated_at: input.stamp,
            approved_at: null,
            rejected_at: null,
            received_at: null,
            refunded_at: null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    /**
     * An admin's step: the return moves from `from` to `to` (with its time, and `rejectReason`
     * for a rejection) and its email is queued, in one transaction; undefined when it was not in
     * `from`. A return being refunded is not in 'received' for any other step: none leaves it.
     * `after` (its activity entry) runs last in the transaction, given the return and its line's number.
     */
    step(
      id: string,
      from: ReturnStatus,
      to: 'approved' | 'rejected' | 'received',
      stamp: string,
      rejectReason: string | null = null,
      after?: (trx: Transaction<Database>, moved: ReturnRow & { order_number: number }) => Promise<unknown>,
    ): Promise<ReturnRow | undefined> {
      return database.writeTransaction(async (trx) => {
        const moved = await trx
          .updateTable('returns')
          .set({ status: to, updated_at: stamp, ...(to === 'approved' ? { approved_at: stamp } : to === 'rejected' ? { rejected_at: stamp, reject_reason: rejectReason } : { received_at: stamp }) })
          .where('id', '=', id)
          .where('status', '=', from)
          .returningAll()
          .executeTakeFirst();
        if (!moved) return undefined;
        await queueMail(trx, moved, `return-${to}`, stamp);
        if (after) {
          const line = await trx.selectFrom('orders').select('number').where('id', '=', moved.order_id).executeTakeFirstOrThrow();
          await after(trx, { ...moved, order_number: line.number });
        }
        return moved;
      });
    },

    /**
     * Holds a received return for its refund until `until` (no second refund meanwhile; a claim
     * left by a crashed instance runs out); undefined when it is not received or is being refunded.
     */
    claimRefund(id: string, stamp: string, until: string): Promise<ReturnRow | undefined> {
      return db
        .updateTable('returns')
        .set({ claimed_until: until })
        .where('id', '=', id)
        .where('status', '=', 'received')
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', stamp)]))
        .returningAll()
        .executeTakeFirst();
    },

    /** The refund was not made: the return stays received and can be refunded again. */
    async releaseRefund(id: string): Promise<void> {
      await db.updateTable('returns').set({ claimed_until: null }).where('id', '=', id).where('status', '=', 'received').execute();
    },

    markRefunded,

    /** `markRefunded` in a transaction of its own; nothing when the return is refunded already. */
    async settleRefunded(id: string, refund: MadeRefund, stamp: string): Promise<void> {
      await database.writeTransaction((trx) => markRefunded(trx, id, refund, stamp));
    },

    /** The returns of these lines, oldest first. */
    ofLines(orderIds: string[]): Promise<Array<Pick<ReturnRow, 'id' | 'order_id' | 'quantity' | 'status' | 'reject_reason'>>> {
      if (orderIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('returns')
        .select(['id', 'order_id', 'quantity', 'status', 'reject_reason'])
        .where('order_id', 'in', orderIds)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** A return's pieces and reject reason, for its email. */
    forMail(id: string): Promise<Pick<ReturnRow, 'quantity' | 'reject_reason'> | undefined> {
      return db.selectFrom('returns').select(['quantity', 'reject_reason']).where('id', '=', id).executeTakeFirst();
    },
  };
}
export type ReturnsRepository = ReturnType<typeof createReturnsRepository>;
