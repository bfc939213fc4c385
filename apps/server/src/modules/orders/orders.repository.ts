import { CompiledQuery, type RawBuilder, sql, type Transaction } from 'kysely';
import type { ShopDatabase } from '../../db/database.js';
import type { Database, OrderMailKind, OrderRow } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { holdsEveryWord } from '../../lib/text-match.js';
import { createGroupCommit } from './group-commit.js';
import { queueOrderMail } from './order-mail-outbox.js';

/** An order as the service decided to place it: who, what, how many, and when. */
export interface NewOrder {
  userId: string;
  customerName: string;
  email: string;
  productId: string;
  quantity: number;
  location: string;
  phone: string;
  stamp: string;
}

/** What one order may be and what its account may hold, at the order's time. */
export interface PlacementLimits {
  maxTotalCents: number;
  unpaidOrders: number;
  unpaidUnits: number;
  placementsPerWindow: number;
  /** A placement window that began at or before this time is over. */
  windowOpenAfter: string;
}

/** Why an order took nothing, in the order the placement checks it. */
export type RefusalReason =
  | 'unknown-product'
  | 'below-minimum'
  | 'total-too-large'
  | 'unknown-account'
  | 'unpaid-orders'
  | 'unpaid-units'
  | 'pace'
  | 'out-of-stock'
  /** A checkout's lines together above what one payment may carry. */
  | 'checkout-too-large';

export type Placement =
  | { order: OrderRow }
  | { refusal: { reason: RefusalReason; minimum: number | null; unpaidOrders: number } };

/**
 * A checkout as the service decided to place it: who, where to, and the lines, which are taken
 * from the cart inside the checkout's own transaction, so that two tabs checking out one cart
 * place it once.
 */
export interface NewCheckout {
  userId: string;
  customerName: string;
  email: string;
  location: string;
  phone: string;
  stamp: string;
  takeLines(trx: Transaction<Database>): Promise<CheckoutLine[]>;
}

/** A cart line to order: the part, how many, and the part's name as the cart last saw it. */
export interface CheckoutLine {
  productId: string;
  quantity: number;
  name: string;
}

type Refusal = Extract<Placement, { refusal: unknown }>['refusal'];

export type CheckoutPlacement =
  | { checkoutId: string; orders: OrderRow[] }
  | { empty: true }
  | { refusal: Refusal; line: (CheckoutLine & { index: number }) | null };

/** A checkout line the verdict refused (or, with no line, the whole checkout): thrown to take back every line placed before it. */
class LineRefused extends Error {
  constructor(
    readonly refusal: Refusal,
    readonly line: (CheckoutLine & { index: number }) | null,
  ) {
    super('a checkout line was refused');
  }
}

/**
 * What one payment pays, and what is cancelled together: a one-part order, or every order of
 * a checkout.
 */
export interface PurchaseRef {
  kind: 'order' | 'checkout';
  id: string;
}

type PlacementValues = NewOrder &
  PlacementLimits & {
    orderId: string;
    mailId: string;
    checkoutId: string | null;
    /** What the order adds to the account's unpaid orders and placements: 1, or 0 for a checkout's lines after its first. */
    holdCount: number;
  };

interface VerdictRow {
  refusal: RefusalReason | null;
  minimum: number | null;
  unpaid_orders: number;
}

/** Order numbers start here, as migration 010 numbered the orders before it. */
const FIRST_ORDER_NUMBER = 10001;

type Nullable<Row> = { [Column in keyof Row]: Row[Column] | null };

/** A value a statement binds by name: the statement is compiled once, and bound on every run. */
class Named {
  constructor(readonly name: keyof PlacementValues) {}
}
const value = new Proxy({} as Record<keyof PlacementValues, Named>, {
  get: (_target, name) => new Named(name as keyof PlacementValues),
});

/**
 * Placing an order, defined once for both databases as named steps: three reads (the account,
 * its unpaid hold, the product), the verdict over them, and four writes, each of which writes
 * only when the step before it did. On PostgreSQL the steps are the parts of one statement, the
 * rows it reads locked and read as they are now; on SQLite each is a statement of its own inside
 * the group commit, which holds the write lock throughout. The verdict is the one place the
 * order's conditions are written: nothing is written unless it finds none broken, and when one
 * is it says which (decision 010).
 */
