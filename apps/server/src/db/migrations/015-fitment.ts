import type { Kysely } from 'kysely';

/**
 * Shop by bike (SPEC-2 section 3): the vehicles the shop knows (make, model, years, engine size,
 * an optional variant), which parts fit which vehicles (optionally for narrower years, with a
 * note such as 'front'), parts that fit every bike (`universal`), and each account's garage
 * with one active bike. Makes and models are compared without case or extra spaces (`*_key`).
 * A vehicle's fitment rows and garage places go with it; a part's fitment rows go with the part.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vehicles')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('make', 'text', (col) => col.notNull())
    .addColumn('make_key', 'text', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('model_key', 'text', (col) => col.notNull())
    .addColumn('variant', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('year_from', 'integer', (col) => col.notNull())
    .addColumn('year_to', 'integer', (col) => col.notNull())
    .addColumn('cc', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('vehicles_identity').on('vehicles').columns(['make_key', 'model_key', 'variant', 'year_from']).unique().execute();

  await db.schema
    .createTable('fitment')
    .addColumn('product_id', 'varchar(24)', (col) => col.notNull().references('products.id').onDelete('cascade'))
    .addColumn('vehicle_id', 'varchar(24)', (col) => col.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('year_from', 'integer')
    .addColumn('year_to', 'integer')
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('fitment_pk', ['product_id', 'vehicle_id'])
    .execute();
  await db.schema.createIndex('fitment_by_vehicle').on('fitment').columns(['vehicle_id', 'product_id']).execute();

  await db.schema.alterTable('products').addColumn('universal', 'integer', (col) => col.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('garage_bikes')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('vehicle_id', 'varchar(24)', (col) => col.notNull().references('vehicles.id').onDelete('cascade'))
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('garage_bikes_one_each').on('garage_bikes').columns(['user_id', 'vehicle_id', 'year']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('garage_bikes').execute();
  await db.schema.alterTable('products').dropColumn('universal').execute();
  await db.schema.dropTable('fitment').execute();
  await db.schema.dropTable('vehicles').execute();
}
