import type { Kysely } from 'kysely';

/**
 * Unpaid stock per client address and part: several accounts from one address hold together
 * no more of one part than the address limit (decision 020). Each order keeps the address it
 * was placed from, so paying or cancelling it gives back what that address held; orders placed
 * before have none and count for no address. The order emails of an account whose address is
 * not confirmed wait in the outbox, and are found by order when it is confirmed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('client_address', 'text').execute();
  await db.schema
    .createTable('unpaid_address_holds')
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('product_id', 'varchar(24)', (col) => col.notNull())
    .addColumn('units', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('unpaid_address_holds_pk', ['address', 'product_id'])
    .execute();
  await db.schema.createIndex('order_mail_outbox_order').on('order_mail_outbox').column('order_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('order_mail_outbox_order').ifExists().execute();
  await db.schema.dropTable('unpaid_address_holds').ifExists().execute();
  await db.schema.alterTable('orders').dropColumn('client_address').execute();
}
