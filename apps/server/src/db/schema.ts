import type { Generated, Insertable, Selectable } from 'kysely';

export interface ProductTable {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  quantity: number;
  minimum: number;
  img: string;
  created_at: string;
  updated_at: string;
  /** Place in the catalogue, 0-based and dense; set by the database on insert and delete. */
  position: Generated<number | null>;
  /** Its category; every writer sets it ('Other' when none is given). */
  category_id: string | null;
  brand: Generated<string>;
  /** The maker's part number as written, and the same without case and separators. */
  part_number: Generated<string>;
  part_number_key: Generated<string>;
  /** The original-equipment numbers it replaces: a JSON array of strings, as text. */
  oem_numbers: Generated<string>;
  /** Its reviews: how many, and the sum of their ratings; kept by the database (migration 014). */
  review_count: Generated<number>;
  rating_total: Generated<number>;
  /** 1 when the part fits every bike (chain lube, tools); migration 015. */
  universal: Generated<number>;
  /** Its quantity prices, `[[from, priceCents], …]` ascending as JSON text, `[]` when none (migration 043). */
  quantity_prices: Generated<string>;
  /**
   * Why the stock changes, named by the statement that changes it and cleared by the trigger that
   * writes its movement (migration 044): 'placed:10023', 'cancelled:10023', 'refund:10023',
   * 'return:12', 'set:{name}', 'import'. Always null between statements.
   */
  stock_reason: Generated<string | null>;
}

/** A part's further photos, after SPEC's `img` (migration 027). */
export interface ProductImageTable {
  product_id: string;
  /** 1 for the photo after `img`, and on. */
  position: number;
  img: string;
}

export interface CategoryTable {
  id: string;
  name: string;
  /** The name as compared: lower case, single spaces. */
  name_key: string;
  created_at: string;
}

/** A motorbike the shop knows (SPEC-2 section 3). */
export interface VehicleTable {
  id: string;
  make: string;
  /** Make and model as compared: lower case, single spaces. */
  make_key: string;
  model: string;
  model_key: string;
  variant: Generated<string>;
  year_from: number;
  year_to: number;
  cc: number;
  created_at: string;
}

/** A part fits a vehicle, for all its years or narrower ones, with an optional note. */
export interface FitmentTable {
  product_id: string;
  vehicle_id: string;
  year_from: number | null;
  year_to: number | null;
  note: Generated<string>;
}

/** A vehicle's service kit (SPEC-3 section 5, migration 039): how often its service is due. */
export interface ServiceKitTable {
  vehicle_id: string;
  interval_km: number;
  interval_months: number;
  updated_at: string;
}

/** A line of a service kit, in order; a deleted part leaves it with `product_id` null and its name kept. */
export interface ServiceKitLineTable {
  vehicle_id: string;
  position: number;
  product_id: string | null;
  name: string;
  quantity: number;
  note: Generated<string>;
}

/** A line of a signed-in customer's cart: a part, how many, and its name and price as last seen. */
export interface CartLineTable {
  user_id: string;
  product_id: string;
  quantity: number;
  name: string;
  price_cents: number;
  /** The line's place in the cart, first added first. */
  position: number;
}

/** A bike in an account's garage: a vehicle and its model year; one of them active. */
export interface GarageBikeTable {
  id: string;
  user_id: string;
  vehicle_id: string;
  year: number;
  active: Generated<number>;
  /** 'Email me when a service is due' (migration 040), off until the rider asks. */
  reminders: Generated<boolean | number>;
  created_at: string;
}

/** An 'Odometer (km)' reading of a garage bike (migration 040): its day, YYYY-MM-DD in the shop's time zone. */
export interface GarageReadingTable {
  id: string;
  bike_id: string;
  read_on: string;
  km: number;
  created_at: string;
}

/** A 'Service done' of a garage bike (migration 040): its day, YYYY-MM-DD in the shop's time zone, and the km. */
export interface GarageServiceTable {
  id: string;
  bike_id: string;
  done_on: string;
  km: number;
  created_at: string;
}

