import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Discount codes (SPEC-3 section 2) and the purchases that used them. A discount's `value` is
 * basis points for a percent (1000 = 10 %) and cents for an amount, so both are whole numbers.
 * `used_count` is what the placement counts against `uses_total` with one conditional update.
 * A redemption's `redeemer_key` is the account for a once-per-customer code and the purchase
 * otherwise, so the one unique index (discount_id, redeemer_key) holds both rules: a customer
 * uses such a code once, and a purchase counts once. Cancelling an unpaid purchase deletes its
 * redemption and gives the use back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const boolean = db.getExecutor().adapter instanceof PostgresAdapter ? 'boolean' : 'integer';
  await db.schema
    .createTable('discounts')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('percent', 'amount')`))
    .addColumn('value', 'integer', (col) => col.notNull().check(sql`value > 0`))
    .addColumn('min_subtotal_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('starts_on', 'text')
    .addColumn('ends_on', 'text')
    .addColumn('uses_total', 'integer')
    .addColumn('used_count', 'integer', (col) => col.notNull().defaultTo(0).check(sql`used_count >= 0`))
    .addColumn('once_per_customer', boolean, (col) => col.notNull())
    // No reference: an empty category stays deletable, and a code of a deleted category then
    // applies to no line (never to every line, as a cleared category would).
    .addColumn('category_id', 'varchar(24)')
    .addColumn('applies_to_delivery', boolean, (col) => col.notNull())
    .addColumn('active', boolean, (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('discount_redemptions')
    .addColumn('discount_id', 'varchar(24)', (col) => col.notNull().references('discounts.id').onDelete('restrict'))
    .addColumn('redeemer_key', 'text', (col) => col.notNull())
    .addColumn('purchase_id', 'varchar(24)', (col) => col.notNull().references('purchases.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('discount_redemptions_pk', ['discount_id', 'redeemer_key'])
    .execute();
  await db.schema.createIndex('discount_redemptions_purchase_id').on('discount_redemptions').column('purchase_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('discount_redemptions').execute();
  await db.schema.dropTable('discounts').execute();
}
