import type { Kysely } from 'kysely';

/**
 * A category's parts by price: a service kit's line out of stock is offered the cheapest part of
 * its category that fits and is in stock, and the index walks the category in price order to the
 * first one instead of reading and sorting the whole category. It serves the category's other
 * lookups as `products_category` (012) did, so it takes that index's place.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('products_category_price').on('products').columns(['category_id', 'price_cents', 'id']).execute();
  await db.schema.dropIndex('products_category').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('products_category').ifNotExists().on('products').column('category_id').execute();
  await db.schema.dropIndex('products_category_price').ifExists().execute();
}
