import type { Kysely } from 'kysely';
import { newId } from '../../lib/ids.js';

/**
 * Delivery methods (SPEC-3 section 1): price and the subtotal from which it is free, in cents; the
 * working days from dispatch to arrival; the countries served ('*' for all, else ISO codes
 * separated by spaces). A method is deactivated, never deleted, so a past purchase keeps naming
 * it. Every shop starts with the demo's three, so it can deliver from the start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shipping_methods')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('price_cents', 'integer', (col) => col.notNull())
    .addColumn('free_from_cents', 'integer')
    .addColumn('days_min', 'integer', (col) => col.notNull())
    .addColumn('days_max', 'integer', (col) => col.notNull())
    .addColumn('countries', 'text', (col) => col.notNull())
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  const now = new Date().toISOString();
  const demo = [
    { name: 'Standard', price_cents: 490, free_from_cents: 7500, days_min: 2, days_max: 4, countries: '*' },
    { name: 'Express', price_cents: 1290, free_from_cents: null, days_min: 1, days_max: 1, countries: 'US' },
    { name: 'Collect from the shop', price_cents: 0, free_from_cents: null, days_min: 0, days_max: 0, countries: 'US' },
  ];
  await (db as Kysely<{ shipping_methods: Record<string, unknown> }>)
    .insertInto('shipping_methods')
    .values(demo.map((method, position) => ({ id: newId(), ...method, active: 1, position, created_at: now, updated_at: now })))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('shipping_methods').execute();
}
