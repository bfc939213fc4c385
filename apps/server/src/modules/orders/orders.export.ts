import { Readable } from 'node:stream';
import { centsToDollars, formatOrderNumber, spreadsheetText } from '@shop/shared';
import { stringify } from 'csv-stringify';
import type { OrderRow } from '../../db/schema.js';
import { spreadsheetDateTime } from '../../lib/spreadsheet.js';
import { checkoutIdOf } from './orders.mapper.js';

/**
 * The columns of the orders file, for accounting: one row per order (a checkout's lines each);
 * dates as a spreadsheet reads them, on the shop's clock.
 */
const COLUMNS = [
  ['order', (row) => formatOrderNumber(row.number)],
  ['placedAt', (row, at) => at(row.created_at)],
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
  ['paidAt', (row, at) => at(row.paid_at)],
  ['shippedAt', (row, at) => at(row.shipped_at)],
  ['carrier', (row) => row.carrier ?? ''],
  ['trackingNumber', (row) => row.tracking_number ?? ''],
  ['refundedAt', (row, at) => at(row.refunded_at)],
  ['refundId', (row) => row.refund_id ?? ''],
  // A paid order whose refund the bank sent back: why (its refundId is that refund's).
  ['refundFailure', (row) => row.refund_failure ?? ''],
] as const satisfies ReadonlyArray<readonly [string, (row: OrderRow, at: (timestamp: string | null) => string) => string]>;

/**
 * The orders as a CSV file (csv-stringify: quoting, commas and line breaks inside values), with a
 * byte order mark so spreadsheets read it as UTF-8; streamed batch by batch, so a file of a
 * million orders never sits in memory. A value a spreadsheet would run as a formula is kept as
 * text (lib/spreadsheet.ts: a customer's '=HYPERLINK(...)', not a phone '+44 7700 900000').
 */
export function ordersCsv(batches: AsyncIterable<OrderRow[]>, timeZone: string): Readable {
  const at = (timestamp: string | null) => spreadsheetDateTime(timestamp, timeZone);
  async function* records() {
    yield COLUMNS.map(([name]) => name);
    for await (const batch of batches) for (const row of batch) yield COLUMNS.map(([, value]) => spreadsheetText(value(row, at)));
  }
  return Readable.from(records()).pipe(stringify({ bom: true, record_delimiter: 'windows' }));
}
