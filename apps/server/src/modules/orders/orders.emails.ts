import { formatOrderNumber } from '@shop/shared';
import type { OrderRow } from '../../db/schema.js';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const summary = (order: OrderRow) =>
  `${order.quantity} x ${order.tool_name} at ${money(order.unit_price_cents)} = ${money(order.total_cents)}\nOrder number: ${formatOrderNumber(order.number)}`;

/** The texts of the emails an order sends its customer. */
export const orderEmails = {
  placed: (order: OrderRow, myOrdersUrl: string) => ({
    subject: `Your Moto Parts order ${formatOrderNumber(order.number)} is waiting for payment`,
    text: `Hello ${order.customer_name},\n\nThank you for your order:\n\n${summary(order)}\nDelivery to: ${order.location}\n\nWe keep the parts for you while the order waits for payment. Pay it from My Orders: ${myOrdersUrl}\n\nMoto Parts`,
  }),
  paid: (order: OrderRow) => ({
    subject: `Payment received for order ${formatOrderNumber(order.number)}`,
    text: `Hello ${order.customer_name},\n\nWe received your payment:\n\n${summary(order)}\nTransaction: ${order.transaction_id}\n\nWe will tell you when the parts are on their way.\n\nMoto Parts`,
  }),
  shipped: (order: OrderRow) => ({
    subject: `Your order ${formatOrderNumber(order.number)} is on its way`,
    text: `Hello ${order.customer_name},\n\nYour parts have been sent to ${order.location}:\n\n${summary(order)}\n\nMoto Parts`,
  }),
  cancelled: (order: OrderRow, myOrdersUrl: string) => ({
    subject: `Your order ${formatOrderNumber(order.number)} is cancelled`,
    text: `Hello ${order.customer_name},\n\nAs you asked, we cancelled your order; nothing was charged and the parts are back on the shelf:\n\n${summary(order)}\n\nYour orders: ${myOrdersUrl}\n\nMoto Parts`,
  }),
  cancelledUnpaid: (order: OrderRow) => ({
    subject: `Your unpaid order ${formatOrderNumber(order.number)} was cancelled`,
    text: `Hello ${order.customer_name},\n\nYour order was not paid in time, so we cancelled it and released the parts:\n\n${summary(order)}\n\nYou are welcome to order again at any time.\n\nMoto Parts`,
  }),
};
