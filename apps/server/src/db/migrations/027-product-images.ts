import type { Kysely } from 'kysely';

/**
 * A part's further photos (up to 7 beside SPEC's `img`, which stays its first): one row each,
 * in the order the admin put them. They go with their part. The index on `img` lets the sweep of
 * unused uploads ask "does any part show this image?" without reading the whole table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('product_images')
    .addColumn('product_id', 'varchar(24)', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('img', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('product_images_pk', ['product_id', 'position'])
    .execute();
  await db.schema.createIndex('product_images_img_idx').on('product_images').column('img').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('product_images_img_idx').ifExists().execute();
  await db.schema.dropTable('product_images').ifExists().execute();
}
