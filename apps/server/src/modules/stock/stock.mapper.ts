import { ORDER_STOCK_REASONS, type StockMovement, type StockReason, stockReasonText } from '@shop/shared';
import type { StockMovementRow } from '../../db/schema.js';

/** A movement's reason split into its kind and reference ('placed:abc' -> placed, abc). */
function splitReason(reason: string): { kind: string; reference: string } {
  const colon = reason.indexOf(':');
  return colon === -1 ? { kind: reason, reference: '' } : { kind: reason.slice(0, colon), reference: reason.slice(colon + 1) };
}

/** The order id a movement's reason names, if its kind names one. */
export function orderIdOf(reason: string): string | undefined {
  const { kind, reference } = splitReason(reason);
  return reference && ORDER_STOCK_REASONS.includes(kind as StockReason) ? reference : undefined;
}

/** A movement -> the history's row, its order id shown as the order's number (a deleted order keeps its id). */
export function toStockMovement(row: StockMovementRow, orderNumbers: ReadonlyMap<string, number>): StockMovement {
  const orderId = orderIdOf(row.reason);
  const number = orderId === undefined ? undefined : orderNumbers.get(orderId);
  const reason = number === undefined ? row.reason : `${splitReason(row.reason).kind}:${number}`;
  return { _id: String(row.id), createdAt: row.created_at, change: Number(row.change), stockAfter: Number(row.stock_after), reason: stockReasonText(reason) };
}