function placementSteps(lock: RawBuilder<unknown>, nextNumber: RawBuilder<number>) {
  const account = sql`select id from users where id = ${value.userId}${lock}`;
  const hold = sql`
    select orders, units, window_started_at, placed_in_window from unpaid_holds
    where user_id = (select id from account)${lock}`;
  // Read after the account's rows, so that a burst of orders for one part waits on its row only
  // while that row is being written; a cancel locks the hold before the product too, so the two
  // never wait on each other.
  const product = sql`
    select id, name, price_cents, quantity, minimum from products
    where id = ${value.productId} and (select count(*) from hold) >= 0${lock}`;

  // The account's hold row is named `hold` both where the verdict reads it and where the hold is grown.
  const windowOver = sql`hold.window_started_at <= ${value.windowOpenAfter}`;
  const unpaidOrdersFull = sql`coalesce(hold.orders, 0) + ${value.holdCount} > ${value.unpaidOrders}`;
  const unpaidUnitsFull = sql`coalesce(hold.units, 0) + ${value.quantity} > ${value.unpaidUnits}`;
  const paceReached = sql`(not (${windowOver}) and hold.placed_in_window + ${value.holdCount} > ${value.placementsPerWindow})`;

  const verdict = sql`
    select
      case
        when product.id is null then 'unknown-product'
        when product.minimum > ${value.quantity} then 'below-minimum'
        when cast(product.price_cents as bigint) * ${value.quantity} > ${value.maxTotalCents} then 'total-too-large'
        when account.id is null then 'unknown-account'
        when ${unpaidOrdersFull} then 'unpaid-orders'
        when ${unpaidUnitsFull} then 'unpaid-units'
        when ${paceReached} then 'pace'
        when product.quantity < ${value.quantity} then 'out-of-stock'
      end as refusal,
      product.minimum,
      coalesce(hold.orders, 0) as unpaid_orders
    from (select 1) as here
      left join product on true
      left join account on true
      left join hold on true`;

  // The hold's own condition repeats the verdict's limits on the row as it is when grown: on
  // PostgreSQL another first order of the account may have created it after this statement began.
  const growHold = (after: RawBuilder<unknown>) => sql`
    insert into unpaid_holds as hold (user_id, orders, units, window_started_at, placed_in_window)
    select ${value.userId}, ${value.holdCount}, ${value.quantity}, ${value.stamp}, ${value.holdCount} where ${after}
    on conflict (user_id) do update set
      orders = hold.orders + excluded.orders,
      units = hold.units + excluded.units,
      placed_in_window = case when ${windowOver} then excluded.placed_in_window else hold.placed_in_window + excluded.placed_in_window end,
      window_started_at = case when ${windowOver} then excluded.window_started_at else hold.window_started_at end
    where not (${unpaidOrdersFull} or ${unpaidUnitsFull} or ${paceReached})
    returning user_id`;

  const takeStock = (after: RawBuilder<unknown>) => sql`
    update products set quantity = quantity - ${value.quantity}, updated_at = ${value.stamp}
    where id = ${value.productId} and ${after}
    returning id`;

  // Name and price from the product row the verdict read, never from the client.
  const recordOrder = (after: RawBuilder<unknown>) => sql`
    insert into orders (id, number, user_id, product_id, customer_name, email, tool_name, unit_price_cents, quantity,
      total_cents, location, phone, status, created_at, updated_at, checkout_id)
    select ${value.orderId}, ${nextNumber}, ${value.userId}, product.id, ${value.customerName}, ${value.email}, product.name, product.price_cents,
      ${value.quantity}, product.price_cents * ${value.quantity}, ${value.location}, ${value.phone}, 'waiting', ${value.stamp}, ${value.stamp}, ${value.checkoutId}
    from product where ${after}
    returning *`;

  const queueMail = (after: RawBuilder<unknown>) => sql`
    insert into order_mail_outbox (id, order_id, kind, created_at, next_attempt_at)
    select ${value.mailId}, ${value.orderId}, 'placed', ${value.stamp}, ${value.stamp} where ${after}`;

  const reads = sql`account as (${account}), hold as (${hold}), product as (${product})`;

  return { reads, verdict, growHold, takeStock, recordOrder, queueMail };
}

