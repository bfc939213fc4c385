import type { Kysely } from 'kysely';

/**
 * Every upload, so each account's uploads are budgeted (bytes and uploads a day, images kept
 * that no record uses) and stored images no record uses are removed after a grace period.
 * Only paths listed here are ever removed: the demo seed's images and images stored before
 * this table existed are not listed. The indexes on the records' image columns let the sweep
 * and the quota ask "does any record use this image?" without reading whole tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('image_uploads')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    // No foreign key: the uploads of a removed account are still swept.
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('path', 'text')
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_used_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('image_uploads_user_idx').on('image_uploads').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('image_uploads_path_idx').on('image_uploads').column('path').execute();
  await db.schema.createIndex('image_uploads_last_used_idx').on('image_uploads').column('last_used_at').execute();
  await db.schema.createIndex('products_img_idx').on('products').column('img').execute();
  await db.schema.createIndex('reviews_img_idx').on('reviews').column('img').execute();
  await db.schema.createIndex('users_image_idx').on('users').column('image').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_image_idx').ifExists().execute();
  await db.schema.dropIndex('reviews_img_idx').ifExists().execute();
  await db.schema.dropIndex('products_img_idx').ifExists().execute();
  await db.schema.dropTable('image_uploads').ifExists().execute();
}
