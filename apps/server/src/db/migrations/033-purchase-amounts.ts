import { type Kysely, PostgresAdapter, sql } from 'kysely';

/** Every new column of a purchase: where it goes, how, and what it costs beside its lines (SPEC-3 sections 1 and 2). */
const PURCHASE_COLUMNS: Array<[string, 'text' | 'bigint' | 'integer' | 'boolean', 'zero' | 'null']> = [
  ['subtotal_cents', 'bigint', 'zero'],
  ['discount_cents', 'bigint', 'zero'],
  ['shipping_cents', 'bigint', 'zero'],
  ['tax_cents', 'bigint', 'zero'],
  ['country', 'text', 'null'],
  ['region', 'text', 'null'],
  ['postcode', 'text', 'null'],
  ['shipping_method_id', 'text', 'null'],
  ['shipping_method_name', 'text', 'null'],
  ['arrives_from', 'text', 'null'],
  ['arrives_to', 'text', 'null'],
  ['discount_id', 'text', 'null'],
  ['discount_code', 'text', 'null'],
  ['tax_name', 'text', 'null'],
  /** Thousandths of a percent (decision 033). */
  ['tax_rate', 'integer', 'null'],
  ['prices_include_tax', 'boolean', 'zero'],
];

/**
 * A purchase's amounts (decision 033): its subtotal, delivery, discount and tax beside its total,
 * the delivery method and arrival it was placed with, the discount code and the tax rate; each
 * line keeps its own share of the discount and its own tax. A purchase placed before has its
 * total as its subtotal and nothing else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [name, type, empty] of PURCHASE_COLUMNS) {
    const columnType = type === 'boolean' && !postgres ? 'integer' : type;
    const zero = type === 'boolean' ? (postgres ? sql`false` : sql`0`) : sql`0`;
    await db.schema
      .alterTable('purchases')
      .addColumn(name, columnType, (col) => (empty === 'zero' ? col.notNull().defaultTo(zero) : col))
      .execute();
  }
  await sql`update purchases set subtotal_cents = total_cents`.execute(db);
  for (const name of ['discount_cents', 'tax_cents']) {
    await db.schema.alterTable('orders').addColumn(name, 'bigint', (col) => col.notNull().defaultTo(0)).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['discount_cents', 'tax_cents']) await db.schema.alterTable('orders').dropColumn(name).execute();
  for (const [name] of [...PURCHASE_COLUMNS].reverse()) await db.schema.alterTable('purchases').dropColumn(name).execute();
}
