import { type Kysely, type RawBuilder, sql } from 'kysely';
import { CART_LINES_MAX, stockReason } from '@shop/shared';
import { takeAccountTurnWith } from '../../db/account-turn.js';
import { type ShopDatabase, transactionRunner } from '../../db/database.js';
import type { Database, OrderLineRow, OrderRow } from '../../db/schema.js';
import { conflict } from '../../lib/errors.js';
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


/**
 * What a purchase costs as the quote priced it (decisions 033 and 044), and where and how it
 * goes: the placement records these, and refuses ('repriced', then priced again) if a line's part
 * or anything its price was computed from is no longer what was priced.
 */
export interface PurchasePricing {
  /**
   * Each line as priced, by position: its part, pieces, the unit price charged, share of the
   * discount and tax; and what that price was computed from, as read: the part's list price and
   * its `quantity_prices` column text.
   */
  lines: Array<{
    productId: string;
    quantity: number;
    priceCents: number;
    listPriceCents: number;
    quantityPricesColumn: string;
    discountCents: number;
    taxCents: number;
  }>;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  country: string;
  region: string | null;
  postcode: string | null;
  shippingMethodId: string;
  shippingMethodName: string;
  /** The method's longest delivery in working days: 0 is a collection. */
  shippingDaysMax: number;
  arrivesFrom: string;
  arrivesTo: string;
  /** The code that applies: its use is counted with the purchase, once for a once-per-customer code. */
  discount: { id: string; code: string; oncePerCustomer: boolean } | null;
  tax: { name: string; milliPercent: number } | null;
  pricesIncludeTax: boolean;
  /** The buyer's trade discount the lines were priced with, in hundredths of a percent (0 unless a workshop). */
  tradeDiscount: number;
}

/**
 * Prices the purchase now: again after a 'repriced' verdict, then with the buyer's trade discount
 * as the placement found it (a workshop flag changed since the request began).
 */
export type Pricer = (buyer?: { tradeDiscount: number }) => Promise<PurchasePricing>;

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
  | 'out-of-stock'
  /** The discount code is inactive or gone, used up, or used before by this customer (once-per-customer). */
  | 'discount-invalid'
  | 'discount-used-up'
  | 'discount-used';

/**
 * The verdict's reasons: a refusal, or an address-and-part row missing from `unpaid_address_holds`,
 * which the placer creates before it runs the purchase again (the statement can only lock rows
 * that exist).
 */
type VerdictReason = RefusalReason | 'address-unheld' | 'repriced';

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

/** The values a placement binds: the buyer, the limits, and a one-part order's line or a checkout's order ids. */
type PlacementValues = Buyer &
  PlacementLimits & {
    /** A checkout's new orders' ids, by line position (JSON): as many as a cart may have lines. */
    orderIds?: string;
    mailId: string;
    /** The checkout's id, or the one-part order's own. */
    purchaseId: string;
    /** A one-part order's part and pieces, bound as they are. */
    productId?: string;
    quantity?: number;
    /** SQLite: the lines as the verdict read them, with their parts' names and prices (JSON), which the writes take. */
    placedLines?: string;
    /** SQLite: a one-part order's part name as the verdict read it, which the writes take. */
    partName?: string;
  } & PricingValues;

/** The lines as priced (JSON, by position), and the purchase's amounts and delivery (see PurchasePricing). */
type PricingValues = ReturnType<typeof pricingValues>;

interface VerdictRow {
  refusal: VerdictReason | null;
  minimum: number | null;
  position: number | null;
  unpaid_orders: number;
  line_product_id: string | null;
  line_quantity: number | null;
  line_name: string | null;
  line_count: number;
  /** The buyer's trade discount now (hundredths of a percent): what a 'repriced' purchase is priced with again. */
  buyer_discount: number | null;
  /** SQLite: the lines as the verdict read them (see `placedLines`). */
  placed_lines?: string;
  part_name?: string;
}

/** Order numbers start here, as migration 010 numbered the orders before it. */
const FIRST_ORDER_NUMBER = 10001;

type Nullable<Row> = { [Column in keyof Row]: Row[Column] | null };

/** A value a statement binds by name: the statement is compiled once, and bound on every run. */
class Named {
  constructor(readonly name: keyof PlacementValues) {}
}
/** The reason the stock's movement keeps (migration 044): the order placed, by its id. */
const placedReason = (orderId: RawBuilder<unknown>) => sql`${sql.lit(stockReason('placed', ''))} || ${orderId}`;

const value = new Proxy({} as Record<keyof PlacementValues, Named>, {
  get: (_target, name) => new Named(name as keyof PlacementValues),
});

/**
 * Placing a purchase (one order, or every line of a checkout), defined once for both databases as
 * named steps: three reads (the account, its unpaid hold, the parts), the verdict over them, and
 * four writes (five for a checkout, whose last empties the cart), each of which writes only when
 * the step before it did. On PostgreSQL the steps are the parts of one statement, the rows it
 * reads locked (the parts in id order, so two purchases sharing parts never wait on each other in
 * a circle) and read as they are now; on SQLite the reads run once, in the verdict, inside the
 * group commit, which holds the write lock throughout, and the verdict hands what they read to the
 * writes, each a statement of its own. A one-part order binds its part and pieces as they are, so
 * each read is one row by key; a checkout's lines are its cart's, read as a set. The verdict is
 * the one place a purchase's conditions are written: nothing is written unless it finds none
 * broken, and when one is it says which, and of which line (decision 010). A purchase counts as
 * one unpaid order and one placement of its account, with all its pieces.
 */
