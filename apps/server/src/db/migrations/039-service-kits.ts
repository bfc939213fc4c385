import { type Kysely, sql } from 'kysely';

/**
 * Service kits (SPEC-3 section 5): what a vehicle's service takes, and how often.
 *
 * - `service_kits`: one per vehicle, its interval in km and in months; it goes with the vehicle.
 * - `service_kit_lines`: the kit's parts in order, each with a quantity and a note. `name` is
 *   the part's name as it was when the kit was set: a part's deletion sets `product_id` to null
 *   and keeps the line, so the kit shows which part is gone rather than losing it silently.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('service_kits')
    .addColumn('vehicle_id', 'varchar(24)', (col) => col.primaryKey().references('vehicles.id').onDelete('cascade'))
    .addColumn('interval_km', 'integer', (col) => col.notNull().check(sql`interval_km > 0`))
    .addColumn('interval_months', 'integer', (col) => col.notNull().check(sql`interval_months > 0`))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('service_kit_lines')
    .addColumn('vehicle_id', 'varchar(24)', (col) => col.notNull().references('service_kits.vehicle_id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('product_id', 'varchar(24)', (col) => col.references('products.id').onDelete('set null'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('note', 'text', (col) => col.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('service_kit_lines_pk', ['vehicle_id', 'position'])
    .execute();
  // A part's deletion finds its lines by this index.
  await db.schema.createIndex('service_kit_lines_product_id').on('service_kit_lines').column('product_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('service_kit_lines').execute();
  await db.schema.dropTable('service_kits').execute();
}
