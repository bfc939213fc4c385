import type { Kysely, Transaction } from 'kysely';
import { type Database, PURCHASE_COLUMNS_OF_ORDER } from '../../db/schema.js';

const purchaseFields = PURCHASE_COLUMNS_OF_ORDER.map((column) => `purchases.${column}` as const);

/** Orders as they are read (`OrderRow`): each line with its purchase's buyer, delivery address and payment. */
export const selectOrders = (db: Kysely<Database> | Transaction<Database>) =>
  db.selectFrom('orders').innerJoin('purchases', 'purchases.id', 'orders.purchase_id').selectAll('orders').select(purchaseFields);
