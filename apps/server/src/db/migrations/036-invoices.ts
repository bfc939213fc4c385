import type { Kysely } from 'kysely';

/**
 * Invoices and credit notes (SPEC-3 section 3), and the counters that number them.
 *
 * - `document_counters`: per kind ('invoice', 'credit-note') and year, the last number given. A
 *   document takes the next one by updating its row in the transaction that issues it (decision
 *   039): a transaction that rolls back gives its number back with it, so the numbers have no
 *   gaps, which a PostgreSQL sequence does not promise; concurrent issues wait on the row.
 * - `invoices`: one per paid purchase (unique), written in the transaction that marks it paid.
 * - `credit_notes`: one per refund at the provider (unique), naming the invoice it corrects.
 * Each keeps `document`, the JSON snapshot of everything it prints: an issued document never
 * changes. Neither is ever updated or deleted by the shop.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_counters')
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('last_number', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('document_counters_pk', ['kind', 'year'])
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('number', 'text', (col) => col.notNull().unique())
    .addColumn('purchase_id', 'varchar(24)', (col) => col.notNull().unique().references('purchases.id').onDelete('restrict'))
    .addColumn('issued_at', 'text', (col) => col.notNull())
    .addColumn('document', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('credit_notes')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('number', 'text', (col) => col.notNull().unique())
    .addColumn('refund_id', 'text', (col) => col.notNull().unique())
    .addColumn('invoice_id', 'varchar(24)', (col) => col.notNull().references('invoices.id').onDelete('restrict'))
    .addColumn('amount_cents', 'bigint', (col) => col.notNull())
    .addColumn('issued_at', 'text', (col) => col.notNull())
    .addColumn('document', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('credit_notes_invoice_id').on('credit_notes').column('invoice_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('credit_notes').execute();
  await db.schema.dropTable('invoices').execute();
  await db.schema.dropTable('document_counters').execute();
}