/**
 * One due service of one garage bike (migration 041): the next service's km and day the daily
 * round found due; at most one email. Unsent while `sent_at` and `dropped_at` are null.
 */
export interface ServiceReminderTable {
  id: string;
  bike_id: string;
  due_km: number;
  /** YYYY-MM-DD, the shop's time zone. */
  due_on: string;
  created_at: string;
  /** Set while an instance emails it. */
  claimed_until: string | null;
  /** Sends tried. */
  attempts: Generated<number>;
  sent_at: string | null;
  /** Not sent: the bike no longer wanted it at sending, or its sends kept failing. */
  dropped_at: string | null;
  /** Its 'Stop these emails' link was used. */
  stop_used_at: string | null;
}

/** A shop day whose reminder round started (migration 041); finished once every bike was looked at. */
export interface ServiceReminderRoundTable {
  /** YYYY-MM-DD, the shop's time zone. */
  day: string;
  started_at: string;
  finished_at: string | null;
  /** Reminders the round added. */
  queued: Generated<number>;
}

/** A customer's saved delivery address (migration 031); one of each customer's is the default. */
export interface AddressTable {
  id: string;
  user_id: string;
  full_name: string;
  line1: string;
  /** '' when there is none. */
  line2: Generated<string>;
  /** '' when there is none. */
  city: Generated<string>;
  /** A region code in a country that has regions, otherwise null. */
  region: string | null;
  postcode: string;
  country: string;
  phone: string;
  is_default: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Products whose searchable data changed, in order; written by triggers (migration 013). */
export interface CatalogueChangeTable {
  seq: Generated<number>;
  product_id: string;
  changed_at: string;
}

export interface ReviewTable {
  id: string;
  user_id: string | null;
  name: string;
  email: string;
  review: string;
  ratings: number;
  img: string;
  created_at: string;
  /** The part reviewed and the paid order it came from; both null for a review of the shop. */
  product_id: string | null;
  order_id: string | null;
}

export type OrderStatus = 'waiting' | 'paid' | 'shipped' | 'cancelled' | 'refunded';

/**
 * What a customer pays for at once (migration 026): a one-part order, whose id it shares, or a
 * cart's checkout, whose id it is. Paid and cancelled as a whole; its lines are the orders.
 */
export interface PurchaseTable {
  id: string;
  user_id: string;
  customer_name: string;
  email: string;
  location: string;
  phone: string;
  status: 'waiting' | 'paid' | 'cancelled';
  /** bigint: PostgreSQL answers a string. */
  total_cents: number | string;
  /** The provider's payment, once paid. */
  transaction_id: string | null;
  /** The client address it was placed from (IPv6 by its /64), which its unpaid pieces count against; null for purchases placed before it was kept. */
  client_address: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  cancelled_at: string | null;
  /** The amounts beside the total (decision 033), bigint: PostgreSQL answers strings, read through Number. */
  subtotal_cents: Generated<number | string>;
  discount_cents: Generated<number | string>;
  shipping_cents: Generated<number | string>;
  tax_cents: Generated<number | string>;
  /** Where it goes and how (null for purchases placed before SPEC-3). */
  country: string | null;
  region: string | null;
  postcode: string | null;
  shipping_method_id: string | null;
  shipping_method_name: string | null;
  arrives_from: string | null;
  arrives_to: string | null;
  /** The method's longest delivery in working days as placed: 0 is a collection. */
  shipping_days_max: number | null;
  discount_id: string | null;
  discount_code: string | null;
  tax_name: string | null;
  /** Thousandths of a percent. */
  tax_rate: number | null;
  prices_include_tax: Generated<boolean | number>;
}

/** A line of a purchase: SPEC's order, with its own number, part, amount and status (shipping and refunds are per line). */
export interface OrderTable {
  id: string;
  /** The short number customers see (#10234): unique, given in the order the orders were placed. */
  number: number;
  purchase_id: string;
  user_id: string;
  product_id: string;
  tool_name: string;
  unit_price_cents: number;
  quantity: number;
  total_cents: number;
  /** The line's share of the purchase's discount, and its own tax (decision 033); bigint. */
  discount_cents: Generated<number | string>;
  tax_cents: Generated<number | string>;
  status: OrderStatus;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  shipped_at: string | null;
  cancelled_at: string | null;
  /**
   * The provider's refund of this order's amount, and when it was recorded (status 'refunded');
   * on a paid order, the refund that failed after it was accepted, with the bank's reason.
   */
  refund_id: string | null;
  refunded_at: string | null;
  refund_failure: string | null;
  /** Set while a refund is being asked of the provider: no second refund, and no shipping, until then. */
  refund_claimed_until: string | null;
  /** Given when shipping, both optional. */
  carrier: string | null;
  tracking_number: string | null;
  /** What has been given back for the line, in succeeded refunds (migration 037); bigint. */
  refunded_cents: Generated<number | string>;
}

export type OrderMailKind = 'placed' | 'paid' | 'shipped' | 'cancelled-unpaid' | 'cancelled' | 'refunded' | 'refund-failed' | ReturnMailKind;
/** The emails of a return's steps (migration 038); its refund is told by the line's 'refunded' email. */
export type ReturnMailKind = 'return-approved' | 'return-rejected' | 'return-received';

export interface OrderMailOutboxTable {
  id: string;
  order_id: string;
  kind: OrderMailKind;
  created_at: string;
  next_attempt_at: string;
  attempts: Generated<number>;
  claimed_until: string | null;
  last_error: string | null;
  /** The refund a 'refunded' or 'refund-failed' email tells of (migration 037); null for every other email and those queued before. */
  refund_id: Generated<string | null>;
  /** The return an email of a return's step is about (migration 038); null for every other email. */
  return_id: Generated<string | null>;
}

export interface PaymentTable {
  /** The purchase the payment pays. */
  purchase_id: string;
  provider: 'test' | 'stripe';
  intent_id: string;
  client_secret: string;
  amount_cents: number;
  currency: string;
  created_at: string;
}

export type TestIntentStatus = 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';

/** A customer waiting to hear that a part is back in stock (SPEC-2 section 6). */
export interface StockAlertTable {
  user_id: string;
  product_id: string;
  created_at: string;
  /** Set while an instance emails it. */
  claimed_until: string | null;
}

export type RefundStatus = 'pending' | 'succeeded' | 'failed';

/**
 * One refund of the ledger (migration 037): part or all of a line's amount given back through the
 * provider. Pending from its reservation until the provider answers; what pending and succeeded
 * rows of a purchase hold together never exceeds what it paid.
 */
export interface RefundTable {
  id: string;
  purchase_id: string;
  /** The line it gives back money for. */
  order_id: string;
  return_id: string | null;
  /** bigint: what it gives back, the tax share in it, and the delivery in it (neither is revenue, decision 037). */
  amount_cents: number | string;
  tax_cents: Generated<number | string>;
  shipping_cents: Generated<number | string>;
  /** Pieces it put back on the shelf. */
  restock_quantity: Generated<number>;
  status: RefundStatus;
  /** The provider's refund id, once it answered (unique per line). */
  provider_refund_id: string | null;
  /** What the provider was asked with; null for a refund found in the provider's events. */
  idempotency_key: string | null;
  failure_reason: string | null;
  /** The admin who asked for it; null for one found in the provider's events. */
  created_by: string | null;
  created_at: string;
  completed_at: string | null;
}

/** A refund in test mode, as Stripe keeps it: of part or all of a succeeded intent, once per idempotency key. */
export interface TestRefundTable {
  id: string;
  intent_id: string;
  amount_cents: number;
  idempotency_key: string;
  status: 'succeeded' | 'failed';
  failure_reason: string | null;
  /** The refund's metadata (JSON): the order it refunds. */
  metadata: string;
  created_at: string;
}

export interface TestPaymentIntentTable {
  id: string;
  client_secret: string;
  idempotency_key: string | null;
  amount_cents: number;
  currency: string;
  /** The purchase the intent pays (its metadata). */
  purchase_id: string;
  status: TestIntentStatus;
  last_error: string | null;
  card_last4: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookEventTable {
  id: string;
  type: string;
  received_at: string;
}

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  created_at: string;
  /** When an admin marked it read; null while unread. */
  read_at: string | null;
}

export interface RateLimitTable {
  key: string;
  count: number;
  reset_at: number;
}

/** One upload: what it cost its account, and the stored image it added, if any. */
export interface ImageUploadTable {
  id: string;
  user_id: string;
  /**
   * The stored image this upload listed as its own, so the sweep may remove it once no record
   * uses it; null while the upload is processed, and when it added nothing of its own (a file
   * that was not an image, or an image the shop already held).
   */
  path: string | null;
  /** Bytes received. */
  bytes: number;
  created_at: string;
  /** The last upload of this image, or the last record saved with it. */
  last_used_at: string;
}

export type Role = 'user' | 'staff' | 'admin';

/** Better Auth's user, with the shop's profile fields. */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  email_verified: boolean | number;
  image: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  role: Role;
  phone: string | null;
  /** SPEC-3 section 6 (migration 043): a workshop, and its trade discount in hundredths of a percent (0 unless a workshop). */
  workshop: Generated<boolean | number>;
  trade_discount: Generated<number>;
}

