import { arrivalText, formatOrderNumber, purchaseMessages, trackingUrl } from '@shop/shared';
import type { OrderRow, PurchaseRow } from '../../db/schema.js';
import { emailMoney } from '../../lib/email-money.js';

/**
 * What a purchase's confirmation and payment emails add to its lines (SPEC-3 section 1): the
 * delivery method and its arrival (`shipping_days_max` 0: collected from the shop), and the amounts.
 */
export type PricedPurchase = Pick<
  PurchaseRow,
  | 'subtotal_cents'
  | 'shipping_cents'
  | 'discount_cents'
  | 'tax_cents'
  | 'total_cents'
  | 'prices_include_tax'
  | 'country'
  | 'shipping_method_name'
  | 'shipping_days_max'
  | 'arrives_from'
  | 'arrives_to'
>;

/** The refund a refund email tells of (the ledger's row): what it gave back, and whether it was the rest of the line (null: found in the provider's events). */
export interface RefundTold {
  amountCents: number;
  providerRefundId: string | null;
  wholeLine: boolean | null;
}

const line = (order: OrderRow) => `${order.quantity} x ${order.tool_name} at ${emailMoney(order.unit_price_cents)} = ${emailMoney(order.total_cents)}`;

/** The purchase's one number: its first line's ('#10001'), whatever lines it has. */
const numberOf = (orders: OrderRow[]) => formatOrderNumber(orders[0]!.purchase_number);

/** A purchase's lines (or those of one parcel or refund), its total when several, and its number. */
function summary(orders: OrderRow[]): string {
  const number = `Order number: ${numberOf(orders)}`;
  if (orders.length === 1) return `${line(orders[0]!)}\n${number}`;
  const total = orders.reduce((sum, order) => sum + order.total_cents, 0);
  return `${orders.map(line).join('\n')}\nTotal: ${emailMoney(total)}\n${number}`;
}

/**
 * The method and its arrival, then Subtotal, Delivery, Discount (when any), Tax and Total; nothing
 * for a purchase placed before the shop kept them (no country), whose emails read as they did.
 */
