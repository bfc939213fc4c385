import { formatOrderNumber, purchaseMessages } from '@shop/shared';
import type { OrderRow } from '../../db/schema.js';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const line = (order: OrderRow) => `${order.quantity} x ${order.tool_name} at ${money(order.unit_price_cents)} = ${money(order.total_cents)}`;

/** '#10001', or '#10001, #10002 and #10003' for the lines of a checkout. */
function numbers(orders: OrderRow[]): string {
  const each = orders.map((order) => formatOrderNumber(order.number));
  return each.length === 1 ? each[0]! : `${each.slice(0, -1).join(', ')} and ${each.at(-1)!}`;
}

/** One order's line and number; a checkout's lines, each with its number, and their total. */
function summary(orders: OrderRow[]): string {
  if (orders.length === 1) return `${line(orders[0]!)}\nOrder number: ${formatOrderNumber(orders[0]!.number)}`;
  const total = orders.reduce((sum, order) => sum + order.total_cents, 0);
  return `${orders.map((order) => `${formatOrderNumber(order.number)}: ${line(order)}`).join('\n')}\nTotal: ${money(total)}`;
}

/** The carrier and tracking number of a shipment, when given, as lines of their own. */
function tracking(order: OrderRow): string {
  const lines = [order.carrier ? `Carrier: ${order.carrier}` : null, order.tracking_number ? `Tracking number: ${order.tracking_number}` : null].filter(Boolean);
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

const verb = (orders: OrderRow[], one: string, several: string) => (orders.length === 1 ? one : several);
const title = (orders: OrderRow[]) => `${verb(orders, 'order', 'orders')} ${numbers(orders)}`;

/**
 * The texts of the emails an order sends its customer; a checkout's orders share one email
 * listing every line and the total (all but shipping, which is per line).
 */
export const orderEmails = {
  /** `holdUntil`: when the hold of its parts ends, as the reader is to read it ('17:24 UTC'). */
  placed: (orders: OrderRow[], myOrdersUrl: string, holdUntil: string) => ({
    subject: `Your Moto Parts ${title(orders)} ${verb(orders, 'is', 'are')} waiting for payment`,
    text: `Hello ${orders[0]!.customer_name},\n\nThank you for your order:\n\n${summary(orders)}\nDelivery to: ${orders[0]!.location}\n\n${purchaseMessages.holdUntil(holdUntil)}; unpaid by then, they go back on the shelf. Pay for them from My Orders: ${myOrdersUrl}\n\nMoto Parts`,
  }),
  paid: (orders: OrderRow[]) => ({
    subject: `Payment received for ${title(orders)}`,
    text: `Hello ${orders[0]!.customer_name},\n\nWe received your payment:\n\n${summary(orders)}\nTransaction: ${orders[0]!.transaction_id}\n\nWe will tell you when the parts are on their way.\n\nMoto Parts`,
  }),
  /** Shipped line by line, so one order at a time; with its tracking number when the shop gave one. */
  shipped: (order: OrderRow) => ({
    subject: `Your order ${formatOrderNumber(order.number)} is on its way`,
    text: `Hello ${order.customer_name},\n\nYour parts have been sent to ${order.location}:\n\n${summary([order])}\n${tracking(order)}\nMoto Parts`,
  }),
  /** Refunded line by line, so one order at a time. */
  refunded: (order: OrderRow, myOrdersUrl: string) => ({
    subject: `Your order ${formatOrderNumber(order.number)} is refunded`,
    text: `Hello ${order.customer_name},\n\nWe refunded ${money(order.total_cents)} to the card you paid with; your bank shows it within 5 to 10 days:\n\n${summary([order])}\n\nYour orders: ${myOrdersUrl}\n\nMoto Parts`,
  }),
  /** A refund the bank sent back after it was made: the order is paid again, and the shop will be in touch. */
  refundFailed: (order: OrderRow, myOrdersUrl: string) => ({
    subject: `The refund of your order ${formatOrderNumber(order.number)} did not go through`,
    text: `Hello ${order.customer_name},\n\nThe refund of ${money(order.total_cents)} to the card you paid with did not go through: your bank sent it back (${order.refund_failure ?? 'no reason given'}). Your order shows as paid again, and we will contact you to return your money another way:\n\n${summary([order])}\n\nYour orders: ${myOrdersUrl}\n\nMoto Parts`,
  }),
  cancelled: (orders: OrderRow[], myOrdersUrl: string) => ({
    subject: `Your ${title(orders)} ${verb(orders, 'is', 'are')} cancelled`,
    text: `Hello ${orders[0]!.customer_name},\n\nAs you asked, we cancelled your order; nothing was charged and the parts are back on the shelf:\n\n${summary(orders)}\n\nYour orders: ${myOrdersUrl}\n\nMoto Parts`,
  }),
  cancelledUnpaid: (orders: OrderRow[]) => ({
    subject: `Your unpaid ${title(orders)} ${verb(orders, 'was', 'were')} cancelled`,
    text: `Hello ${orders[0]!.customer_name},\n\nYour order was not paid in time, so we cancelled it and released the parts:\n\n${summary(orders)}\n\nYou are welcome to order again at any time.\n\nMoto Parts`,
  }),
};