function placementSteps(dialect: 'sqlite' | 'postgres') {
  const postgres = dialect === 'postgres';
  const lock = postgres ? sql` for update` : sql``;
  // SQLite: the group commit holds the write lock, so the numbers after the largest are free.
  const nextNumber = (position: RawBuilder<unknown>) =>
    postgres ? sql<number>`nextval('order_numbers')` : sql<number>`(select coalesce(max(number), ${sql.lit(FIRST_ORDER_NUMBER - 1)}) from orders) + ${position} + 1`;

  // The buyer's trade discount as it is now: a purchase priced with another is priced again.
  const account = sql`select id, case when workshop then trade_discount else 0 end as trade_discount from users where id = ${value.userId}${lock}`;
  const pricedDiscount = postgres ? sql`cast(${value.tradeDiscount} as integer)` : sql`${value.tradeDiscount}`;
  const hold = sql`
    select orders, units, window_started_at, placed_in_window from unpaid_holds
    where user_id = (select id from account)${lock}`;
  // What the purchase's client address holds of its parts is read after the account's hold and
  // before the parts (in part order), as a cancel locks them; every account of that address waits
  // there. On PostgreSQL each read names the one before it, so the rows are locked in that order;
  // on SQLite, under the write lock, the order of the reads does not matter.
  const after = (read: 'hold' | 'address_hold' | 'product') => (postgres ? sql` and (select count(*) from ${sql.raw(read)}) >= 0` : sql``);

  // The account's hold row is named `hold` both where the verdict reads it and where the hold is grown.
  const windowOver = sql`hold.window_started_at <= ${value.windowOpenAfter}`;
  const unpaidOrdersFull = sql`coalesce(hold.orders, 0) >= ${value.unpaidOrders}`;
  const unpaidUnitsFull = (adding: RawBuilder<unknown>) => sql`coalesce(hold.units, 0) + ${adding} > ${value.unpaidUnits}`;
  const paceReached = sql`(not (${windowOver}) and hold.placed_in_window >= ${value.placementsPerWindow})`;

  // The purchase's discount code, locked after the parts: its uses are counted against it.
  const discountId = postgres ? sql`cast(${value.discountId} as text)` : sql`${value.discountId}`;
  const discountRead = sql`select id, used_count, uses_total, active from discounts where id = ${discountId}${after('product')}${lock}`;
  const discountRefusals = [
    sql`when ${discountId} is not null and (discount.id is null or not discount.active) then 'discount-invalid'`,
    sql`when discount.uses_total is not null and discount.used_count >= discount.uses_total then 'discount-used-up'`,
    sql`when exists (select 1 from discount_redemptions where discount_id = discount.id and redeemer_key = ${value.redeemerKey}) then 'discount-used'`,
  ];
  const countDiscount = (after: RawBuilder<unknown>) => sql`
      update discounts set used_count = used_count + 1 where id = ${discountId} and ${after}
      returning id`;
  const redeemDiscount = (after: RawBuilder<unknown>) => sql`
      insert into discount_redemptions (discount_id, redeemer_key, purchase_id, user_id, created_at)
      select ${discountId}, ${value.redeemerKey}, ${value.purchaseId}, ${value.userId}, ${value.stamp} where ${after}
      returning discount_id`;
  const pricesIncludeTax = postgres ? sql`cast(${value.pricesIncludeTax} as boolean)` : sql`${value.pricesIncludeTax}`;
  // The purchase's columns beside its buyer: its amounts as priced, where and how it goes.
  const purchaseColumns = sql`subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents, country, region, postcode,
        shipping_method_id, shipping_method_name, shipping_days_max, arrives_from, arrives_to, discount_id, discount_code, tax_name, tax_rate, prices_include_tax`;
  const purchaseValues = sql`${value.subtotalCents}, ${value.discountCents}, ${value.shippingCents}, ${value.taxCents}, ${value.totalCents},
        ${value.country}, ${value.region}, ${value.postcode}, ${value.shippingMethodId}, ${value.shippingMethodName}, ${value.shippingDaysMax}, ${value.arrivesFrom}, ${value.arrivesTo},
        ${discountId}, ${value.discountCode}, ${value.taxName}, ${value.taxRate}, ${pricesIncludeTax}`;

  // A line's own refusal: about its part (checked before the account), or its stock (after). Its
  // total is the unit price it is charged (as priced, a bigint on PostgreSQL) times its pieces.
  const partRefusal = (quantity: RawBuilder<unknown>, unitCents: RawBuilder<unknown>) => sql`
      case
        when product.id is null then 'unknown-product'
        when product.minimum > ${quantity} then 'below-minimum'
        when ${unitCents} * ${quantity} > ${value.maxTotalCents} then 'total-too-large'
      end`;
  const stockRefusal = (quantity: RawBuilder<unknown>) => sql`
      case
        when coalesce(address_hold.units, 0) + ${quantity} > ${value.partUnitsPerAddress} then 'address-units'
        when product.quantity < ${quantity} then 'out-of-stock'
      end`;
  // The purchase's refusal, in the order its conditions are checked: `part` and `stock` are the refused line's.
  const refusal = (when: {
    empty?: RawBuilder<unknown>;
    part: RawBuilder<unknown>;
    repriced: RawBuilder<unknown>;
    tooLarge?: RawBuilder<unknown>;
    unheld: RawBuilder<unknown>;
    units: RawBuilder<unknown>;
    stock: RawBuilder<unknown>;
  }) => {
    const cases = [
      when.empty && sql`when ${when.empty} then 'cart-empty'`,
      sql`when ${when.part} is not null then ${when.part}`,
      sql`when ${when.repriced} then 'repriced'`,
      when.tooLarge && sql`when ${when.tooLarge}
          then 'checkout-too-large'`,
      sql`when account.id is null then 'unknown-account'`,
      sql`when ${when.unheld} then 'address-unheld'`,
      sql`when ${unpaidOrdersFull} then 'unpaid-orders'`,
      sql`when ${unpaidUnitsFull(when.units)} then 'unpaid-units'`,
      sql`when ${paceReached} then 'pace'`,
      ...discountRefusals,
      sql`when ${when.stock} is not null then ${when.stock}`,
    ].filter((found) => found !== undefined);
    return sql`case
        ${sql.join(cases, sql`
        `)}
      end`;
  };

  // The hold's own condition repeats the verdict's limits on the row as it is when grown: on
  // PostgreSQL another first purchase of the account may have created it after this statement began.
  const growHold = (after: RawBuilder<unknown>, adding: RawBuilder<unknown>) => sql`
    insert into unpaid_holds as hold (user_id, orders, units, window_started_at, placed_in_window)
    select ${value.userId}, 1, ${adding}, ${value.stamp}, 1 where ${after}
    on conflict (user_id) do update set
      orders = hold.orders + 1,
      units = hold.units + excluded.units,
      placed_in_window = case when ${windowOver} then 1 else hold.placed_in_window + 1 end,
      window_started_at = case when ${windowOver} then excluded.window_started_at else hold.window_started_at end
    where not (${unpaidOrdersFull} or ${unpaidUnitsFull(sql`excluded.units`)} or ${paceReached})
    returning user_id`;

  /**
   * A one-part order: each read one row by key, the verdict over them and the writes, with the
   * part and its pieces bound as they are (the purchase and its order share the purchase's id).
   * On PostgreSQL the writes take the part's name from the product row the statement read; on
   * SQLite from the verdict's answer. Its price is the one priced, which the verdict checked.
   */
  function onePart() {
    // PostgreSQL types a parameter by where it first appears: each of these is bound once, typed once.
    const productId = postgres ? sql`cast(${value.productId} as text)` : sql`${value.productId}`;
    const quantity = postgres ? sql`cast(${value.quantity} as integer)` : sql`${value.quantity}`;
    const lineRefused = sql`coalesce(line_checks.part_refusal, line_checks.stock_refusal) is not null`;
    const onLine = (what: RawBuilder<unknown>) => sql`case when ${lineRefused} then ${what} end`;
    // The unit price charged: the quote's, which the verdict checked is still the part's price for this buyer.
    const unitCents = postgres ? sql`cast(${value.lineUnitCents} as bigint)` : sql`${value.lineUnitCents}`;
    const part = postgres ? { from: sql` from product`, id: sql`product.id`, name: sql`product.name` } : { from: sql``, id: productId, name: sql`${value.partName}` };
    const expected = postgres
      ? { list: sql`cast(${value.expectedListCents} as bigint)`, tiers: sql`cast(${value.expectedQuantityPrices} as text)` }
      : { list: sql`${value.expectedListCents}`, tiers: sql`${value.expectedQuantityPrices}` };
    const reads = sql`account as (${account}), hold as (${hold}),
    address_hold as (
      select product_id, units from unpaid_address_holds
      where address = ${value.clientAddress} and product_id = ${productId}${after('hold')}${lock}),
    product as (
      select id, name, price_cents, quantity_prices, quantity, minimum from products
      where id = ${productId}${after('address_hold')}${lock}),
    discount as (${discountRead}),
    line_checks as (
      select${partRefusal(quantity, unitCents)} as part_refusal,${stockRefusal(quantity)} as stock_refusal
      from (select 1) as here left join product on true left join address_hold on true)`;
    const verdict = sql`
      select
        ${refusal({
          part: sql`line_checks.part_refusal`,
          repriced: sql`product.price_cents <> ${expected.list} or product.quantity_prices <> ${expected.tiers} or account.trade_discount <> ${pricedDiscount}`,
          unheld: sql`address_hold.product_id is null`,
          units: quantity,
          stock: sql`line_checks.stock_refusal`,
        })} as refusal,
        ${onLine(sql`product.minimum`)} as minimum, ${onLine(sql`0`)} as position,
        coalesce(hold.orders, 0) as unpaid_orders,
        ${onLine(productId)} as line_product_id, ${onLine(quantity)} as line_quantity, cast(null as text) as line_name, 1 as line_count,
        account.trade_discount as buyer_discount${postgres ? sql`` : sql`,
        product.name as part_name`}
      from line_checks
        left join product on true
        left join account on true
        left join hold on true
        left join address_hold on true
        left join discount on true`;
    return {
      reads,
      verdict,
      growHold: (after: RawBuilder<unknown>) => growHold(after, quantity),
      // The address's row is locked and read as it is now (the verdict checked it), so it grows without a condition of its own.
      growAddressHold: (after: RawBuilder<unknown>) => sql`
      update unpaid_address_holds set units = units + ${quantity}
      where address = ${value.clientAddress} and product_id = ${productId} and ${after}
      returning product_id`,
      takeStock: (after: RawBuilder<unknown>) => sql`
      update products set quantity = quantity - ${quantity}, stock_reason = ${placedReason(sql`cast(${value.purchaseId} as text)`)}, updated_at = ${value.stamp}
      where id = ${productId} and ${after}
      returning id`,
      recordPurchase: (after: RawBuilder<unknown>) => sql`
      insert into purchases (id, user_id, customer_name, email, location, phone, status, ${purchaseColumns}, client_address, created_at, updated_at)
      select ${value.purchaseId}, ${value.userId}, ${value.customerName}, ${value.email}, ${value.location}, ${value.phone}, 'waiting',
        ${purchaseValues}, ${value.clientAddress}, ${value.stamp}, ${value.stamp}
      where ${after}
      returning id`,
      // Name from the product row the verdict read, the price as priced (never from the client).
      recordOrders: (after: RawBuilder<unknown>) => sql`
      insert into orders (id, number, purchase_id, user_id, product_id, tool_name, unit_price_cents, quantity, total_cents, discount_cents, tax_cents, status, created_at, updated_at)
      select ${value.purchaseId}, ${nextNumber(sql`0`)}, ${value.purchaseId}, ${value.userId}, ${part.id}, ${part.name}, ${unitCents},
        ${quantity}, ${unitCents} * ${quantity}, ${value.lineDiscountCents}, ${value.lineTaxCents}, 'waiting', ${value.stamp}, ${value.stamp}${part.from}
      where ${after}
      returning *`,
      queueMail: (after: RawBuilder<unknown>) => sql`
      insert into order_mail_outbox (id, order_id, kind, created_at, next_attempt_at)
      select ${value.mailId}, ${value.purchaseId}, 'placed', ${value.stamp}, ${value.stamp} where ${after}
      returning id`,
      countDiscount,
      redeemDiscount,
      // The row `address_hold` locks: created, empty, before an order from a new address or of a new part runs again.
      openAddressHold: sql`
    insert into unpaid_address_holds (address, product_id, units) values (${value.clientAddress}, ${productId}, 0)
    on conflict (address, product_id) do nothing`,
    };
  }

  /**
   * A checkout: its lines are the account's cart, locked on PostgreSQL so a second tab's checkout
   * waits for the first and then finds the cart empty; the reads and writes take them as a set.
   */
  function checkout(cart: CheckoutSource) {
    const cartRows = sql`${cart.lines(value.userId)}${lock}`;
    const numbered = sql`select product_id, quantity, name, cast(row_number() over (order by position) - 1 as integer) as position from cart`;
    const orderIds = postgres ? sql`cast(${value.orderIds} as jsonb)` : sql`${value.orderIds}`;
    const lines = sql`select numbered.*, ${orderIds} ->> numbered.position as order_id from (${numbered}) as numbered`;
    const lineReads = sql`cart as (${cartRows}), lines as (${lines})`;
    // The lines as the quote priced them, by position: the unit price charged, and the list price and quantity prices it was computed from.
    const priced = postgres
      ? sql`priced as (select * from jsonb_to_recordset(cast(${value.pricedLines} as jsonb))
      as priced(position integer, product_id text, quantity integer, price_cents bigint, list_price_cents bigint, quantity_prices text, discount_cents bigint, tax_cents bigint))`
      : sql`priced as (select json_extract(value, '$.position') as position, json_extract(value, '$.product_id') as product_id,
      json_extract(value, '$.quantity') as quantity, json_extract(value, '$.price_cents') as price_cents,
      json_extract(value, '$.list_price_cents') as list_price_cents, json_extract(value, '$.quantity_prices') as quantity_prices,
      json_extract(value, '$.discount_cents') as discount_cents, json_extract(value, '$.tax_cents') as tax_cents
    from json_each(${value.pricedLines}))`;
    // The cart is not what was priced (another tab changed it), or what a line's price was computed
    // from moved since: its part's list price or quantity prices, or the buyer's trade discount.
    const repriced = sql`(select count(*) from priced) <> (select count(*) from lines)
        or exists (select 1 from lines join product on product.id = lines.product_id left join priced on priced.position = lines.position
          where priced.position is null or priced.product_id <> lines.product_id or priced.quantity <> lines.quantity
            or priced.list_price_cents <> product.price_cents or priced.quantity_prices <> product.quantity_prices)
        or account.trade_discount <> ${pricedDiscount}`;
    const addressHold = sql`
    select product_id, units from unpaid_address_holds
    where address = ${value.clientAddress} and product_id in (select product_id from lines)${after('hold')}
    order by product_id${lock}`;
    // Read after the account's rows, so that a burst of orders for one part waits on its row only
    // while that row is being written; a cancel locks the hold before the parts too, so the two
    // never wait on each other.
    const product = sql`
    select id, name, price_cents, quantity_prices, quantity, minimum from products
    where id in (select product_id from lines)${after('address_hold')}
    order by id${lock}`;
    const units = sql`(select sum(quantity) from lines)`;

    // A line's total is checked at the price it was priced at (a line not priced as it is now is 'repriced' after).
    const lineChecks = sql`
    select lines.position, product.minimum,${partRefusal(sql`lines.quantity`, sql`priced.price_cents`)} as part_refusal,${stockRefusal(sql`lines.quantity`)} as stock_refusal
    from lines left join product on product.id = lines.product_id
      left join address_hold on address_hold.product_id = lines.product_id
      left join priced on priced.position = lines.position and priced.product_id = lines.product_id and priced.quantity = lines.quantity`;
    const firstLine = (column: 'part_refusal' | 'stock_refusal') =>
      sql`(select position, minimum, ${sql.ref(column)} as refusal from line_checks where ${sql.ref(column)} is not null order by position limit 1)`;

    // SQLite: the lines the verdict read, with their parts' names, for the writes.
    const placedLines = postgres
      ? sql``
      : sql`,
      (select json_group_array(json_object('product_id', lines.product_id, 'quantity', lines.quantity, 'position', lines.position,
          'order_id', lines.order_id, 'part_name', product.name))
        from lines join product on product.id = lines.product_id) as placed_lines`;
    const verdict = sql`
    select
      ${refusal({
        empty: sql`not exists (select 1 from lines)`,
        part: sql`part.refusal`,
        repriced,
        // After 'repriced': the priced lines are the cart's.
        tooLarge: sql`(select sum(price_cents * quantity) from priced) > ${value.maxTotalCents}`,
        unheld: sql`exists (select 1 from lines where lines.product_id not in (select product_id from address_hold))`,
        units,
        stock: sql`stock.refusal`,
      })} as refusal,
      coalesce(part.minimum, stock.minimum) as minimum,
      coalesce(part.position, stock.position) as position,
      coalesce(hold.orders, 0) as unpaid_orders,
      line.product_id as line_product_id, line.quantity as line_quantity, line.name as line_name,
      (select count(*) from lines) as line_count, account.trade_discount as buyer_discount${placedLines}
    from (select 1) as here
      left join ${firstLine('part_refusal')} as part on true
      left join ${firstLine('stock_refusal')} as stock on true
      left join lines as line on line.position = coalesce(part.position, stock.position)
      left join account on true
      left join hold on true
      left join discount on true`;

    // The rows `address_hold` locks: created, empty, before a purchase from a new address or of a new part runs again.
    const openAddressHold = sql`
    with ${lineReads}
    insert into unpaid_address_holds (address, product_id, units)
    select ${value.clientAddress}, product_id, 0 from lines where true
    on conflict (address, product_id) do nothing`;

    // The writes' lines, with their parts' names: on PostgreSQL the product rows the verdict read
    // in the same statement; on SQLite the lines the verdict handed on (`fedLines`).
    const bought = postgres ? { lines: sql`lines join product on product.id = lines.product_id`, name: sql`product.name` } : { lines: sql`lines`, name: sql`lines.part_name` };
    const fedLines = sql`lines as (select json_extract(value, '$.product_id') as product_id, json_extract(value, '$.quantity') as quantity,
      json_extract(value, '$.position') as position, json_extract(value, '$.order_id') as order_id,
      json_extract(value, '$.part_name') as part_name
    from json_each(${value.placedLines}))`;

    // The address's rows are locked and read as they are now (the verdict checked them), so they grow without a condition of their own.
    const growAddressHold = (after: RawBuilder<unknown>) => sql`
    update unpaid_address_holds set units = unpaid_address_holds.units + lines.quantity
    from lines
    where unpaid_address_holds.address = ${value.clientAddress} and unpaid_address_holds.product_id = lines.product_id and ${after}
    returning unpaid_address_holds.product_id`;

    const takeStock = (after: RawBuilder<unknown>) => sql`
    update products set quantity = products.quantity - lines.quantity, stock_reason = ${placedReason(sql`lines.order_id`)}, updated_at = ${value.stamp}
    from lines
    where products.id = lines.product_id and ${after}
    returning products.id`;

    // The purchase before its lines: who buys, where to, and its amounts as priced.
    const recordPurchase = (after: RawBuilder<unknown>) => sql`
    insert into purchases (id, user_id, customer_name, email, location, phone, status, ${purchaseColumns}, client_address, created_at, updated_at)
    select ${value.purchaseId}, ${value.userId}, ${value.customerName}, ${value.email}, ${value.location}, ${value.phone}, 'waiting',
      ${purchaseValues}, ${value.clientAddress}, ${value.stamp}, ${value.stamp}
    where ${after}
    returning id`;

    // Names from the product rows the verdict read, prices as priced (the verdict checked they are the parts' prices for this buyer now).
    const recordOrders = (after: RawBuilder<unknown>) => sql`
    insert into orders (id, number, purchase_id, user_id, product_id, tool_name, unit_price_cents, quantity, total_cents, discount_cents, tax_cents, status, created_at, updated_at)
    select lines.order_id, ${nextNumber(sql`lines.position`)}, ${value.purchaseId}, ${value.userId}, lines.product_id, ${bought.name}, priced.price_cents,
      lines.quantity, priced.price_cents * lines.quantity, priced.discount_cents, priced.tax_cents, 'waiting', ${value.stamp}, ${value.stamp}
    from ${bought.lines} join priced on priced.position = lines.position
    where ${after}
    order by lines.position
    returning *`;

    const queueMail = (after: RawBuilder<unknown>) => sql`
    insert into order_mail_outbox (id, order_id, kind, created_at, next_attempt_at)
    select ${value.mailId}, order_id, 'placed', ${value.stamp}, ${value.stamp} from lines where position = 0 and ${after}
    returning id`;

    // The last write: the cart, once its lines are orders.
    const clearCart = (after: RawBuilder<unknown>) => cart.clear(value.userId, after);

    const reads = sql`${lineReads}, ${priced}, account as (${account}), hold as (${hold}),
    address_hold as (${addressHold}), product as (${product}), discount as (${discountRead}), line_checks as (${lineChecks})`;

    return {
      reads,
      verdict,
      growHold: (after: RawBuilder<unknown>) => growHold(after, units),
      growAddressHold,
      openAddressHold,
      takeStock,
      recordPurchase,
      recordOrders,
      queueMail,
      countDiscount,
      redeemDiscount,
      clearCart,
      fedLines,
      priced,
    };
  }

  return { onePart, checkout };
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

/**
 * PostgreSQL: the steps as one statement, each write only when the step before it wrote (a
 * checkout's, a row for each line), and the address hold's opening.
 */
function postgresStatements(db: Kysely<Database>, cart?: CheckoutSource) {
  const steps = placementSteps('postgres');
  const checkout = cart && steps.checkout(cart);
  const shape = checkout ?? steps.onePart();
  const compile = (query: RawBuilder<unknown>) => compileNamed(db, 'postgres', query);
  const everyLine = (written: 'grown_address' | 'taken') =>
    cart ? sql`(select count(*) from ${sql.raw(written)}) = (select count(*) from lines)` : sql`exists (select 1 from ${sql.raw(written)})`;
  const clearCart = checkout?.clearCart(sql`exists (select 1 from placed)`);
  const statement = compile(sql`
    with ${shape.reads},
    verdict as (${shape.verdict}),
    grown as (${shape.growHold(sql`(select refusal from verdict) is null`)}),
    grown_address as (${shape.growAddressHold(sql`exists (select 1 from grown)`)}),
    taken as (${shape.takeStock(everyLine('grown_address'))}),
    purchase as (${shape.recordPurchase(sql`exists (select 1 from taken) and ${everyLine('taken')}`)}),
    placed as (${shape.recordOrders(sql`exists (select 1 from purchase)`)}),
    mailed as (${shape.queueMail(sql`exists (select 1 from placed)`)}),
    counted as (${shape.countDiscount(sql`exists (select 1 from purchase)`)}),
    redeemed as (${shape.redeemDiscount(sql`exists (select 1 from counted)`)})${clearCart ? sql`,
    cleared as (${clearCart})` : sql``}
    select verdict.*, placed.* from verdict left join placed on true`);
  return { statement, openAddressHold: compile(shape.openAddressHold), checkout: clearCart !== undefined };
}

/**
 * SQLite: the verdict (the only statement that reads), the writes one statement each in the
 * order they run, fed what the verdict read, the address hold's opening and a checkout's
 * emptying of the cart.
 */
function sqliteStatements(db: Kysely<Database>, cart?: CheckoutSource) {
  const steps = placementSteps('sqlite');
  const checkout = cart && steps.checkout(cart);
  const shape = checkout ?? steps.onePart();
  const compile = (query: RawBuilder<unknown>) => compileNamed(db, 'sqlite', query);
  // A checkout's writes take its lines as the verdict read them; a one-part order's, its part's name and price.
  const write = (step: RawBuilder<unknown>) => compile(checkout ? sql`with ${checkout.fedLines}, ${checkout.priced} ${step}` : step);
  return {
    verdict: compile(sql`with ${shape.reads} ${shape.verdict}`),
    growHold: write(shape.growHold(sql`true`)),
    growAddressHold: write(shape.growAddressHold(sql`true`)),
    takeStock: write(shape.takeStock(sql`true`)),
    recordPurchase: write(shape.recordPurchase(sql`true`)),
    recordOrders: write(shape.recordOrders(sql`true`)),
    queueMail: write(shape.queueMail(sql`true`)),
    countDiscount: compile(shape.countDiscount(sql`true`)),
    redeemDiscount: compile(shape.redeemDiscount(sql`true`)),
    openAddressHold: compile(shape.openAddressHold),
    clearCart: checkout && compile(checkout.clearCart(sql`true`)),
  };
}

/** The statements of a placement (a one-part order's, or a checkout's of this cart source) as the database receives them, by name. */
export function placementSql(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', cart?: CheckoutSource): Record<string, string> {
  const statements: Record<string, Compiled | boolean | undefined> = dialect === 'postgres' ? postgresStatements(db, cart) : sqliteStatements(db, cart);
  return Object.fromEntries(Object.entries(statements).flatMap(([name, statement]) => (typeof statement === 'object' ? [[name, statement.text]] : [])));
}

const refusalOf = (verdict: VerdictRow): Placement => {
  const reason = verdict.refusal;
  if (reason === null || reason === 'address-unheld' || reason === 'repriced') throw new Error(`the order statement answered '${reason}', which is no refusal`);
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
  const bought = {
    customer_name: values.customerName,
    email: values.email,
    location: values.location,
    phone: values.phone,
    transaction_id: null,
    prices_include_tax: values.pricesIncludeTax,
    arrives_from: values.arrivesFrom,
    arrives_to: values.arrivesTo,
    shipping_days_max: values.shippingDaysMax,
    purchase_number: sorted[0]?.number ?? 0,
    purchase_total_cents: values.totalCents,
  };
  return { orders: sorted.map((line) => ({ ...line, ...bought })) };
}

/** The values of a purchase's pricing: its lines as priced (a one-part order's one line also bound alone), its amounts and delivery. */
function pricingValues(pricing: PurchasePricing, userId: string, purchaseId: string, postgres: boolean) {
  const [first] = pricing.lines;
  const { discount, tax } = pricing;
  return {
    pricedLines: JSON.stringify(
      pricing.lines.map((line, position) => ({
        position,
        product_id: line.productId,
        quantity: line.quantity,
        price_cents: line.priceCents,
        list_price_cents: line.listPriceCents,
        quantity_prices: line.quantityPricesColumn,
        discount_cents: line.discountCents,
        tax_cents: line.taxCents,
      })),
    ),
    lineUnitCents: first?.priceCents ?? -1,
    expectedListCents: first?.listPriceCents ?? -1,
    expectedQuantityPrices: first?.quantityPricesColumn ?? '',
    tradeDiscount: pricing.tradeDiscount,
    lineDiscountCents: first?.discountCents ?? 0,
    lineTaxCents: first?.taxCents ?? 0,
    subtotalCents: pricing.subtotalCents,
    discountCents: pricing.discountCents,
    shippingCents: pricing.shippingCents,
    taxCents: pricing.taxCents,
    totalCents: pricing.totalCents,
    country: pricing.country,
    region: pricing.region,
    postcode: pricing.postcode,
    shippingMethodId: pricing.shippingMethodId,
    shippingMethodName: pricing.shippingMethodName,
    shippingDaysMax: pricing.shippingDaysMax,
    arrivesFrom: pricing.arrivesFrom,
    arrivesTo: pricing.arrivesTo,
    discountId: discount?.id ?? null,
    discountCode: discount?.code ?? null,
    redeemerKey: discount ? (discount.oncePerCustomer ? userId : purchaseId) : null,
    taxName: tax?.name ?? null,
    taxRate: tax?.milliPercent ?? null,
    pricesIncludeTax: postgres ? pricing.pricesIncludeTax : pricing.pricesIncludeTax ? 1 : 0,
  };
}

/** The values of a purchase: a one-part order's part and pieces (its order's id is the purchase's), or a checkout's order ids; and its pricing. */
function valuesOf(
  buyer: Buyer,
  limits: PlacementLimits,
  ids: { purchaseId: string; orderIds?: string },
  pricing: PurchasePricing,
  postgres: boolean,
  line?: { productId: string; quantity: number },
): PlacementValues {
  const common = { ...buyer, ...limits, mailId: newId(), ...ids, ...pricingValues(pricing, buyer.userId, ids.purchaseId, postgres) };
  return line ? { ...common, productId: line.productId, quantity: line.quantity } : common;
}

/** A purchase not placed because a line is not what was priced: priced again, with the buyer's trade discount as the statement found it. */
interface Repriced {
  repriced: { tradeDiscount: number } | undefined;
}
const repricedOf = (verdict: VerdictRow): Repriced => ({ repriced: verdict.buyer_discount === null ? undefined : { tradeDiscount: Number(verdict.buyer_discount) } });

/** Places one purchase in a transaction of its own: the statement's values in, the orders or the refusal out; repriced when a line is not what was priced. */
type Placer = (values: PlacementValues) => Promise<Placement | Repriced>;

/** How many times a purchase is priced again when its parts' prices move under it, before the customer is asked to try again. */
const REPRICINGS = 3;

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
      ? database.preparedTransaction(async (run) => {
          await takeAccountTurnWith(run, 'postgres', values.userId);
          return run<Row>(name, statement.text, statement.values(values));
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
      if (first!.refusal === 'repriced') return repricedOf(first!);
      if (first!.id !== null) {
        const orders = rows.map(
          ({ refusal: _r, minimum: _m, position: _p, unpaid_orders: _u, line_product_id: _lp, line_quantity: _lq, line_name: _ln, line_count: _lc, buyer_discount: _b, ...order }) =>
            order as OrderLineRow,
        );
        return placedOf(values, orders);
      }
      if (first!.refusal !== null) return refusalOf(first!);
    }
    throw new Error('the order statement neither placed the order nor said why');
  };
}

