import { type RawBuilder, sql, type Transaction } from 'kysely';
import { CART_LINES_MAX } from '@shop/shared';
import { takeAccountTurn } from '../../db/account-turn.js';
import { type ShopDatabase, transactionRunner } from '../../db/database.js';
import type { AllOrdersQuery } from '@shop/shared';
import type { Database, OrderMailKind, OrderRow } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { holdsEveryWord } from '../../lib/text-match.js';
import { queueOrderMail } from './order-mail-outbox.js';
import { countSales, countStatusMove } from './orders.sales.js';

/** Who buys, where it goes, and when: the same for every line of a purchase. */
interface Buyer {
  userId: string;
  customerName: string;
  email: string;
  location: string;
  phone: string;
  stamp: string;
  /** The client address the purchase comes from (IPv6 by its /64): what its unpaid pieces of each part count against. */
  clientAddress: string;
}

/** An order as the service decided to place it: who, what, how many, and when. */
export interface NewOrder extends Buyer {
  productId: string;
  quantity: number;
}

/**
 * A checkout as the service decided to place it: who and where to. Its lines are the account's
 * cart as the checkout's own statement reads it, and the cart is emptied by that statement when
 * it places them, so two tabs checking out one cart place it once.
 */
export type NewCheckout = Buyer;

/**
 * The cart module's side of a checkout, in its own SQL: the account's cart lines
 * (`product_id, quantity, name, position`), and emptying the cart. The orders' placement runs
 * them inside its own statements.
 */
export interface CheckoutSource {
  lines(userId: unknown): RawBuilder<unknown>;
  clear(userId: unknown, when: RawBuilder<unknown>): RawBuilder<unknown>;
}

/** Which orders an admin's list or export shows. */
export type OrdersFilter = Pick<AllOrdersQuery, 'q' | 'status'>;

/** What one purchase may be and what its account may hold, at the purchase's time. */
export interface PlacementLimits {
  maxTotalCents: number;
  unpaidOrders: number;
  unpaidUnits: number;
  placementsPerWindow: number;
  /** A placement window that began at or before this time is over. */
  windowOpenAfter: string;
  /** Unpaid pieces of one part that the orders from one client address may hold together. */
  partUnitsPerAddress: number;
}

/** Why a purchase took nothing, in the order the placement checks it. */
export type RefusalReason =
  /** A checkout of an empty cart (the second of two tabs finds it emptied by the first). */
  | 'cart-empty'
  | 'unknown-product'
  | 'below-minimum'
  | 'total-too-large'
  /** A checkout's lines together above what one payment may carry. */
  | 'checkout-too-large'
  | 'unknown-account'
  | 'unpaid-orders'
  | 'unpaid-units'
  | 'pace'
  /** The unpaid orders from the purchase's client address would hold more of a line's part than the address may. */
  | 'address-units'
  | 'out-of-stock';

/**
 * The verdict's reasons: a refusal, or an address-and-part row missing from `unpaid_address_holds`,
 * which the placer creates before it runs the purchase again (the statement can only lock rows
 * that exist).
 */
type VerdictReason = RefusalReason | 'address-unheld';

export interface Refusal {
  reason: RefusalReason;
  /** The refused line's part minimum, for 'below-minimum'. */
  minimum: number | null;
  unpaidOrders: number;
  /** The refused line's place in the purchase, for the reasons about one line. */
  position: number | null;
  /** The refused line; its name is the cart's, for a checkout's line. */
  line: { productId: string; quantity: number; name: string | null } | null;
}

/** The orders placed, in the order of their lines; or why none was. */
export type Placement = { orders: OrderRow[] } | { refusal: Refusal };

export type CheckoutPlacement = { checkoutId: string; orders: OrderRow[] } | { refusal: Refusal };

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
    /** A one-part order's line, `[{ product_id, quantity, position }]`; a checkout's lines are its cart's. */
    lines: string;
    /** The new orders' ids, by line position (JSON): as many as a purchase may have lines. */
    orderIds: string;
    mailId: string;
    checkoutId: string | null;
  };