export interface SessionTable {
  id: string;
  expires_at: Date | string;
  token: string;
  created_at: Date | string;
  updated_at: Date | string;
  ip_address: string | null;
  user_agent: string | null;
  user_id: string;
}

export interface AccountTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Date | string | null;
  refresh_token_expires_at: Date | string | null;
  scope: string | null;
  password: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Date | string;
  created_at: Date | string;
  updated_at: Date | string;
}

/** What the unpaid orders placed from one client address hold of one part, whichever accounts placed them. */
export interface UnpaidAddressHoldTable {
  address: string;
  product_id: string;
  units: number;
}

/** What one account holds in orders waiting for payment (kept with every order change), and its orders of this minute. */
export interface UnpaidHoldTable {
  user_id: string;
  orders: number;
  units: number;
  window_started_at: string;
  placed_in_window: number;
}

/** What one UTC day took (payments made that day) and gave back (refunds made that day). */
export interface SalesDayTable {
  day: string;
  paid_orders: number;
  /** bigint: PostgreSQL answers a string. */
  paid_cents: number | string;
  refunded_orders: number;
  refunded_cents: number | string;
  /** The tax its payments collected less the tax its refunds gave back (revenue is without it). */
  tax_cents: number | string;
}

/** What one part sold on one UTC day, its refunds that day taken off (so either may be negative). */
export interface SalesPartDayTable {
  day: string;
  product_id: string;
  quantity: number;
  cents: number | string;
}

