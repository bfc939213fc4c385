import type { Kysely } from 'kysely';

/**
 * Signed-in customers' carts (SPEC-2 section 5): a line per part with its quantity, and the
 * part's name and price as the customer last saw them, so that a part deleted or repriced since
 * is named in the cart before checkout. A line outlives its part (no reference to products);
 * it goes with its account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cart_lines')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'varchar(24)', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('price_cents', 'integer', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('cart_lines_pk', ['user_id', 'product_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cart_lines').execute();
}
