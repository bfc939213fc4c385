import { type Kysely, type RawBuilder, sql } from 'kysely';
import { CART_LINES_MAX } from '@shop/shared';
import { takeAccountTurn } from '../../db/account-turn.js';
import { type ShopDatabase, transactionRunner } from '../../db/database.js';
import type { Database, OrderLineRow, OrderRow } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

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

/** The values a placement binds: the buyer, the limits, and its lines as JSON. */
type PlacementValues = Buyer &
  PlacementLimits & {
    /** A one-part order's line, `[{ product_id, quantity, position }]`; a checkout's lines are its cart's. */
    lines: string;
    /** The new orders' ids, by line position (JSON): as many as a purchase may have lines. */
    orderIds: string;
    mailId: string;
    /** The checkout's id, or the one-part order's own. */
    purchaseId: string;
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
  // On PostgreSQL each read names the one before it, so the rows are locked in that order; on
  // SQLite, under the write lock, each step reads only what it names (a write step, the lines and parts).
  const after = (read: 'hold' | 'address_hold') => (postgres ? sql` and (select count(*) from ${sql.raw(read)}) >= 0` : sql``);
  const addressHold = sql`
    select product_id, units from unpaid_address_holds
    where address = ${value.clientAddress} and product_id in (select product_id from lines)${after('hold')}
    order by product_id${lock}`;
  // Read after the account's rows, so that a burst of orders for one part waits on its row only
  // while that row is being written; a cancel locks the hold before the parts too, so the two
  // never wait on each other.
  const product = sql`
    select id, name, price_cents, quantity, minimum from products
    where id in (select product_id from lines)${after('address_hold')}
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

  // The purchase before its lines: who buys, where to, and its total from the product rows the verdict read.
  const recordPurchase = (after: RawBuilder<unknown>) => sql`
    insert into purchases (id, user_id, customer_name, email, location, phone, status, total_cents, client_address, created_at, updated_at)
    select ${value.purchaseId}, ${value.userId}, ${value.customerName}, ${value.email}, ${value.location}, ${value.phone}, 'waiting',
      (select sum(cast(product.price_cents as bigint) * lines.quantity) from lines join product on product.id = lines.product_id),
      ${value.clientAddress}, ${value.stamp}, ${value.stamp}
    where ${after}
    returning id`;

  // Name and price from the product rows the verdict read, never from the client.
  const recordOrders = (after: RawBuilder<unknown>) => sql`
    insert into orders (id, number, purchase_id, user_id, product_id, tool_name, unit_price_cents, quantity, total_cents, status, created_at, updated_at)
    select lines.order_id, ${nextNumber}, ${value.purchaseId}, ${value.userId}, product.id, product.name, product.price_cents,
      lines.quantity, product.price_cents * lines.quantity, 'waiting', ${value.stamp}, ${value.stamp}
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

  return { reads, verdict, growHold, growAddressHold, openAddressHold, takeStock, recordPurchase, recordOrders, queueMail, clearCart };
}


/** A statement compiled once, and bound to a purchase's values on every run. */
interface Compiled {
  text: string;
  values(values: PlacementValues): unknown[];
}

function compileNamed(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', query: RawBuilder<unknown>): Compiled {
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
  return { text, values: (values) => parameters.map((parameter) => (parameter instanceof Named ? values[parameter.name] : parameter)) };
}

/** PostgreSQL: the steps as one statement, each write only when the step before it wrote; and the address hold's opening. */
function postgresStatements(db: Kysely<Database>, cart?: CheckoutSource) {
  const steps = placementSteps('postgres', cart);
  const compile = (query: RawBuilder<unknown>) => compileNamed(db, 'postgres', query);
  const clearCart = steps.clearCart(sql`exists (select 1 from placed)`);
  const statement = compile(sql`
    with ${steps.reads},
    verdict as (${steps.verdict}),
    grown as (${steps.growHold(sql`(select refusal from verdict) is null`)}),
    grown_address as (${steps.growAddressHold(sql`exists (select 1 from grown)`)}),
    taken as (${steps.takeStock(sql`(select count(*) from grown_address) = (select count(*) from lines)`)}),
    purchase as (${steps.recordPurchase(sql`exists (select 1 from taken) and (select count(*) from taken) = (select count(*) from lines)`)}),
    placed as (${steps.recordOrders(sql`exists (select 1 from purchase)`)}),
    mailed as (${steps.queueMail(sql`exists (select 1 from placed)`)})
    ${clearCart ? sql`, cleared as (${clearCart})` : sql``}
    select verdict.*, placed.* from verdict left join placed on true`);
  return { statement, openAddressHold: compile(steps.openAddressHold), checkout: clearCart !== undefined };
}