interface VerdictRow {
  refusal: VerdictReason | null;
  minimum: number | null;
  position: number | null;
  unpaid_orders: number;
  line_product_id: string | null;
  line_quantity: number | null;
  line_name: string | null;
  line_count: number;
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
 * named steps: the lines (a one-part order's, or the account's cart) and three reads (the
 * account, its unpaid hold, the parts), the verdict over them, and four writes (five for a
 * checkout, whose last empties the cart), each of which writes only when the step before it did. On
 * PostgreSQL the steps are the parts of one statement, the rows it reads locked (the parts in id
 * order, so two purchases sharing parts never wait on each other in a circle) and read as they
 * are now; on SQLite each is a statement of its own inside the group commit, which holds the
 * write lock throughout. The verdict is the one place a purchase's conditions are written:
 * nothing is written unless it finds none broken, and when one is it says which, and of which
 * line (decision 010). A purchase counts as one unpaid order and one placement of its account,
 * with all its pieces.
 */
function placementSteps(dialect: 'sqlite' | 'postgres', cart?: CheckoutSource) {
  const postgres = dialect === 'postgres';
  const lock = postgres ? sql` for update` : sql``;
  // A one-part order's line comes with the statement; a checkout's lines are the cart's, locked
  // on PostgreSQL so a second tab's checkout waits for the first and then finds the cart empty.
  const cartRows = cart && sql`${cart.lines(value.userId)}${lock}`;
  const numbered = cart
    ? sql`select product_id, quantity, name, cast(row_number() over (order by position) - 1 as integer) as position from cart`
    : postgres
      ? sql`select product_id, quantity, position, cast(null as text) as name
            from jsonb_to_recordset(cast(${value.lines} as jsonb)) as line(product_id text, quantity integer, position integer)`
      : sql`select json_extract(value, '$.product_id') as product_id, json_extract(value, '$.quantity') as quantity,
              json_extract(value, '$.position') as position, null as name
            from json_each(${value.lines})`;
  const orderIds = postgres ? sql`cast(${value.orderIds} as jsonb)` : sql`${value.orderIds}`;
  const lines = sql`select numbered.*, ${orderIds} ->> numbered.position as order_id from (${numbered}) as numbered`;
  const lineReads = sql`${cartRows ? sql`cart as (${cartRows}), ` : sql``}lines as (${lines})`;
  // SQLite: the group commit holds the write lock, so the numbers after the largest are free.
  const nextNumber = postgres
    ? sql<number>`nextval('order_numbers')`
    : sql<number>`(select coalesce(max(number), ${sql.lit(FIRST_ORDER_NUMBER - 1)}) from orders) + lines.position + 1`;

  const account = sql`select id from users where id = ${value.userId}${lock}`;
  const hold = sql`
    select orders, units, window_started_at, placed_in_window from unpaid_holds
    where user_id = (select id from account)${lock}`;
  // What the purchase's client address holds of its parts, after the account's hold and before
  // the parts (in part order), as a cancel locks them; every account of that address waits here.
  const addressHold = sql`
    select product_id, units from unpaid_address_holds
    where address = ${value.clientAddress} and product_id in (select product_id from lines) and (select count(*) from hold) >= 0
    order by product_id${lock}`;
  // Read after the account's rows, so that a burst of orders for one part waits on its row only
  // while that row is being written; a cancel locks the hold before the parts too, so the two
  // never wait on each other.
  const product = sql`
    select id, name, price_cents, quantity, minimum from products
    where id in (select product_id from lines) and (select count(*) from address_hold) >= 0
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
      case
        when coalesce(address_hold.units, 0) + lines.quantity > ${value.partUnitsPerAddress} then 'address-units'
        when product.quantity < lines.quantity then 'out-of-stock'
      end as stock_refusal
    from lines left join product on product.id = lines.product_id
      left join address_hold on address_hold.product_id = lines.product_id`;
  const firstLine = (column: 'part_refusal' | 'stock_refusal') =>
    sql`(select position, minimum, ${sql.ref(column)} as refusal from line_checks where ${sql.ref(column)} is not null order by position limit 1)`;

  const verdict = sql`
    select
      case
        when not exists (select 1 from lines) then 'cart-empty'
        when part.refusal is not null then part.refusal
        when (select sum(cast(product.price_cents as bigint) * lines.quantity) from lines join product on product.id = lines.product_id) > ${value.maxTotalCents}
          then 'checkout-too-large'
        when account.id is null then 'unknown-account'
        when exists (select 1 from lines where lines.product_id not in (select product_id from address_hold)) then 'address-unheld'
        when ${unpaidOrdersFull} then 'unpaid-orders'
        when ${unpaidUnitsFull(units)} then 'unpaid-units'
        when ${paceReached} then 'pace'
        when stock.refusal is not null then stock.refusal
      end as refusal,
      coalesce(part.minimum, stock.minimum) as minimum,
      coalesce(part.position, stock.position) as position,
      coalesce(hold.orders, 0) as unpaid_orders,
      line.product_id as line_product_id, line.quantity as line_quantity, line.name as line_name,
      (select count(*) from lines) as line_count
    from (select 1) as here
      left join ${firstLine('part_refusal')} as part on true
      left join ${firstLine('stock_refusal')} as stock on true
      left join lines as line on line.position = coalesce(part.position, stock.position)
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

  // The address's rows are locked and read as they are now (the verdict checked them), so they grow without a condition of their own.
  const growAddressHold = (after: RawBuilder<unknown>) => sql`
    update unpaid_address_holds set units = unpaid_address_holds.units + lines.quantity
    from lines
    where unpaid_address_holds.address = ${value.clientAddress} and unpaid_address_holds.product_id = lines.product_id and ${after}
    returning unpaid_address_holds.product_id`;

  // The rows `address_hold` locks: created, empty, before a purchase from a new address or of a new part runs again.
  const openAddressHold = sql`
    with ${lineReads}
    insert into unpaid_address_holds (address, product_id, units)
    select ${value.clientAddress}, product_id, 0 from lines where true
    on conflict (address, product_id) do nothing`;

  const takeStock = (after: RawBuilder<unknown>) => sql`
    update products set quantity = products.quantity - lines.quantity, updated_at = ${value.stamp}
    from lines
    where products.id = lines.product_id and ${after}
    returning products.id`;

  // Name and price from the product rows the verdict read, never from the client.
  const recordOrders = (after: RawBuilder<unknown>) => sql`
    insert into orders (id, number, user_id, product_id, customer_name, email, tool_name, unit_price_cents, quantity,
      total_cents, location, phone, status, created_at, updated_at, checkout_id, client_address)
    select lines.order_id, ${nextNumber}, ${value.userId}, product.id, ${value.customerName}, ${value.email}, product.name, product.price_cents,
      lines.quantity, product.price_cents * lines.quantity, ${value.location}, ${value.phone}, 'waiting', ${value.stamp}, ${value.stamp}, ${value.checkoutId},
      ${value.clientAddress}
    from lines join product on product.id = lines.product_id
    where ${after}
    order by lines.position
    returning *`;

  const queueMail = (after: RawBuilder<unknown>) => sql`
    insert into order_mail_outbox (id, order_id, kind, created_at, next_attempt_at)
    select ${value.mailId}, order_id, 'placed', ${value.stamp}, ${value.stamp} from lines where position = 0 and ${after}
    returning id`;

  // A checkout's last write: the cart, once its lines are orders.
  const clearCart = (after: RawBuilder<unknown>) => cart?.clear(value.userId, after);

  const reads = sql`${lineReads}, account as (${account}), hold as (${hold}),
    address_hold as (${addressHold}), product as (${product}), line_checks as (${lineChecks})`;

  return { reads, verdict, growHold, growAddressHold, openAddressHold, takeStock, recordOrders, queueMail, clearCart };
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

  /** Places one purchase in a transaction of its own: the statement's values in, the orders or the refusal out. */
  type Placer = (values: PlacementValues) => Promise<Placement>;

  const refusalOf = (verdict: VerdictRow): Placement => {
    const reason = verdict.refusal;
    if (reason === null || reason === 'address-unheld') throw new Error(`the order statement answered '${reason}', which is no refusal`);
    return {
      refusal: {
        reason,
        minimum: verdict.minimum === null ? null : Number(verdict.minimum),
        unpaidOrders: Number(verdict.unpaid_orders),
        position: verdict.position === null ? null : Number(verdict.position),
        line:
          verdict.line_product_id === null
            ? null
            : { productId: verdict.line_product_id, quantity: Number(verdict.line_quantity), name: verdict.line_name },
      },
    };
  };

  /**
   * PostgreSQL: the steps as one statement run on its own (its own transaction), the account's,
   * the parts', the hold's and a checkout's cart rows locked inside it and read as they are now,
   * so a row is locked only while the server runs it and commits. A checkout's statement runs
   * in a transaction that has locked the account's row first (see `run`).
   */
  function statementPlacer(name: string, steps: ReturnType<typeof placementSteps>): Placer {
    const clearCart = steps.clearCart(sql`exists (select 1 from placed)`);
    const statement = compile(sql`
      with ${steps.reads},
      verdict as (${steps.verdict}),
      grown as (${steps.growHold(sql`(select refusal from verdict) is null`)}),
      grown_address as (${steps.growAddressHold(sql`exists (select 1 from grown)`)}),
      taken as (${steps.takeStock(sql`(select count(*) from grown_address) = (select count(*) from lines)`)}),
      placed as (${steps.recordOrders(sql`(select count(*) from taken) = (select count(*) from lines)`)}),
      mailed as (${steps.queueMail(sql`exists (select 1 from placed)`)})
      ${clearCart ? sql`, cleared as (${clearCart})` : sql``}
      select verdict.*, placed.* from verdict left join placed on true`);

    const openAddressHold = compile(steps.openAddressHold);
    // A checkout's statement begins once the account's turn is taken, as a cart edit takes it, so
    // it reads the cart as the last edit left it, never half of an edit it waited on.
    const run = <Row>(values: PlacementValues) =>
      clearCart
        ? database.writeTransaction(async (trx) => {
            await takeAccountTurn(trx, dialect, values.userId);
            return transactionRunner(trx)<Row>(name, statement.text, statement.values(values));
          })
        : database.prepared<Row>(name, statement.text, statement.values(values));

    return async (values) => {
      // A first purchase of the account made at the same moment as another may find the hold
      // row the other created missing from its snapshot: the hold then refuses what the
      // verdict allowed, and a second run, which sees that row, answers. A purchase whose
      // address holds no row for a part yet creates it and runs again.
      for (let attempt = 1; attempt <= 3; attempt++) {
        type Row = VerdictRow & Nullable<OrderRow>;
        const rows = await run<Row>(values);
        const [first] = rows;
        if (first!.refusal === 'address-unheld') {
          await database.prepared(`${name}-open`, openAddressHold.text, openAddressHold.values(values));
          continue;
        }
        if (first!.id !== null) {
          const orders = rows.map(
            ({ refusal: _r, minimum: _m, position: _p, unpaid_orders: _u, line_product_id: _lp, line_quantity: _lq, line_name: _ln, line_count: _lc, ...order }) => order as OrderRow,
          );
          return { orders: orders.sort((a, b) => a.number - b.number) };
        }
        if (first!.refusal !== null) return refusalOf(first!);
      }
      throw new Error('the order statement neither placed the order nor said why');
    };
  }

  /** SQLite: the same steps one after another, each run only when the one before wrote, in one unit of the group commit. */
  function groupCommitPlacer(steps: ReturnType<typeof placementSteps>): Placer {
    const withReads = (step: RawBuilder<unknown>) => compile(sql`with ${steps.reads} ${step}`);
    const verdict = withReads(steps.verdict);
    const writes = [steps.growHold(sql`true`), steps.growAddressHold(sql`true`), steps.takeStock(sql`true`), steps.recordOrders(sql`true`), steps.queueMail(sql`true`)].map(
      withReads,
    );
    const openAddressHold = compile(steps.openAddressHold);
    const clearCart = steps.clearCart(sql`true`);
    const clear = clearCart && compile(clearCart);

    return (values) =>
      database.writeTransaction(async (trx) => {
        const run = <Row>(statement: ReturnType<typeof compile>) => transactionRunner(trx)<Row>('', statement.text, statement.values(values));
        let [found] = await run<VerdictRow>(verdict);
        if (found!.refusal === 'address-unheld') {
          await run(openAddressHold);
          [found] = await run<VerdictRow>(verdict);
        }
        if (found!.refusal !== null) return refusalOf(found!);
        // A step that writes less than the verdict allowed cannot happen under the write lock; if
        // it did, the throw takes back the steps before it with the unit's savepoint.
        const [grown, grownAddress, taken, orders, mailed] = await writes.reduce<Promise<OrderRow[][]>>(
          async (done, statement) => [...(await done), await run<OrderRow>(statement)],
          Promise.resolve([]),
        );
        const lineCount = found!.line_count;
        if ([grown, grownAddress, taken, orders, mailed].some((rows, index) => rows!.length !== [1, lineCount, lineCount, lineCount, 1][index]))
          throw new Error('an order step wrote less than the verdict allowed');
        if (clear) await run(clear);
        return { orders: orders!.sort((a, b) => a.number - b.number) };
      });
  }

  const placerOf = (steps: ReturnType<typeof placementSteps>, name: string) => (dialect === 'postgres' ? statementPlacer(name, steps) : groupCommitPlacer(steps));
  const placeOrder = placerOf(placementSteps(dialect), 'place-order');
  /** Each cart source's checkout statements, compiled when first used. */
  const checkoutPlacers = new WeakMap<CheckoutSource, Placer>();

  /** The values of a purchase: its order ids, and its line when it is a one-part order. */
  function valuesOf(buyer: Buyer, limits: PlacementLimits, checkoutId: string | null, line?: { productId: string; quantity: number }): PlacementValues {
    return {
      ...buyer,
      ...limits,
      lines: JSON.stringify(line ? [{ product_id: line.productId, quantity: line.quantity, position: 0 }] : []),
      orderIds: JSON.stringify(Array.from({ length: line ? 1 : CART_LINES_MAX }, () => newId())),
      mailId: newId(),
      checkoutId,
    };
  }

  /** The orders of one status and holding every word of `q` (or whose number it is), when given. */
  const filtered = ({ q, status }: OrdersFilter) =>
    db
      .selectFrom('orders')
      .selectAll()
      .$if(status !== undefined, (query) => query.where('status', '=', status!))
      .$if(Boolean(q), (query) =>
        query.where((eb) => {
          const text = holdsEveryWord(['customer_name', 'email', 'tool_name', 'phone', 'location', 'transaction_id'], q!);
          const number = /^#?(\d{1,9})$/.exec(q!);
          return number ? eb.or([eb('number', '=', Number(number[1])), text]) : text;
        }),
      );

  /** Orders of one purchase: the one order, or every order of the checkout. */
  const purchaseColumn = (ref: PurchaseRef) => (ref.kind === 'checkout' ? 'checkout_id' : 'id');

  return {
    /** Takes the stock, grows the account's hold, records the order and queues its email, or says why not. */
    async place({ productId, quantity, ...buyer }: NewOrder, limits: PlacementLimits): Promise<{ order: OrderRow } | { refusal: Refusal }> {
      const placed = await placeOrder(valuesOf(buyer, limits, null, { productId, quantity }));
      return 'refusal' in placed ? placed : { order: placed.orders[0]! };
    },

    /**
     * Places the account's cart lines as one purchase with the rules of a single order, and
     * empties the cart, all in one statement (SQLite: one unit of the group commit), with one
     * email; or none, and the refusal names the line.
     */
    async placeCheckout(buyer: NewCheckout, limits: PlacementLimits, cart: CheckoutSource): Promise<CheckoutPlacement> {
      let place = checkoutPlacers.get(cart);
      if (!place) checkoutPlacers.set(cart, (place = placerOf(placementSteps(dialect, cart), 'place-checkout')));
      const checkoutId = newId();
      const placed = await place(valuesOf(buyer, limits, checkoutId));
      return 'refusal' in placed ? placed : { checkoutId, orders: placed.orders };
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
    /** Every order, newest first, or a page of them; of one status and holding every word of `q` (or of its number) when given. */
    listAll({ page = 0, size, ...filter }: AllOrdersQuery = {}): Promise<OrderRow[]> {
      return filtered(filter)
        .orderBy('number', 'desc')
        .$if(size !== undefined, (query) => query.limit(size!).offset(page * size!))
        .execute();
    },

    async countAll(filter: OrdersFilter): Promise<number> {
      const { count } = await filtered(filter)
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /** The orders `listAll` finds, newest first, `batch` at a time (each batch after the last one's number): for exports of any size. */
    async *batches(filter: OrdersFilter, batch = 1000): AsyncGenerator<OrderRow[]> {
      let before: number | undefined;
      for (;;) {
        const rows = await filtered(filter)
          .$if(before !== undefined, (query) => query.where('number', '<', before!))
          .orderBy('number', 'desc')
          .limit(batch)
          .execute();
        if (rows.length > 0) yield rows;
        if (rows.length < batch) return;
        before = rows.at(-1)!.number;
      }
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
          .returning(['id', 'number', 'product_id', 'quantity', 'user_id', 'created_at', 'client_address'])
          .execute();
        if (cancelled.length === 0) {
          const exists = await trx.selectFrom('orders').select('status').where(purchaseColumn(ref), '=', ref.id).executeTakeFirst();
          return exists ? 'not-waiting' : 'not-found';
        }
        // The holds before the products, and the parts in id order, as placing locks them.
        await releaseHold(trx, cancelled[0]!.user_id, cancelled);
        for (const order of [...cancelled].sort((a, b) => (a.product_id < b.product_id ? -1 : 1))) {
          await trx
            .updateTable('products')
            .set({ quantity: sql<number>`quantity + ${order.quantity}`, updated_at: stamp })
            .where('id', '=', order.product_id)
            .execute();
        }
        if (mail) await queueOrderMail(trx, firstOf(cancelled).id, mail, stamp);
        await countStatusMove(trx, cancelled, 'waiting', 'cancelled');
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
          await countSales(trx, rows, 'paid', stamp);
          await countStatusMove(trx, rows, 'waiting', 'paid');
        }
        return rows.sort((a, b) => a.number - b.number);
      });
    },

    /**
     * Paid -> shipped with its email, carrier and tracking number; undefined when the order was
     * not paid, or a refund of it is under way.
     */
    ship(id: string, shipment: { carrier: string | null; trackingNumber: string | null }, stamp: string): Promise<OrderRow | undefined> {
      return database.writeTransaction(async (trx) => {
        const row = await trx
          .updateTable('orders')
          .set({ status: 'shipped', shipped_at: stamp, updated_at: stamp, carrier: shipment.carrier, tracking_number: shipment.trackingNumber })
          .where('id', '=', id)
          .where('status', '=', 'paid')
          .where(refundNotUnderWay(stamp))
          .returningAll()
          .executeTakeFirst();
        if (row) {
          await queueOrderMail(trx, id, 'shipped', stamp);
          await countStatusMove(trx, [row], 'paid', 'shipped');
        }
        return row;
      });
    },

    /**
     * Marks a refund of this paid, unshipped order as under way until `until`, so a second
     * refund or a shipping waits for its outcome; undefined when the order cannot be refunded now.
     */
    claimRefund(id: string, stamp: string, until: string): Promise<OrderRow | undefined> {
      return db
        .updateTable('orders')
        .set({ refund_claimed_until: until })
        .where('id', '=', id)
        .where('status', '=', 'paid')
        .where(refundNotUnderWay(stamp))
        .returningAll()
        .executeTakeFirst();
    },

    /** The refund was not made: the order is as it was. */
    async releaseRefund(id: string): Promise<void> {
      await db.updateTable('orders').set({ refund_claimed_until: null }).where('id', '=', id).where('status', '=', 'paid').execute();
    },

    /**
     * Paid -> refunded with the provider's refund id, the stock back on the shelf and the email
     * queued, all once: undefined when the order was not paid (refunded already, by a repeat or
     * the provider's webhook).
     */
    completeRefund(id: string, refundId: string, stamp: string): Promise<OrderRow | undefined> {
      return database.writeTransaction(async (trx) => {
        const row = await trx
          .updateTable('orders')
          .set({ status: 'refunded', refund_id: refundId, refunded_at: stamp, refund_claimed_until: null, refund_failure: null, updated_at: stamp })
          .where('id', '=', id)
          .where('status', '=', 'paid')
          .returningAll()
          .executeTakeFirst();
        if (!row) return undefined;
        // A part deleted since has no shelf to go back to.
        await trx
          .updateTable('products')
          .set({ quantity: sql<number>`quantity + ${row.quantity}`, updated_at: stamp })
          .where('id', '=', row.product_id)
          .execute();
        await queueOrderMail(trx, id, 'refunded', stamp);
        await countSales(trx, [row], 'refunded', stamp);
        await countStatusMove(trx, [row], 'paid', 'refunded');
        return row;
      });
    },

    /**
     * Refunded -> paid when the provider could not make this refund after all (the card closed
     * since): the bank's reason kept, the units held for the order again (as far as the shelf
     * still has them), the refund taken off today's sales and the email queued, once; undefined
     * when the order is not refunded by that refund.
     */
    reverseRefund(id: string, refundId: string, reason: string, stamp: string): Promise<OrderRow | undefined> {
      return database.writeTransaction(async (trx) => {
        const row = await trx
          .updateTable('orders')
          .set({ status: 'paid', refunded_at: null, refund_failure: reason, updated_at: stamp })
          .where('id', '=', id)
          .where('status', '=', 'refunded')
          .where('refund_id', '=', refundId)
          .returningAll()
          .executeTakeFirst();
        if (!row) return undefined;
        await trx
          .updateTable('products')
          .set({ quantity: sql<number>`case when quantity > ${row.quantity} then quantity - ${row.quantity} else 0 end`, updated_at: stamp })
          .where('id', '=', row.product_id)
          .execute();
        await queueOrderMail(trx, id, 'refund-failed', stamp);
        await countSales(trx, [row], 'refund-failed', stamp);
        await countStatusMove(trx, [row], 'refunded', 'paid');
        return row;
      });
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

/** No refund of the order is being asked of the provider at `stamp` (none claimed, or its claim ran out). */
const refundNotUnderWay = (stamp: string) => sql<boolean>`(refund_claimed_until is null or refund_claimed_until <= ${stamp})`;

/** The purchase's first order (the lowest number), which its emails are queued against. */
const firstOf = <Row extends { number: number }>(orders: Row[]): Row => orders.reduce((first, order) => (order.number < first.number ? order : first));

/**
 * A purchase left 'waiting' (paid or cancelled): its account no longer holds it, one order and
 * its units, and its client address no longer holds its units of each part (parts in id order).
 */
async function releaseHold(
  trx: Transaction<Database>,
  userId: string,
  orders: Array<Pick<OrderRow, 'quantity' | 'product_id' | 'client_address'>>,
): Promise<void> {
  const quantity = orders.reduce((sum, order) => sum + order.quantity, 0);
  await trx
    .updateTable('unpaid_holds')
    .set({
      orders: sql<number>`case when orders > 0 then orders - 1 else 0 end`,
      units: sql<number>`case when units > ${quantity} then units - ${quantity} else 0 end`,
    })
    .where('user_id', '=', userId)
    .execute();
  for (const order of [...orders].sort((a, b) => (a.product_id < b.product_id ? -1 : 1))) {
    if (order.client_address === null) continue;
    await trx
      .updateTable('unpaid_address_holds')
      .set({ units: sql<number>`case when units > ${order.quantity} then units - ${order.quantity} else 0 end` })
      .where('address', '=', order.client_address)
      .where('product_id', '=', order.product_id)
      .execute();
  }
}
