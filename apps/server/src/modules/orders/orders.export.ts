import { Readable } from 'node:stream';
import { centsToDollars, formatOrderNumber } from '@shop/shared';
import { stringify } from 'csv-stringify';
import type { OrderRow } from '../../db/schema.js';
import { checkoutIdOf } from './orders.mapper.js';

/** The columns of the orders file, for accounting: one row per order (a checkout's lines each). */
const COLUMNS = [
  ['order', (row) => formatOrderNumber(row.number)],
  ['placedAt', (row) => row.created_at],
  ['status', (row) => row.status],
  ['customer', (row) => row.customer_name],
  ['email', (row) => row.email],
  ['phone', (row) => row.phone],
  ['location', (row) => row.location],
  ['part', (row) => row.tool_name],
  ['quantity', (row) => String(row.quantity)],
  ['unitPrice', (row) => centsToDollars(row.unit_price_cents).toFixed(2)],
  ['total', (row) => centsToDollars(row.total_cents).toFixed(2)],
  ['checkout', (row) => checkoutIdOf(row) ?? ''],
  ['transactionId', (row) => row.transaction_id ?? ''],
  ['paidAt', (row) => row.paid_at ?? ''],
  ['shippedAt', (row) => row.shipped_at ?? ''],
  ['carrier', (row) => row.carrier ?? ''],
  ['trackingNumber', (row) => row.tracking_number ?? ''],
  ['refundedAt', (row) => row.refunded_at ?? ''],
  ['refundId', (row) => row.refund_id ?? ''],
  // A paid order whose refund the bank sent back: why (its refundId is that refund's).
  ['refundFailure', (row) => row.refund_failure ?? ''],
] as const satisfies ReadonlyArray<readonly [string, (row: OrderRow) => string]>;

/**
 * A spreadsheet runs a cell that starts with =, +, -, @ or a control character as a formula: such
 * a value (a customer's name, a phone number) is written with a leading apostrophe, as text.
 */
const asText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * The orders as a CSV file (csv-stringify: quoting, commas and line breaks inside values), with a
 * byte order mark so spreadsheets read it as UTF-8; streamed batch by batch, so a file of a
 * million orders never sits in memory.
 */
export function ordersCsv(batches: AsyncIterable<OrderRow[]>): Readable {
  async function* records() {
    yield COLUMNS.map(([name]) => name);
    for await (const batch of batches) for (const row of batch) yield COLUMNS.map(([, value]) => asText(value(row)));
  }
  return Readable.from(records()).pipe(stringify({ bom: true, record_delimiter: 'windows' }));
}