/** SQLite: the verdict, then the writes one after another, fed what it read, in one unit of the group commit. */
function groupCommitPlacer(database: ShopDatabase, cart?: CheckoutSource): Placer {
  const statements = sqliteStatements(database.db, cart);
  const { verdict, openAddressHold, clearCart } = statements;
  const writes = [statements.growHold, statements.growAddressHold, statements.takeStock, statements.recordPurchase, statements.recordOrders, statements.queueMail];

  return (values) =>
    database.writeTransaction(async (trx) => {
      const run = <Row>(statement: Compiled, bound = values) => transactionRunner(trx)<Row>('', statement.text, statement.values(bound));
      let [found] = await run<VerdictRow>(verdict);
      if (found!.refusal === 'address-unheld') {
        await run(openAddressHold);
        [found] = await run<VerdictRow>(verdict);
      }
      if (found!.refusal === 'repriced') return repricedOf(found!);
      if (found!.refusal !== null) return refusalOf(found!);
      // The writes take what the verdict read (a checkout's lines, a one-part order's part name): nothing is read twice.
      const fed = { ...values, placedLines: found!.placed_lines, partName: found!.part_name };
      // A step that writes less than the verdict allowed cannot happen under the write lock; if
      // it did, the throw takes back the steps before it with the unit's savepoint.
      const written = await writes.reduce<Promise<OrderLineRow[][]>>(async (done, statement) => [...(await done), await run<OrderLineRow>(statement, fed)], Promise.resolve([]));
      const lineCount = found!.line_count;
      if (written.some((rows, index) => rows.length !== [1, lineCount, lineCount, 1, lineCount, 1][index])) throw new Error('an order step wrote less than the verdict allowed');
      if (values.discountId !== null) {
        for (const statement of [statements.countDiscount, statements.redeemDiscount]) {
          if ((await run(statement, fed)).length !== 1) throw new Error('a discount step wrote less than the verdict allowed');
        }
      }
      if (clearCart) await run(clearCart);
      return placedOf(values, written[4]!);
    });
}

