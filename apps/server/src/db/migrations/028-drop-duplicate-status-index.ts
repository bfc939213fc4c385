import type { Kysely } from 'kysely';

/**
 * Orders by status and placing time are indexed once: `orders_status_created_at` (021) repeats
 * `orders_status_idx` (001) column for column, so every order written kept two copies of one index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_status_created_at').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('orders_status_created_at').ifNotExists().on('orders').columns(['status', 'created_at']).execute();
}