/** A range of closed days whose part sales are summed in `sales_part_windows`. */
export interface SalesWindowTable {
  from_day: string;
  through_day: string;
}

/** What one part sold from `from_day` to `through_day`, refunds taken off. */
export interface SalesPartWindowTable {
  from_day: string;
  through_day: string;
  product_id: string;
  quantity: number;
  cents: number | string;
}

/** The orders placed on one UTC day that have left 'waiting', by the status each is in now. */
export interface OrderStatusDayTable {
  day: string;
  paid: number;
  shipped: number;
  cancelled: number;
  refunded: number;
}

/** A delivery method (SPEC-3 section 1, migration 030); deactivated, never deleted. */
export interface ShippingMethodTable {
  id: string;
  name: string;
  price_cents: number;
  /** The subtotal from which it costs nothing; null when it never does. */
  free_from_cents: number | null;
  /** Working days from dispatch to arrival, from and to. */
  days_min: number;
  days_max: number;
  /** '*' for every country, else ISO codes separated by spaces. */
  countries: string;
  active: number;
  position: number;
  created_at: string;
  updated_at: string;
}

/** The shop's settings: one row, id 1 (migration 029). */
export interface ShopSettingsTable {
  id: number;
  shop_name: string;
  shop_address: string;
  tax_id: string;
  country: string;
  prices_include_tax: number;
  /** HH:MM in the shop's time zone. */
  cutoff: string;
  time_zone: string;
  /** A JSON array of YYYY-MM-DD dates. */
  holidays: string;
  return_window_days: number;
  updated_at: string;
}

