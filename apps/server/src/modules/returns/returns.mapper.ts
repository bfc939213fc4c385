import { centsToDollars, type LineReturn, type Return, type ReturnReason, returnStatusText } from '@shop/shared';
import type { ReturnRow } from '../../db/schema.js';
import { lineChargedCents } from '../../lib/pricing.js';
import type { ReturnDetailsRow } from './returns.repository.js';

/** `numerator / denominator` rounded half-up, for non-negative integers. */
const divideHalfUp = (numerator: number, denominator: number) => Math.floor((2 * numerator + denominator) / (2 * denominator));

/** The returned pieces' share of what was paid for their line (its discount off, its tax on when added). */
export const shareCents = (row: ReturnDetailsRow): number =>
  divideHalfUp(lineChargedCents({ total_cents: row.line_total_cents, discount_cents: row.line_discount_cents, tax_cents: row.line_tax_cents }, row.prices_include_tax) * row.quantity, row.order_quantity);

/** Database row -> the API's return (money in dollars). */
export const toReturn = (row: ReturnDetailsRow): Return => ({
  _id: row.id,
  orderId: row.order_id,
  orderNumber: row.order_number,
  purchaseId: row.purchase_id,
  purchaseNumber: Number(row.purchase_number),
  productId: row.product_id,
  toolName: row.tool_name,
  quantity: row.quantity,
  orderQuantity: row.order_quantity,
  reason: row.reason as ReturnReason,
  comment: row.comment,
  status: row.status,
  statusText: returnStatusText(row.status, row.reject_reason),
  rejectReason: row.reject_reason,
  customerName: row.customer_name,
  email: row.email,
  shareAmount: centsToDollars(shareCents(row)),
  refundableLeft: centsToDollars(Math.max(0, Number(row.purchase_total_cents) - Number(row.purchase_refunded_cents ?? 0))),
  refundAmount: row.refund_cents === null ? null : centsToDollars(Number(row.refund_cents)),
  restocked: Boolean(row.restocked),
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** A line's return as the customer's order answer carries it. */
export const toLineReturn = (row: Pick<ReturnRow, 'id' | 'quantity' | 'status' | 'reject_reason'>): LineReturn => ({
  _id: row.id,
  quantity: row.quantity,
  status: row.status,
  statusText: returnStatusText(row.status, row.reject_reason),
});
