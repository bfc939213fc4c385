import { type RawBuilder, sql, type Transaction } from 'kysely';
import { type ShopDatabase, type StatementRunner, transactionRunner } from '../../db/database.js';
import type { Database, OrderMailKind, OrderRow } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { holdsEveryWord } from '../../lib/text-match.js';
import { createGroupCommit } from './group-commit.js';
import { queueOrderMail } from './order-mail-outbox.js';

/** Who buys, where it goes, and when: the same for every line of a purchase. */
interface Buyer {
  userId: string;
  customerName: string;
  email: string;
  location: string;
  phone: string;
  stamp: string;
}

/** An order as the service decided to place it: who, what, how many, and when. */
export interface NewOrder extends Buyer {
  productId: string;
  quantity: number;
}

/**
 * A checkout as the service decided to place it: who, where to, and the lines, which are taken
 * from the cart inside the checkout's own transaction, so that two tabs checking out one cart
 * place it once.
 */
export interface NewCheckout extends Buyer {
  /** Runs inside the checkout's transaction, with its statements. */
  takeLines(run: StatementRunner): Promise<CheckoutLine[]>;
}

/** A cart line to order: the part, how many, and the part's name as the cart last saw it. */
export interface CheckoutLine {
  productId: string;
  quantity: number;
  name: string;
}

/** What one purchase may be and what its account may hold, at the purchase's time. */
export interface PlacementLimits {
  maxTotalCents: number;
  unpaidOrders: number;
  unpaidUnits: number;
  placementsPerWindow: number;
  /** A placement window that began at or before this time is over. */
  windowOpenAfter: string;
}

/** Why a purchase took nothing, in the order the placement checks it. */
export type RefusalReason =
  | 'unknown-product'
  | 'below-minimum'
  | 'total-too-large'
  /** A checkout's lines together above what one payment may carry. */
  | 'checkout-too-large'
  | 'unknown-account'
  | 'unpaid-orders'
  | 'unpaid-units'
  | 'pace'
  | 'out-of-stock';

export interface Refusal {
  reason: RefusalReason;
  /** The refused line's part minimum, for 'below-minimum'. */
  minimum: number | null;
  unpaidOrders: number;
  /** The refused line's place in the purchase, for the reasons about one line. */
  position: number | null;
}

/** The orders placed, in the order of their lines; or why none was. */
export type Placement = { orders: OrderRow[] } | { refusal: Refusal };

export type CheckoutPlacement =
  | { checkoutId: string; orders: OrderRow[] }
  | { empty: true }
  | { refusal: Refusal; line: (CheckoutLine & { index: number }) | null };