/** Database access of the orders: every order row is read and written here. */
export function createOrdersRepository(database: ShopDatabase) {
  const { db, dialect } = database;

  function compile(query: RawBuilder<unknown>) {
    const compiled = query.compile(db);
    let { sql: text, parameters } = compiled;
    if (dialect === 'postgres') {
      // PostgreSQL numbers its parameters: one number per named value, sent and parsed once.
      const numbered: unknown[] = [];
      const numbers = new Map<unknown, number>();
      text = text.replace(/\$(\d+)/g, (_match, position: string) => {
        const parameter = compiled.parameters[Number(position) - 1];
        const key = parameter instanceof Named ? parameter.name : parameter;
        if (!numbers.has(key)) numbers.set(key, numbered.push(parameter));
        return `$${numbers.get(key)}`;
      });
      parameters = numbered;
    }
    return { text, values: (values: PlacementValues) => parameters.map((parameter) => (parameter instanceof Named ? values[parameter.name] : parameter)) };
  }

  const refusalOf = (verdict: VerdictRow): Placement => ({
    refusal: { reason: verdict.refusal!, minimum: verdict.minimum, unpaidOrders: Number(verdict.unpaid_orders) },
  });

  /** Places one order, in a transaction of its own or inside the caller's (the lines of a checkout, which queue their email once). */
  type LinePlacer = (values: PlacementValues, trx?: Transaction<Database>) => Promise<Placement>;

  /**
   * PostgreSQL: the steps as one statement, the account's, the product's and the hold's rows
   * locked inside it and read as they are now, so a row is locked only while the server runs it.
   */
  function statementPlacer(): { placeLine: LinePlacer; inTransaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T> } {
    const steps = placementSteps(sql` for update`, sql<number>`nextval('order_numbers')`);
    const statement = (mail: boolean) =>
      compile(sql`
      with ${steps.reads},
      verdict as (${steps.verdict}),
      grown as (${steps.growHold(sql`(select refusal from verdict) is null`)}),
      taken as (${steps.takeStock(sql`exists (select 1 from grown)`)}),
      placed as (${steps.recordOrder(sql`exists (select 1 from taken)`)})
      ${mail ? sql`, mailed as (${steps.queueMail(sql`exists (select 1 from placed)`)})` : sql``}
      select verdict.refusal, verdict.minimum, verdict.unpaid_orders, placed.* from verdict left join placed on true`);
    const alone = statement(true);
    const inCheckout = statement(false);

    return {
      async placeLine(values, trx) {
        // A first order of the account placed at the same moment as another may find the hold row
        // the other created missing from its snapshot: the hold then refuses what the verdict
        // allowed, and a second run, which sees that row, answers.
        for (let run = 1; run <= 2; run++) {
          type Row = VerdictRow & Nullable<OrderRow>;
          const [row] = trx
            ? (await trx.executeQuery<Row>(CompiledQuery.raw(inCheckout.text, inCheckout.values(values)))).rows
            : await database.prepared<Row>('place-order', alone.text, alone.values(values));
          const { refusal, minimum, unpaid_orders, ...order } = row!;
          if (order.id !== null) return { order: order as OrderRow };
          if (refusal !== null) return refusalOf({ refusal, minimum, unpaid_orders });
        }
        throw new Error('the order statement neither placed the order nor said why');
      },
      inTransaction: (work) => db.transaction().execute(work),
    };
  }

  /** SQLite: the same steps one after another, each run only when the one before wrote, in the group commit. */
  function groupCommitPlacer(): ReturnType<typeof statementPlacer> {
    // The group commit holds the write lock, so the largest number plus one is free.
    const steps = placementSteps(sql``, sql<number>`(select coalesce(max(number), ${sql.lit(FIRST_ORDER_NUMBER - 1)}) + 1 from orders)`);
    const verdict = compile(sql`with ${steps.reads} ${steps.verdict}`);
    const growHold = compile(steps.growHold(sql`true`));
    const takeStock = compile(steps.takeStock(sql`true`));
    const recordOrder = compile(sql`with ${steps.reads} ${steps.recordOrder(sql`true`)}`);
    const queueMail = compile(steps.queueMail(sql`true`));
    const inGroupCommit = createGroupCommit(db);

    async function placeIn(trx: Transaction<Database>, values: PlacementValues, mail: boolean): Promise<Placement> {
      const run = async <Row>(statement: ReturnType<typeof compile>) =>
        (await trx.executeQuery<Row>(CompiledQuery.raw(statement.text, statement.values(values)))).rows;
      // A step that writes nothing after the verdict allowed the order cannot happen under the
      // write lock; if it did, the throw takes back the steps before it with the savepoint.
      const wrote = <Row>(rows: Row[]): Row => {
        if (rows.length === 0) throw new Error('an order step wrote nothing after the verdict allowed it');
        return rows[0]!;
      };
      const [found] = await run<VerdictRow>(verdict);
      if (found!.refusal !== null) return refusalOf(found!);
      wrote(await run(growHold));
      wrote(await run(takeStock));
      const order = wrote(await run<OrderRow>(recordOrder));
      if (mail) await run(queueMail);
      return { order };
    }

    return {
      placeLine: (values, trx) => (trx ? placeIn(trx, values, false) : inGroupCommit((own) => placeIn(own, values, true))),
      inTransaction: inGroupCommit,
    };
  }

  const placer = dialect === 'postgres' ? statementPlacer() : groupCommitPlacer();

  /** Orders of one purchase: the one order, or every order of the checkout. */
  const purchaseColumn = (ref: PurchaseRef) => (ref.kind === 'checkout' ? 'checkout_id' : 'id');

  return {
    /** Takes the stock, grows the account's hold, records the order and queues its email, or says why not. */
    place(order: NewOrder, limits: PlacementLimits): Promise<Placement> {
      return placer.placeLine({ ...order, ...limits, orderId: newId(), mailId: newId(), checkoutId: null, holdCount: 1 });
    },

    /**
     * Takes the cart's lines and places every one with the rules of a single order, in one
     * transaction (SQLite: one unit of the group commit): when a line is refused, every line
     * before it is taken back and the refusal names it. Lines are placed in the order of their
     * part ids, so two checkouts lock the parts they share in the same order. The checkout counts
     * as one unpaid order and one placement of its account, and queues one email.
     */
    async placeCheckout(checkout: NewCheckout, limits: PlacementLimits): Promise<CheckoutPlacement> {
      const { takeLines, ...order } = checkout;
      try {
        return await placer.inTransaction(async (trx): Promise<CheckoutPlacement> => {
          const lines = (await takeLines(trx)).map((line, index) => ({ ...line, index }));
          if (lines.length === 0) return { empty: true };
          const checkoutId = newId();
          const placed: OrderRow[] = [];
          const byPart = [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1));
          for (const [n, line] of byPart.entries()) {
            const values = { ...order, ...limits, productId: line.productId, quantity: line.quantity, orderId: newId(), mailId: newId(), checkoutId, holdCount: n === 0 ? 1 : 0 };
            const outcome = await placer.placeLine(values, trx);
            if ('refusal' in outcome) throw new LineRefused(outcome.refusal, line);
            placed[line.index] = outcome.order;
          }
          // One payment carries the whole checkout, so its total has the limit of one order's.
          if (placed.reduce((sum, one) => sum + one.total_cents, 0) > limits.maxTotalCents) {
            throw new LineRefused({ reason: 'checkout-too-large', minimum: null, unpaidOrders: 0 }, null);
          }
          await queueOrderMail(trx, placed[0]!.id, 'placed', order.stamp);
          return { checkoutId, orders: placed };
        });
      } catch (error) {
        if (error instanceof LineRefused) return { refusal: error.refusal, line: error.line };
        throw error;
      }
    },

    /** The orders of a checkout, in the order of their lines. */
    listOfCheckout(checkoutId: string): Promise<OrderRow[]> {
      return db.selectFrom('orders').selectAll().where('checkout_id', '=', checkoutId).orderBy('number').execute();
    },

    findById(id: string): Promise<OrderRow | undefined> {
      return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** An account's orders, newest first; cancelled ones stay, so a customer can tell what became of each. */
    /** An account's orders, each saying whether its part has been reviewed from it. */
    listForAccount(userId: string): Promise<Array<OrderRow & { reviewed: unknown }>> {
      return db
        .selectFrom('orders')
        .selectAll('orders')
        .select((eb) => eb.exists(eb.selectFrom('reviews').select('reviews.id').whereRef('reviews.order_id', '=', 'orders.id')).as('reviewed'))
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
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

    listWaitingForAccount(userId: string): Promise<OrderRow[]> {
      return db.selectFrom('orders').selectAll().where('user_id', '=', userId).where('status', '=', 'waiting').execute();
    },

    listWaitingPlacedBefore(cutoff: string, limit: number): Promise<OrderRow[]> {
      return db.selectFrom('orders').selectAll().where('status', '=', 'waiting').where('created_at', '<', cutoff).limit(limit).execute();
    },

    /**
     * Every order, newest first; with `q`, those whose customer, email, part, phone, address or
     * transaction holds every word of it, or whose number it is ('10042', '#10042').
     */
    listAll(q?: string): Promise<OrderRow[]> {
      return db
        .selectFrom('orders')
        .selectAll()
        .$if(Boolean(q), (query) =>
          query.where((eb) => {
            const text = holdsEveryWord(['customer_name', 'email', 'tool_name', 'phone', 'location', 'transaction_id'], q!);
            const number = /^#?(\d{1,9})$/.exec(q!);
            return number ? eb.or([eb('number', '=', Number(number[1])), text]) : text;
          }),
        )
        .orderBy('id', 'desc')
        .execute();
    },

    /**
     * Waiting -> cancelled for every order of the purchase, the stock and the account's hold given
     * back, in one transaction: only the request whose conditional update moved the orders out of
     * 'waiting' returns them. One email for the purchase.
     */
    cancel(ref: PurchaseRef, { stamp, mail }: { stamp: string; mail: OrderMailKind | null }): Promise<'cancelled' | 'not-found' | 'not-waiting'> {
      return db.transaction().execute(async (trx) => {
        const cancelled = await trx
          .updateTable('orders')
          .set({ status: 'cancelled', cancelled_at: stamp, updated_at: stamp })
          .where(purchaseColumn(ref), '=', ref.id)
          .where('status', '=', 'waiting')
          .returning(['id', 'number', 'product_id', 'quantity', 'user_id'])
          .execute();
        if (cancelled.length === 0) {
          const exists = await trx.selectFrom('orders').select('status').where(purchaseColumn(ref), '=', ref.id).executeTakeFirst();
          return exists ? 'not-waiting' : 'not-found';
        }
        // The hold before the products, and the products in id order, as placing locks them.
        await releaseHold(trx, cancelled[0]!.user_id, cancelled);
        for (const order of [...cancelled].sort((a, b) => (a.product_id < b.product_id ? -1 : 1))) {
          await trx
            .updateTable('products')
            .set({ quantity: sql<number>`quantity + ${order.quantity}`, updated_at: stamp })
            .where('id', '=', order.product_id)
            .execute();
        }
        if (mail) await queueOrderMail(trx, firstOf(cancelled).id, mail, stamp);
        return 'cancelled';
      });
    },

    /** Waiting -> paid for every order of the purchase, its hold released and one email queued; empty when they were not waiting. */
    markPaid(ref: PurchaseRef, transactionId: string, stamp: string): Promise<OrderRow[]> {
      return db.transaction().execute(async (trx) => {
        const rows = await trx
          .updateTable('orders')
          .set({ status: 'paid', transaction_id: transactionId, paid_at: stamp, updated_at: stamp })
          .where(purchaseColumn(ref), '=', ref.id)
          .where('status', '=', 'waiting')
          .returningAll()
          .execute();
        if (rows.length > 0) {
          await releaseHold(trx, rows[0]!.user_id, rows);
          await queueOrderMail(trx, firstOf(rows).id, 'paid', stamp);
        }
        return rows.sort((a, b) => a.number - b.number);
      });
    },

    /** Paid -> shipped with its email; undefined when the order was not paid. */
    ship(id: string, stamp: string): Promise<OrderRow | undefined> {
      return db.transaction().execute(async (trx) => {
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
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

/** The purchase's first order (the lowest number), which its emails are queued against. */
const firstOf = <Row extends { number: number }>(orders: Row[]): Row => orders.reduce((first, order) => (order.number < first.number ? order : first));

/** A purchase left 'waiting' (paid or cancelled): its account holds it, one order and its units, no more. */
async function releaseHold(trx: Transaction<Database>, userId: string, orders: Array<{ quantity: number }>): Promise<void> {
  const quantity = orders.reduce((sum, order) => sum + order.quantity, 0);
  await trx
    .updateTable('unpaid_holds')
    .set({
      orders: sql<number>`case when orders > 0 then orders - 1 else 0 end`,
      units: sql<number>`case when units > ${quantity} then units - ${quantity} else 0 end`,
    })
    .where('user_id', '=', userId)
    .execute();
}
