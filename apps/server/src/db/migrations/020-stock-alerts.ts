import type { Kysely } from 'kysely';

/**
 * Back in stock (SPEC-2 section 6): a signed-in customer asks to be told when an out-of-stock
 * part can be ordered again; one row per customer and part until its email is sent.
 * `claimed_until` marks a row an instance is emailing, so two instances never send it twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stock_alerts')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'varchar(24)', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('claimed_until', 'text')
    .addPrimaryKeyConstraint('stock_alerts_pk', ['user_id', 'product_id'])
    .execute();
  await db.schema.createIndex('stock_alerts_product').on('stock_alerts').column('product_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stock_alerts').execute();
}