function pricing(purchase: PricedPurchase | undefined): string | null {
  if (!purchase?.country) return null;
  const amount = (cents: number | string) => emailMoney(Number(cents));
  const method = purchase.shipping_method_name;
  const arrival =
    purchase.arrives_from && purchase.arrives_to
      ? arrivalText({ arrivesFrom: purchase.arrives_from, arrivesTo: purchase.arrives_to, daysMax: purchase.shipping_days_max ?? 1 })
      : null;
  return [
    method ? `Delivery method: ${method}${arrival ? ` (${arrival})` : ''}` : null,
    `Subtotal: ${amount(purchase.subtotal_cents)}`,
    `Delivery: ${Number(purchase.shipping_cents) === 0 ? 'Free' : amount(purchase.shipping_cents)}`,
    Number(purchase.discount_cents) === 0 ? null : `Discount: -${amount(purchase.discount_cents)}`,
    `${purchase.prices_include_tax ? 'Tax (included)' : 'Tax'}: ${amount(purchase.tax_cents)}`,
    `Total: ${amount(purchase.total_cents)}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** A purchase's lines with its method, arrival and amounts when it has them, else its summary as before. */
function pricedSummary(orders: OrderRow[], purchase: PricedPurchase | undefined): string {
  const priced = pricing(purchase);
  if (!priced) return summary(orders);
  return `${orders.map(line).join('\n')}\n${priced}\nOrder number: ${numberOf(orders)}`;
}

/** The carrier, tracking number and the carrier's tracking page of a shipment, when given, as lines of their own. */
function tracking(order: OrderRow): string {
  const link = trackingUrl(order.carrier, order.tracking_number);
  const lines = [
    order.carrier ? `Carrier: ${order.carrier}` : null,
    order.tracking_number ? `Tracking number: ${order.tracking_number}` : null,
    link ? `Track your parcel: ${link}` : null,
  ].filter(Boolean);
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/** 'Your order' for a purchase of one line; 'A part of your order' when the line is one of several. */
const ofOrder = (purchaseLines: number) => (purchaseLines > 1 ? 'A part of your order' : 'Your order');

/**
 * The texts of the emails a purchase sends its customer, each naming it by its one number: the
 * purchase's emails list every line and the total; a shipment lists the lines of its parcel; a
 * refund is of one line.
 */
export const orderEmails = {
  /** `holdUntil`: when the hold of its parts ends, as the reader is to read it ('17:24 UTC'). */
  placed: (orders: OrderRow[], myOrdersUrl: string, holdUntil: string, purchase?: PricedPurchase) => ({
    subject: `Your Moto Parts order ${numberOf(orders)} is waiting for payment`,
    text: `Hello ${orders[0]!.customer_name},\n\nThank you for your order:\n\n${pricedSummary(orders, purchase)}\nDelivery to: ${orders[0]!.location}\n\n${purchaseMessages.holdUntil(holdUntil)}; unpaid by then, they go back on the shelf. Pay for them from My Orders: ${myOrdersUrl}\n\nMoto Parts`,
  }),
  paid: (orders: OrderRow[], purchase?: PricedPurchase) => ({
    subject: `Payment received for order ${numberOf(orders)}`,
    text: `Hello ${orders[0]!.customer_name},\n\nWe received your payment:\n\n${pricedSummary(orders, purchase)}\nTransaction: ${orders[0]!.transaction_id}\n\nWe will tell you when the parts are on their way.\n\nMoto Parts`,
  }),
  /**
   * One parcel: the lines sent in it, with its carrier and tracking number when the shop gave
   * them; `purchaseLines` (the order's lines sent or to send) says whether others travel separately.
   */
  shipped: (parcel: OrderRow[], purchaseLines: number) => ({
    subject: `Your order ${numberOf(parcel)} is on its way`,
    text: `Hello ${parcel[0]!.customer_name},\n\nYour parts have been sent to ${parcel[0]!.location}:\n\n${summary(parcel)}\n${tracking(parcel[0]!)}${parcel.length < purchaseLines ? 'The other parts of your order travel separately.\n' : ''}\nMoto Parts`,
  }),
  /**
   * One refund of one line: the amount it gave back. A refund of part of the line says so and
   * never that the line is refunded; one queued before the ledger (no refund) tells the line's total.
   */
  refunded: (order: OrderRow, purchaseLines: number, myOrdersUrl: string, refund?: RefundTold) =>
    // A refund found in the provider's events is of part of the line unless it left the line refunded.
    refund && (refund.wholeLine === false || (refund.wholeLine === null && order.status !== 'refunded'))
      ? {
          subject: `We refunded ${emailMoney(refund.amountCents)} of your order ${formatOrderNumber(order.purchase_number)}`,
          text: `Hello ${order.customer_name},\n\nWe refunded ${emailMoney(refund.amountCents)} of the amount of this part of your order to the card you paid with; your bank shows it within 5 to 10 days:\n\n${summary([order])}\n\nYour orders: ${myOrdersUrl}\n\nMoto Parts`,
        }
      : {
          subject: `${ofOrder(purchaseLines)} ${formatOrderNumber(order.purchase_number)} is refunded`,
          text: `Hello ${order.customer_name},\n\nWe refunded ${emailMoney(refund?.amountCents ?? order.total_cents)} to the card you paid with; your bank shows it within 5 to 10 days:\n\n${summary([order])}\n\nYour orders: ${myOrdersUrl}\n\nMoto Parts`,
        },
  /** A refund the bank sent back after it was made: its amount is owed again, and the shop will be in touch. */
  refundFailed: (order: OrderRow, myOrdersUrl: string, refund?: RefundTold) => ({
    subject: `The refund of your order ${formatOrderNumber(order.purchase_number)} did not go through`,
    text: `Hello ${order.customer_name},\n\nThe refund of ${emailMoney(refund?.amountCents ?? order.total_cents)} to the card you paid with did not go through: your bank sent it back (${order.refund_failure ?? 'no reason given'}). ${order.status === 'paid' ? 'Your order shows as paid again, and we' : 'We'} will contact you to return your money another way:\n\n${summary([order])}\n\nYour orders: ${myOrdersUrl}\n\nMoto Parts`,
  }),
  cancelled: (orders: OrderRow[], myOrdersUrl: string) => ({
    subject: `Your order ${numberOf(orders)} is cancelled`,
    text: `Hello ${orders[0]!.customer_name},\n\nAs you asked, we cancelled your order; nothing was charged and the parts are back on the shelf:\n\n${summary(orders)}\n\nYour orders: ${myOrdersUrl}\n\nMoto Parts`,
  }),
  cancelledUnpaid: (orders: OrderRow[]) => ({
    subject: `Your unpaid order ${numberOf(orders)} was cancelled`,
    text: `Hello ${orders[0]!.customer_name},\n\nYour order was not paid in time, so we cancelled it and released the parts:\n\n${summary(orders)}\n\nYou are welcome to order again at any time.\n\nMoto Parts`,
  }),
};