/** A refused checkout: thrown inside its transaction to take back the cart's lines it took. */
class CheckoutRefused extends Error {
  constructor(
    readonly refusal: Refusal,
    readonly line: (CheckoutLine & { index: number }) | null,
  ) {
    super('the checkout was refused');
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

/** The values a placement binds: the buyer, the limits, and its lines as JSON. */
type PlacementValues = Buyer &
  PlacementLimits & {
    /** `[{ product_id, quantity, order_id, position }]`, positions from 0. */
    lines: string;
    mailId: string;
    /** The order the purchase's email is queued against: its first line's. */
    mailOrderId: string;
    checkoutId: string | null;
  };

interface VerdictRow {
  refusal: RefusalReason | null;
  minimum: number | null;
  position: number | null;
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
 * Placing a purchase (one order, or every line of a checkout), defined once for both databases as
 * named steps: the lines and three reads (the account, its unpaid hold, the parts), the verdict
 * over them, and four writes, each of which writes only when the step before it did. On
 * PostgreSQL the steps are the parts of one statement, the rows it reads locked (the parts in id
 * order, so two purchases sharing parts never wait on each other in a circle) and read as they
 * are now; on SQLite each is a statement of its own inside the group commit, which holds the
 * write lock throughout. The verdict is the one place a purchase's conditions are written:
 * nothing is written unless it finds none broken, and when one is it says which, and of which
 * line (decision 010). A purchase counts as one unpaid order and one placement of its account,
 * with all its pieces.
 */
function placementSteps(dialect: 'sqlite' | 'postgres') {
  const postgres = dialect === 'postgres';
  const lock = postgres ? sql` for update` : sql``;
  const lines = postgres
    ? sql`select * from jsonb_to_recordset(cast(${value.lines} as jsonb)) as line(product_id text, quantity integer, order_id text, position integer)`
    : sql`select json_extract(value, '$.product_id') as product_id, json_extract(value, '$.quantity') as quantity,
            json_extract(value, '$.order_id') as order_id, json_extract(value, '$.position') as position
          from json_each(${value.lines})`;
  // SQLite: the group commit holds the write lock, so the numbers after the largest are free.
  const nextNumber = postgres
    ? sql<number>`nextval('order_numbers')`
    : sql<number>`(select coalesce(max(number), ${sql.lit(FIRST_ORDER_NUMBER - 1)}) from orders) + lines.position + 1`;

  const account = sql`select id from users where id = ${value.userId}${lock}`;
  const hold = sql`
    select orders, units, window_started_at, placed_in_window from unpaid_holds
    where user_id = (select id from account)${lock}`;
  // Read after the account's rows, so that a burst of orders for one part waits on its row only
  // while that row is being written; a cancel locks the hold before the parts too, so the two
  // never wait on each other.
  const product = sql`
    select id, name, price_cents, quantity, minimum from products
    where id in (select product_id from lines) and (select count(*) from hold) >= 0
    order by id${lock}`;

  const units = sql`(select sum(quantity) from lines)`;
  // The account's hold row is named `hold` both where the verdict reads it and where the hold is grown.
  const windowOver = sql`hold.window_started_at <= ${value.windowOpenAfter}`;
  const unpaidOrdersFull = sql`coalesce(hold.orders, 0) >= ${value.unpaidOrders}`;
  const unpaidUnitsFull = (adding: RawBuilder<unknown>) => sql`coalesce(hold.units, 0) + ${adding} > ${value.unpaidUnits}`;
  const paceReached = sql`(not (${windowOver}) and hold.placed_in_window >= ${value.placementsPerWindow})`;

  // Each line's own refusal: about its part (checked before the account), or its stock (after).
  const lineChecks = sql`
    select lines.position, product.minimum,
      case
        when product.id is null then 'unknown-product'
        when product.minimum > lines.quantity then 'below-minimum'
        when cast(product.price_cents as bigint) * lines.quantity > ${value.maxTotalCents} then 'total-too-large'
      end as part_refusal,
      case when product.quantity < lines.quantity then 'out-of-stock' end as stock_refusal
    from lines left join product on product.id = lines.product_id`;
  const firstLine = (column: 'part_refusal' | 'stock_refusal') =>
    sql`(select position, minimum, ${sql.ref(column)} as refusal from line_checks where ${sql.ref(column)} is not null order by position limit 1)`;

  const verdict = sql`
    select
      case
        when part.refusal is not null then part.refusal
        when (select sum(cast(product.price_cents as bigint) * lines.quantity) from lines join product on product.id = lines.product_id) > ${value.maxTotalCents}
          then 'checkout-too-large'
        when account.id is null then 'unknown-account'
        when ${unpaidOrdersFull} then 'unpaid-orders'
        when ${unpaidUnitsFull(units)} then 'unpaid-units'
        when ${paceReached} then 'pace'
        when stock.refusal is not null then stock.refusal
      end as refusal,
      coalesce(part.minimum, stock.minimum) as minimum,
      coalesce(part.position, stock.position) as position,
      coalesce(hold.orders, 0) as unpaid_orders
    from (select 1) as here
      left join ${firstLine('part_refusal')} as part on true
      left join ${firstLine('stock_refusal')} as stock on true
      left join account on true
      left join hold on true`;

  // The hold's own condition repeats the verdict's limits on the row as it is when grown: on
  // PostgreSQL another first purchase of the account may have created it after this statement began.
  const growHold = (after: RawBuilder<unknown>) => sql`
    insert into unpaid_holds as hold (user_id, orders, units, window_started_at, placed_in_window)
    select ${value.userId}, 1, ${units}, ${value.stamp}, 1 where ${after}
    on conflict (user_id) do update set
      orders = hold.orders + 1,
      units = hold.units + excluded.units,
      placed_in_window = case when ${windowOver} then 1 else hold.placed_in_window + 1 end,
      window_started_at = case when ${windowOver} then excluded.window_started_at else hold.window_started_at end
    where not (${unpaidOrdersFull} or ${unpaidUnitsFull(sql`excluded.units`)} or ${paceReached})
    returning user_id`;

  const takeStock = (after: RawBuilder<unknown>) => sql`
    update products set quantity = products.quantity - lines.quantity, updated_at = ${value.stamp}
    from lines
    where products.id = lines.product_id and ${after}
    returning products.id`;

  // Name and price from the product rows the verdict read, never from the client.
  const recordOrders = (after: RawBuilder<unknown>) => sql`
    insert into orders (id, number, user_id, product_id, customer_name, email, tool_name, unit_price_cents, quantity,
      total_cents, location, phone, status, created_at, updated_at, checkout_id)
    select lines.order_id, ${nextNumber}, ${value.userId}, product.id, ${value.customerName}, ${value.email}, product.name, product.price_cents,
      lines.quantity, product.price_cents * lines.quantity, ${value.location}, ${value.phone}, 'waiting', ${value.stamp}, ${value.stamp}, ${value.checkoutId}
    from lines join product on product.id = lines.product_id
    where ${after}
    order by lines.position
    returning *`;

  const queueMail = (after: RawBuilder<unknown>) => sql`
    insert into order_mail_outbox (id, order_id, kind, created_at, next_attempt_at)
    select ${value.mailId}, ${value.mailOrderId}, 'placed', ${value.stamp}, ${value.stamp} where ${after}`;

  const reads = sql`lines as (${lines}), account as (${account}), hold as (${hold}), product as (${product}), line_checks as (${lineChecks})`;

  return { reads, verdict, growHold, takeStock, recordOrders, queueMail };
}

/** A purchase to place: its buyer, its lines in order, and the checkout it makes, if any. */
interface Purchase extends Buyer {
  lines: Array<{ productId: string; quantity: number }>;
  checkoutId: string | null;
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
    refusal: {
      reason: verdict.refusal!,
      minimum: verdict.minimum === null ? null : Number(verdict.minimum),
      unpaidOrders: Number(verdict.unpaid_orders),
      position: verdict.position === null ? null : Number(verdict.position),
    },
  });

  /** Places a purchase in a transaction of its own, or with the statements of the caller's (a checkout's, which took its cart first). */
  type Placer = (values: PlacementValues, run?: StatementRunner) => Promise<Placement>;

  /**
   * PostgreSQL: the steps as one statement, the account's, the parts' and the hold's rows locked
   * inside it and read as they are now, so a row is locked only while the server runs it.
   */
  function statementPlacer(): { place: Placer; inTransaction: ShopDatabase['preparedTransaction'] } {
    const steps = placementSteps('postgres');
    const statement = compile(sql`
      with ${steps.reads},
      verdict as (${steps.verdict}),
      grown as (${steps.growHold(sql`(select refusal from verdict) is null`)}),
      taken as (${steps.takeStock(sql`exists (select 1 from grown)`)}),
      placed as (${steps.recordOrders(sql`(select count(*) from taken) = (select count(*) from lines)`)}),
      mailed as (${steps.queueMail(sql`exists (select 1 from placed)`)})
      select verdict.refusal, verdict.minimum, verdict.position, verdict.unpaid_orders, placed.* from verdict left join placed on true`);

    return {
      async place(values, run = database.prepared) {
        // A first purchase of the account made at the same moment as another may find the hold
        // row the other created missing from its snapshot: the hold then refuses what the
        // verdict allowed, and a second run, which sees that row, answers.
        for (let attempt = 1; attempt <= 2; attempt++) {
          type Row = VerdictRow & Nullable<OrderRow>;
          const rows = await run<Row>('place-order', statement.text, statement.values(values));
          const [first] = rows;
          const { refusal, minimum, position, unpaid_orders } = first!;
          if (first!.id !== null) {
            const orders = rows.map(({ refusal: _r, minimum: _m, position: _p, unpaid_orders: _u, ...order }) => order as OrderRow);
            return { orders: orders.sort((a, b) => a.number - b.number) };
          }
          if (refusal !== null) return refusalOf({ refusal, minimum, position, unpaid_orders });
        }
        throw new Error('the order statement neither placed the order nor said why');
      },
      inTransaction: database.preparedTransaction,
    };
  }

  /** SQLite: the same steps one after another, each run only when the one before wrote, in the group commit. */
  function groupCommitPlacer(): ReturnType<typeof statementPlacer> {
    const steps = placementSteps('sqlite');
    const verdict = compile(sql`with ${steps.reads} ${steps.verdict}`);
    const growHold = compile(sql`with ${steps.reads} ${steps.growHold(sql`true`)}`);
    const takeStock = compile(sql`with ${steps.reads} ${steps.takeStock(sql`true`)}`);
    const recordOrders = compile(sql`with ${steps.reads} ${steps.recordOrders(sql`true`)}`);
    const queueMail = compile(steps.queueMail(sql`true`));
    const inGroupCommit = createGroupCommit(db);

    async function placeIn(runner: StatementRunner, values: PlacementValues): Promise<Placement> {
      const run = <Row>(statement: ReturnType<typeof compile>) => runner<Row>('', statement.text, statement.values(values));
      // A step that writes nothing after the verdict allowed the purchase cannot happen under the
      // write lock; if it did, the throw takes back the steps before it with the savepoint.
      const wrote = <Row>(rows: Row[], expected: number): Row[] => {
        if (rows.length !== expected) throw new Error('an order step wrote less than the verdict allowed');
        return rows;
      };
      const lineCount = (JSON.parse(values.lines) as unknown[]).length;
      const [found] = await run<VerdictRow>(verdict);
      if (found!.refusal !== null) return refusalOf(found!);
      wrote(await run(growHold), 1);
      wrote(await run(takeStock), lineCount);
      const orders = wrote(await run<OrderRow>(recordOrders), lineCount);
      await run(queueMail);
      return { orders: orders.sort((a, b) => a.number - b.number) };
    }

    return {
      place: (values, run) => (run ? placeIn(run, values) : inGroupCommit((trx) => placeIn(transactionRunner(trx), values))),
      inTransaction: (work) => inGroupCommit((trx) => work(transactionRunner(trx))),
    };
  }

  const placer = dialect === 'postgres' ? statementPlacer() : groupCommitPlacer();

  /** The values of a purchase: its lines numbered, each with its order's id, and the email against the first. */
  function valuesOf({ lines, checkoutId, ...buyer }: Purchase, limits: PlacementLimits): PlacementValues {
    const ids = lines.map(() => newId());
    return {
      ...buyer,
      ...limits,
      lines: JSON.stringify(lines.map((line, position) => ({ product_id: line.productId, quantity: line.quantity, order_id: ids[position], position }))),
      mailId: newId(),
      mailOrderId: ids[0]!,
      checkoutId,
    };
  }

  /** Orders of one purchase: the one order, or every order of the checkout. */
  const purchaseColumn = (ref: PurchaseRef) => (ref.kind === 'checkout' ? 'checkout_id' : 'id');

  return {
    /** Takes the stock, grows the account's hold, records the order and queues its email, or says why not. */
    async place({ productId, quantity, ...buyer }: NewOrder, limits: PlacementLimits): Promise<{ order: OrderRow } | { refusal: Refusal }> {
      const placed = await placer.place(valuesOf({ ...buyer, lines: [{ productId, quantity }], checkoutId: null }, limits));
      return 'refusal' in placed ? placed : { order: placed.orders[0]! };
    },

    /**
     * Takes the cart's lines and places them all as one purchase with the rules of a single
     * order, in one transaction (SQLite: one unit of the group commit), with one email; or none,
     * and the refusal names the line.
     */
    async placeCheckout({ takeLines, ...buyer }: NewCheckout, limits: PlacementLimits): Promise<CheckoutPlacement> {
      return placer.inTransaction(async (run): Promise<CheckoutPlacement> => {
        const lines = await takeLines(run);
        if (lines.length === 0) return { empty: true };
        const checkoutId = newId();
        const placed = await placer.place(valuesOf({ ...buyer, lines, checkoutId }, limits), run);
        if ('refusal' in placed) {
          // The cart's lines go back with the rollback: the refusal is thrown to take them back.
          const { position } = placed.refusal;
          throw new CheckoutRefused(placed.refusal, position === null ? null : { ...lines[position]!, index: position });
        }
        return { checkoutId, orders: placed.orders };
      }).catch((error: unknown) => {
        if (error instanceof CheckoutRefused) return { refusal: error.refusal, line: error.line };
        throw error;
      });
    },

    /** The orders of a checkout, in the order they were placed. */
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