/**
 * Placing purchases: a one-part order, or a checkout of a cart source's lines, each all or
 * nothing in one statement (PostgreSQL) or one unit of the group commit (SQLite).
 */
export function createPlacement(database: ShopDatabase) {
  const postgres = database.dialect === 'postgres';
  const placerOf = (name: string, cart?: CheckoutSource) => (postgres ? statementPlacer(database, name, cart) : groupCommitPlacer(database, cart));
  const placeOrder = placerOf('place-order');
  /** Each cart source's checkout statements, compiled when first used. */
  const checkoutPlacers = new WeakMap<CheckoutSource, Placer>();

  /**
   * Places with the pricing of now; priced again when a part's price or the buyer's trade
   * discount moved under it (or the cart changed), a few times at most.
   */
  async function placePriced(place: Placer, valuesFor: (pricing: PurchasePricing) => PlacementValues, price: Pricer): Promise<Placement & { pricing?: PurchasePricing }> {
    let buyer: { tradeDiscount: number } | undefined;
    for (let attempt = 1; attempt <= REPRICINGS; attempt++) {
      const pricing = await price(buyer);
      const placed = await place(valuesFor(pricing));
      if (!('repriced' in placed)) return { ...placed, pricing };
      buyer = placed.repriced ?? buyer;
    }
    throw conflict(placementMessages.pricesMoving);
  }

  return {
    /** Takes the stock, grows the account's hold, records the purchase and its order and queues its email, or says why not. */
    async place({ productId, quantity, ...buyer }: NewOrder, limits: PlacementLimits, price: Pricer): Promise<({ order: OrderRow } | { refusal: Refusal }) & { pricing?: PurchasePricing }> {
      const purchaseId = newId();
      const placed = await placePriced(placeOrder, (pricing) => valuesOf(buyer, limits, { purchaseId }, pricing, postgres, { productId, quantity }), price);
      return 'refusal' in placed ? placed : { order: placed.orders[0]!, pricing: placed.pricing };
    },

    /**
     * Places the account's cart lines as one purchase with the rules of a single order, and
     * empties the cart, all in one statement (SQLite: one unit of the group commit), with one
     * email; or none, and the refusal names the line.
     */
    async placeCheckout(buyer: NewCheckout, limits: PlacementLimits, cart: CheckoutSource, price: Pricer): Promise<CheckoutPlacement & { pricing?: PurchasePricing }> {
      let place = checkoutPlacers.get(cart);
      if (!place) checkoutPlacers.set(cart, (place = placerOf('place-checkout', cart)));
      const checkoutId = newId();
      const orderIds = JSON.stringify(Array.from({ length: CART_LINES_MAX }, () => newId()));
      const placed = await placePriced(place, (pricing) => valuesOf(buyer, limits, { purchaseId: checkoutId, orderIds }, pricing, postgres), price);
      return 'refusal' in placed ? placed : { checkoutId, orders: placed.orders, pricing: placed.pricing };
    },
  };
}

export const placementMessages = {
  pricesMoving: 'The prices of these parts changed while you were ordering. Please check the total and try again.',
} as const;
