import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Workshop prices (SPEC-3 section 6, decision 044). `users.workshop` and its
 * `trade_discount` in hundredths of a percent (12.5 % is 1250; at most 50 %), kept 0 when the
 * account is not a workshop. `products.quantity_prices`: the part's quantity prices as JSON text,
 * `[[from, priceCents], …]` ascending, `[]` when none, always written by one function so that the
 * placement can compare it as text with what the quote priced.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('users')
    .addColumn('workshop', postgres ? 'boolean' : 'integer', (col) => col.notNull().defaultTo(sql.lit(false)))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('trade_discount', 'integer', (col) => col.notNull().defaultTo(0).check(sql`trade_discount between 0 and 5000`))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('quantity_prices', 'text', (col) => col.notNull().defaultTo('[]'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('quantity_prices').execute();
  await db.schema.alterTable('users').dropColumn('trade_discount').execute();
  await db.schema.alterTable('users').dropColumn('workshop').execute();
}
