import { type Kysely, sql } from 'kysely';

/**
 * A purchase keeps its delivery method's longest days as placed (`shipping_days_max`), beside
 * the method's name and arrival dates: an email or a page says 'Ready to collect' for a
 * collection (0 days) even after the method is changed or taken off. Purchases placed before
 * take their method's days as they are now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('purchases').addColumn('shipping_days_max', 'integer').execute();
  await sql`update purchases set shipping_days_max = (select days_max from shipping_methods where shipping_methods.id = purchases.shipping_method_id)
    where shipping_method_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('purchases').dropColumn('shipping_days_max').execute();
}