/** SQLite: the verdict, the writes one statement each in the order they run, the address hold's opening and a checkout's emptying of the cart. */
function sqliteStatements(db: Kysely<Database>, cart?: CheckoutSource) {
  const steps = placementSteps('sqlite', cart);
  const compile = (query: RawBuilder<unknown>) => compileNamed(db, 'sqlite', query);
  const withReads = (step: RawBuilder<unknown>) => compile(sql`with ${steps.reads} ${step}`);
  const clearCart = steps.clearCart(sql`true`);
  return {
    verdict: withReads(steps.verdict),
    growHold: withReads(steps.growHold(sql`true`)),
    growAddressHold: withReads(steps.growAddressHold(sql`true`)),
    takeStock: withReads(steps.takeStock(sql`true`)),
    recordPurchase: withReads(steps.recordPurchase(sql`true`)),
    recordOrders: withReads(steps.recordOrders(sql`true`)),
    queueMail: withReads(steps.queueMail(sql`true`)),
    openAddressHold: compile(steps.openAddressHold),
    clearCart: clearCart && compile(clearCart),
  };
}

/** The statements of a placement (a one-part order's, or a checkout's of this cart source) as the database receives them, by name. */
export function placementSql(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', cart?: CheckoutSource): Record<string, string> {
  const statements: Record<string, Compiled | boolean | undefined> = dialect === 'postgres' ? postgresStatements(db, cart) : sqliteStatements(db, cart);
  return Object.fromEntries(Object.entries(statements).flatMap(([name, statement]) => (typeof statement === 'object' ? [[name, statement.text]] : [])));
}

const refusalOf = (verdict: VerdictRow): Placement => {
  const reason = verdict.refusal;
  if (reason === null || reason === 'address-unheld') throw new Error(`the order statement answered '${reason}', which is no refusal`);
  return {
    refusal: {
      reason,
      minimum: verdict.minimum === null ? null : Number(verdict.minimum),
      unpaidOrders: Number(verdict.unpaid_orders),
      position: verdict.position === null ? null : Number(verdict.position),
      line: verdict.line_product_id === null ? null : { productId: verdict.line_product_id, quantity: Number(verdict.line_quantity), name: verdict.line_name },
    },
  };
};

/**
 * Placed lines as they are read: with the buyer and delivery address their purchase was just
 * given, and its number (the first line's: the statement just numbered them all), in number order.
 */
function placedOf(values: PlacementValues, lines: OrderLineRow[]): Placement {
  const sorted = [...lines].sort((a, b) => a.number - b.number);
  const bought = { customer_name: values.customerName, email: values.email, location: values.location, phone: values.phone, transaction_id: null, purchase_number: sorted[0]?.number ?? 0 };
  return { orders: sorted.map((line) => ({ ...line, ...bought })) };
}

/** The values of a purchase: its order ids, and its line when it is a one-part order (whose id the purchase shares). */
function valuesOf(buyer: Buyer, limits: PlacementLimits, checkoutId: string | null, line?: { productId: string; quantity: number }): PlacementValues {
  const orderIds = Array.from({ length: line ? 1 : CART_LINES_MAX }, () => newId());
  return {
    ...buyer,
    ...limits,
    lines: JSON.stringify(line ? [{ product_id: line.productId, quantity: line.quantity, position: 0 }] : []),
    orderIds: JSON.stringify(orderIds),
    mailId: newId(),
    purchaseId: checkoutId ?? orderIds[0]!,
  };
}

/** Places one purchase in a transaction of its own: the statement's values in, the orders or the refusal out. */
type Placer = (values: PlacementValues) => Promise<Placement>;

/**
 * PostgreSQL: the steps as one statement run on its own (its own transaction), the account's,
 * the parts', the hold's and a checkout's cart rows locked inside it and read as they are now,
 * so a row is locked only while the server runs it and commits. A checkout's statement runs
 * in a transaction that has locked the account's row first (see `run`).
 */