/** A tax rate (migration 029); the admin replaces the whole list at once. */
export interface TaxRateTable {
  id: string;
  country: string;
  /** Its region in a country that has regions; null for the whole country. */
  region: string | null;
  name: string;
  /** Thousandths of a percent: 7.25 % is 7250. */
  rate_millipercent: number;
  applies_to_delivery: number;
  position: number;
}

/** A counter per kind of shop-wide data kept in every instance's memory; a write adds one (migration 029). */
export interface DataRevisionTable {
  name: string;
  revision: number;
}

/** A discount code (SPEC-3 section 2, migration 032). */
/** The last number given per kind of document and year (migration 036). */
export interface DocumentCounterTable {
  kind: 'invoice' | 'credit-note';
  year: number;
  last_number: number;
}

/** A paid purchase's invoice: its number and the JSON snapshot of what it prints (InvoiceDocument). */
export interface InvoiceTable {
  id: string;
  number: string;
  purchase_id: string;
  issued_at: string;
  document: string;
}

/** A refund's credit note, naming the invoice it corrects. */
export interface CreditNoteTable {
  id: string;
  number: string;
  refund_id: string;
  invoice_id: string;
  amount_cents: number | string;
  issued_at: string;
  document: string;
}

export interface DiscountTable {
  id: string;
  /** Upper case, unique: codes are matched whatever case a customer types. */
  code: string;
  kind: 'percent' | 'amount';
  /** Basis points for a percent (1000 = 10 %), cents for an amount. */
  value: number;
  min_subtotal_cents: Generated<number>;
  /** First and last day it can be used, YYYY-MM-DD in the shop's time zone; null when open. */
  starts_on: string | null;
  ends_on: string | null;
  uses_total: number | null;
  /** Purchases placed and not cancelled that use it; only ever changed relatively. */
  used_count: Generated<number>;
  once_per_customer: boolean | number;
  /** Its lines only: null for every line. */
  category_id: string | null;
  applies_to_delivery: boolean | number;
  active: boolean | number;
  created_at: string;
  updated_at: string;
}

/** A purchase's use of a discount; `redeemer_key` is the account for a once-per-customer code, the purchase otherwise. */
export interface DiscountRedemptionTable {
  discount_id: string;
  redeemer_key: string;
  purchase_id: string;
  user_id: string;
  created_at: string;
}

export type ReturnStatus = 'requested' | 'approved' | 'rejected' | 'received' | 'refunded';

/** Pieces of a shipped line a customer sends back, and the admin's steps on them (SPEC-3 section 4, migration 038). */
export interface ReturnTable {
  id: string;
  /** The line, its purchase and the account that bought it. */
  order_id: string;
  purchase_id: string;
  user_id: string;
  product_id: string;
  quantity: number;
  reason: string;
  /** '' when none; kept as written, shown as text. */
  comment: string;
  status: ReturnStatus;
  reject_reason: string | null;
  /** The refund that gave the pieces' money back, what it gave (bigint), and whether the pieces went back in stock. */
  refund_id: string | null;
  refund_cents: number | string | null;
  restocked: Generated<boolean | number>;
  /** Set while its refund is being asked of the provider: no second refund until then. */
  claimed_until: string | null;
  created_at: string;
  updated_at: string;
  approved_at: string | null;
  rejected_at: string | null;
  received_at: string | null;
  refunded_at: string | null;
}

/** One change an admin or staff member made (migration 044): append-only. */
export interface ActivityTable {
  id: Generated<number>;
  created_at: string;
  actor_id: string;
  actor_name: string;
  actor_email: string;
  actor_role: string;
  action: string;
  record_type: string;
  record_id: string;
  record_label: string;
  /** JSON text: `[{ field, before, after }]`. */
  changes: Generated<string>;
  summary: string | null;
  search_text: string;
}
export type ActivityRow = Selectable<ActivityTable>;

