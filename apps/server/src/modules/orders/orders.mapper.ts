import { centsToDollars, type Order, type Purchase } from '@shop/shared';
import type { OrderRow } from '../../db/schema.js';
import { holdEndsAt } from './lifecycle.js';
import type { PurchaseWithLines } from './orders.repository.js';

/** The checkout an order was placed in: its purchase, unless that is the order itself (a one-part purchase shares its order's id). */
export const checkoutIdOf = (row: Pick<OrderRow, 'id' | 'purchase_id'>): string | null => (row.purchase_id === row.id ? null : row.purchase_id);

/**
 * Database row -> SPEC's wire shape and the order's short number (`toolName`, `toolPrice`, `paid`,
 * `shift`, …; money in dollars); a waiting order's hold ends `paymentTimeoutMs` after it was placed.
 */
export const toOrder = (row: OrderRow & { reviewed?: unknown }, { paymentTimeoutMs }: { paymentTimeoutMs: number }): Order => ({
  _id: row.id,
  number: row.number,
  productId: row.product_id,
  name: row.customer_name,
  email: row.email,
  toolName: row.tool_name,
  toolPrice: centsToDollars(row.unit_price_cents),
  quantity: row.quantity,
  total: centsToDollars(row.total_cents),
  purchaseTotal: centsToDollars(Number(row.purchase_total_cents)),
  location: row.location,
  phone: row.phone,
  // A refunded order was paid: it is never offered for payment again.
  paid: row.status === 'paid' || row.status === 'shipped' || row.status === 'refunded',
  shift: row.status === 'shipped',
  status: row.status,
  transactionId: row.transaction_id,
  checkoutId: checkoutIdOf(row),
  purchaseId: row.purchase_id,
  purchaseNumber: Number(row.purchase_number),
  carrier: row.carrier,
  trackingNumber: row.tracking_number,
  refundFailure: row.status === 'paid' ? row.refund_failure : null,
  createdAt: row.created_at,
  holdUntil: row.status === 'waiting' ? holdEndsAt(row.created_at, paymentTimeoutMs) : null,
  arrivesFrom: row.arrives_from,
  arrivesTo: row.arrives_to,
  shippingDaysMax: row.shipping_days_max,
  // The customer's own list: whether they reviewed the part, and what has been given back for the line.
  ...(row.reviewed !== undefined ? { reviewed: Boolean(row.reviewed), refunded: centsToDollars(Number(row.refunded_cents)) } : {}),
});

/** A purchase and its lines -> its answer (SPEC-3 section 1), named by its first line's number; money in dollars. */
export const toPurchase = ({ purchase, lines }: PurchaseWithLines, options: { paymentTimeoutMs: number }): Purchase => ({
  _id: purchase.id,
  number: Number(lines[0]!.purchase_number),
  status: purchase.status,
  total: centsToDollars(Number(purchase.total_cents)),
  createdAt: purchase.created_at,
  paidAt: purchase.paid_at,
  customerName: purchase.customer_name,
  email: purchase.email,
  location: purchase.location,
  phone: purchase.phone,
  subtotal: centsToDollars(Number(purchase.subtotal_cents)),
  discount: centsToDollars(Number(purchase.discount_cents)),
  shipping: centsToDollars(Number(purchase.shipping_cents)),
  tax: centsToDollars(Number(purchase.tax_cents)),
  pricesIncludeTax: Boolean(purchase.prices_include_tax),
  country: purchase.country,
  region: purchase.region,
  postcode: purchase.postcode,
  shippingMethod: purchase.shipping_method_name,
  arrivesFrom: purchase.arrives_from,
  arrivesTo: purchase.arrives_to,
  shippingDaysMax: purchase.shipping_days_max,
  discountCode: purchase.discount_code,
  taxName: purchase.tax_name,
  lines: lines.map((line) => toOrder(line, options)),
});