function statementPlacer(database: ShopDatabase, name: string, cart?: CheckoutSource): Placer {
  const { statement, openAddressHold, checkout } = postgresStatements(database.db, cart);
  // A checkout's statement begins once the account's turn is taken, as a cart edit takes it, so
  // it reads the cart as the last edit left it, never half of an edit it waited on.
  const run = <Row>(values: PlacementValues) =>
    checkout
      ? database.writeTransaction(async (trx) => {
          await takeAccountTurn(trx, 'postgres', values.userId);
          return transactionRunner(trx)<Row>(name, statement.text, statement.values(values));
        })
      : database.prepared<Row>(name, statement.text, statement.values(values));

  return async (values) => {
    // A first purchase of the account made at the same moment as another may find the hold
    // row the other created missing from its snapshot: the hold then refuses what the
    // verdict allowed, and a second run, which sees that row, answers. A purchase whose
    // address holds no row for a part yet creates it and runs again.
    for (let attempt = 1; attempt <= 3; attempt++) {
      type Row = VerdictRow & Nullable<OrderLineRow>;
      const rows = await run<Row>(values);
      const [first] = rows;
      if (first!.refusal === 'address-unheld') {
        await database.prepared(`${name}-open`, openAddressHold.text, openAddressHold.values(values));
        continue;
      }
      if (first!.id !== null) {
        const orders = rows.map(
          ({ refusal: _r, minimum: _m, position: _p, unpaid_orders: _u, line_product_id: _lp, line_quantity: _lq, line_name: _ln, line_count: _lc, ...order }) => order as OrderLineRow,
        );
        return placedOf(values, orders);
      }
      if (first!.refusal !== null) return refusalOf(first!);
    }
    throw new Error('the order statement neither placed the order nor said why');
  };
}

/** SQLite: the same steps one after another, each run only when the one before wrote, in one unit of the group commit. */
function groupCommitPlacer(database: ShopDatabase, cart?: CheckoutSource): Placer {
  const statements = sqliteStatements(database.db, cart);
  const { verdict, openAddressHold, clearCart } = statements;
  const writes = [statements.growHold, statements.growAddressHold, statements.takeStock, statements.recordPurchase, statements.recordOrders, statements.queueMail];

  return (values) =>
    database.writeTransaction(async (trx) => {
      const run = <Row>(statement: Compiled) => transactionRunner(trx)<Row>('', statement.text, statement.values(values));
      let [found] = await run<VerdictRow>(verdict);
      if (found!.refusal === 'address-unheld') {
        await run(openAddressHold);
        [found] = await run<VerdictRow>(verdict);
      }
      if (found!.refusal !== null) return refusalOf(found!);
      // A step that writes less than the verdict allowed cannot happen under the write lock; if
      // it did, the throw takes back the steps before it with the unit's savepoint.
      const written = await writes.reduce<Promise<OrderLineRow[][]>>(async (done, statement) => [...(await done), await run<OrderLineRow>(statement)], Promise.resolve([]));
      const lineCount = found!.line_count;
      if (written.some((rows, index) => rows.length !== [1, lineCount, lineCount, 1, lineCount, 1][index])) throw new Error('an order step wrote less than the verdict allowed');
      if (clearCart) await run(clearCart);
      return placedOf(values, written[4]!);
    });
}

/**
 * Placing purchases: a one-part order, or a checkout of a cart source's lines, each all or
 * nothing in one statement (PostgreSQL) or one unit of the group commit (SQLite).
 */
export function createPlacement(database: ShopDatabase) {
  const placerOf = (name: string, cart?: CheckoutSource) => (database.dialect === 'postgres' ? statementPlacer(database, name, cart) : groupCommitPlacer(database, cart));
  const placeOrder = placerOf('place-order');
  /** Each cart source's checkout statements, compiled when first used. */
  const checkoutPlacers = new WeakMap<CheckoutSource, Placer>();

  return {
    /** Takes the stock, grows the account's hold, records the purchase and its order and queues its email, or says why not. */
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
      if (!place) checkoutPlacers.set(cart, (place = placerOf('place-checkout', cart)));
      const checkoutId = newId();
      const placed = await place(valuesOf(buyer, limits, checkoutId));
      return 'refusal' in placed ? placed : { checkoutId, orders: placed.orders };
    },
  };
}
