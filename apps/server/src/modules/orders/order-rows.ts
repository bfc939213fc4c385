import { type Kysely, sql, type Transaction } from 'kysely';
import { type Database, PURCHASE_COLUMNS_OF_ORDER, PURCHASE_TOTAL_OF_ORDER } from '../../db/schema.js';

const purchaseFields = PURCHASE_COLUMNS_OF_ORDER.map((column) => `purchases.${column}` as const);

/**
 * The number of the purchase an order row belongs to: its first line's, the lowest (read by the
 * (purchase_id, number) index), so a one-part order's purchase keeps the order's own number.
 */
export const purchaseNumberOf = (purchaseId: 'orders.purchase_id' | 'purchases.id') =>
  sql<number>`(select min(${sql.ref('first_line.number')}) from ${sql.table('orders')} as first_line where ${sql.ref('first_line.purchase_id')} = ${sql.ref(purchaseId)})`;

/** Orders as they are read (`OrderRow`): each line with its purchase's buyer, delivery address and arrival, payment, total and number. */
export const selectOrders = (db: Kysely<Database> | Transaction<Database>) =>
  db
    .selectFrom('orders')
    .innerJoin('purchases', 'purchases.id', 'orders.purchase_id')
    .selectAll('orders')
    .select(purchaseFields)
    .select(`purchases.${PURCHASE_TOTAL_OF_ORDER}`)
    .select(purchaseNumberOf('orders.purchase_id').as('purchase_number'));
