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
  | 'out-of-stock';

export type Placement =
  | { order: OrderRow }
  | { refusal: { reason: RefusalReason; minimum: number | null; unpaidOrders: number } };

type PlacementValues = NewOrder & PlacementLimits & { orderId: string; mailId: string };

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
  const unpaidOrdersFull = sql`coalesce(hold.orders, 0) >= ${value.unpaidOrders}`;
  const unpaidUnitsFull = sql`coalesce(hold.units, 0) + ${value.quantity} > ${value.unpaidUnits}`;
  const paceReached = sql`(not (${windowOver}) and hold.placed_in_window >= ${value.placementsPerWindow})`;

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
    select ${value.userId}, 1, ${value.quantity}, ${value.stamp}, 1 where ${after}
    on conflict (user_id) do update set
      orders = hold.orders + 1,
      units = hold.units + excluded.units,
      placed_in_window = case when ${windowOver} then 1 else hold.placed_in_window + 1 end,
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
      total_cents, location, phone, status, created_at, updated_at)
    select ${value.orderId}, ${nextNumber}, ${value.userId}, product.id, ${value.customerName}, ${value.email}, product.name, product.price_cents,
      ${value.quantity}, product.price_cents * ${value.quantity}, ${value.location}, ${value.phone}, 'waiting', ${value.stamp}, ${value.stamp}
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

  /**
   * PostgreSQL: the steps as one statement, the account's, the product's and the hold's rows
   * locked inside it and read as they are now, so a row is locked only while the server runs it.
   */
  function statementPlacer() {
    const steps = placementSteps(sql` for update`, sql<number>`nextval('order_numbers')`);
    const statement = compile(sql`
      with ${steps.reads},
      verdict as (${steps.verdict}),
      grown as (${steps.growHold(sql`(select refusal from verdict) is null`)}),
      taken as (${steps.takeStock(sql`exists (select 1 from grown)`)}),
      placed as (${steps.recordOrder(sql`exists (select 1 from taken)`)}),
      mailed as (${steps.queueMail(sql`exists (select 1 from placed)`)})
      select verdict.refusal, verdict.minimum, verdict.unpaid_orders, placed.* from verdict left join placed on true`);

    return async function place(values: PlacementValues): Promise<Placement> {
      // A first order of the account placed at the same moment as another may find the hold row
      // the other created missing from its snapshot: the hold then refuses what the verdict
      // allowed, and a second run, which sees that row, answers.
      for (let run = 1; run <= 2; run++) {
        const [row] = await database.prepared<VerdictRow & Nullable<OrderRow>>('place-order', statement.text, statement.values(values));
        const { refusal, minimum, unpaid_orders, ...order } = row!;
        if (order.id !== null) return { order: order as OrderRow };
        if (refusal !== null) return refusalOf({ refusal, minimum, unpaid_orders });
      }
      throw new Error('the order statement neither placed the order nor said why');
    };
  }

  /** SQLite: the same steps one after another, each run only when the one before wrote, in the group commit. */
  function groupCommitPlacer() {
    // The group commit holds the write lock, so the largest number plus one is free.
    const steps = placementSteps(sql``, sql<number>`(select coalesce(max(number), ${sql.lit(FIRST_ORDER_NUMBER - 1)}) + 1 from orders)`);
    const verdict = compile(sql`with ${steps.reads} ${steps.verdict}`);
    const growHold = compile(steps.growHold(sql`true`));
    const takeStock = compile(steps.takeStock(sql`true`));
    const recordOrder = compile(sql`with ${steps.reads} ${steps.recordOrder(sql`true`)}`);
    const queueMail = compile(steps.queueMail(sql`true`));
    const inGroupCommit = createGroupCommit(db);

    return (values: PlacementValues): Promise<Placement> =>
      inGroupCommit(async (trx) => {
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
        await run(queueMail);
        return { order };
      });
  }

  const placeOrder = dialect === 'postgres' ? statementPlacer() : groupCommitPlacer();

  return {
    /** Takes the stock, grows the account's hold, records the order and queues its email, or says why not. */
    place(order: NewOrder, limits: PlacementLimits): Promise<Placement> {
      return placeOrder({ ...order, ...limits, orderId: newId(), mailId: newId() });
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
     * Waiting -> cancelled, the stock and the account's hold given back, in one transaction:
     * only the request whose conditional update moved the order out of 'waiting' returns them.
     */
    cancel(id: string, { stamp, mail }: { stamp: string; mail: OrderMailKind | null }): Promise<'cancelled' | 'not-found' | 'not-waiting'> {
      return db.transaction().execute(async (trx) => {
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
        // The hold before the product, in the order placing an order locks them.
        await releaseHold(trx, cancelled.user_id, cancelled.quantity);
        await trx
          .updateTable('products')
          .set({ quantity: sql<number>`quantity + ${cancelled.quantity}`, updated_at: stamp })
          .where('id', '=', cancelled.product_id)
          .execute();
        if (mail) await queueOrderMail(trx, id, mail, stamp);
        return 'cancelled';
      });
    },

    /** Waiting -> paid, its hold released and its email queued; undefined when the order was not waiting. */
    markPaid(id: string, transactionId: string, stamp: string): Promise<OrderRow | undefined> {
      return db.transaction().execute(async (trx) => {
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