/** One change of a part's stock, written by the products table's triggers (migration 044). */
export interface StockMovementTable {
  id: Generated<number>;
  product_id: string;
  change: number;
  stock_after: number;
  reason: string;
  created_at: string;
}
export type StockMovementRow = Selectable<StockMovementTable>;

export interface Database {
  activity: ActivityTable;
  stock_movements: StockMovementTable;
  shop_settings: ShopSettingsTable;
  tax_rates: TaxRateTable;
  data_revisions: DataRevisionTable;
  shipping_methods: ShippingMethodTable;
  payments: PaymentTable;
  test_payment_intents: TestPaymentIntentTable;
  test_refunds: TestRefundTable;
  stock_alerts: StockAlertTable;
  sales_days: SalesDayTable;
  sales_part_days: SalesPartDayTable;
  sales_windows: SalesWindowTable;
  sales_part_windows: SalesPartWindowTable;
  order_status_days: OrderStatusDayTable;
  webhook_events: WebhookEventTable;
  users: UserTable;
  sessions: SessionTable;
  accounts: AccountTable;
  verifications: VerificationTable;
  rate_limits: RateLimitTable;
  image_uploads: ImageUploadTable;
  unpaid_holds: UnpaidHoldTable;
  unpaid_address_holds: UnpaidAddressHoldTable;
  products: ProductTable;
  product_images: ProductImageTable;
  reviews: ReviewTable;
  purchases: PurchaseTable;
  orders: OrderTable;
  order_mail_outbox: OrderMailOutboxTable;
  contact_messages: ContactMessageTable;
  categories: CategoryTable;
  catalogue_changes: CatalogueChangeTable;
  vehicles: VehicleTable;
  fitment: FitmentTable;
  service_kits: ServiceKitTable;
  service_kit_lines: ServiceKitLineTable;
  garage_bikes: GarageBikeTable;
  garage_readings: GarageReadingTable;
  garage_services: GarageServiceTable;
  service_reminders: ServiceReminderTable;
  service_reminder_rounds: ServiceReminderRoundTable;
  addresses: AddressTable;
  cart_lines: CartLineTable;
  discounts: DiscountTable;
  document_counters: DocumentCounterTable;
  invoices: InvoiceTable;
  credit_notes: CreditNoteTable;
  discount_redemptions: DiscountRedemptionTable;
  refunds: RefundTable;
  returns: ReturnTable;
}

export type ProductRow = Selectable<ProductTable>;
export type NewProductRow = Insertable<ProductTable>;
export type NewFitmentRow = Insertable<FitmentTable>;
export type NewCategoryRow = Insertable<CategoryTable>;
export type NewVehicleRow = Insertable<VehicleTable>;
export type UserRow = Selectable<UserTable>;
export type PurchaseRow = Selectable<PurchaseTable>;
/** The purchase's columns an order is read with: its buyer, delivery address and arrival, and payment. */
export const PURCHASE_COLUMNS_OF_ORDER = ['customer_name', 'email', 'location', 'phone', 'transaction_id', 'prices_include_tax', 'arrives_from', 'arrives_to', 'shipping_days_max'] as const;
/** The purchase's total beside the line's own `total_cents`: what the customer pays for the purchase the order is a line of. */
export const PURCHASE_TOTAL_OF_ORDER = 'total_cents as purchase_total_cents';
/**
 * An order as it is read: its line, with its purchase's buyer, delivery address and payment, and
 * the purchase's number (its first line's, the lowest).
 */
export type OrderRow = OrderLineRow & Pick<PurchaseRow, (typeof PURCHASE_COLUMNS_OF_ORDER)[number]> & { purchase_number: number; purchase_total_cents: number | string };
/** An order's own row, as written: its line, without its purchase's columns. */
export type OrderLineRow = Selectable<OrderTable>;
export type ContactMessageRow = Selectable<ContactMessageTable>;
export type RefundRow = Selectable<RefundTable>;
export type ReviewRow = Selectable<ReviewTable>;
export type ReturnRow = Selectable<ReturnTable>;
export type NewReviewRow = Insertable<ReviewTable>;
