import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { setAllowedValues } from './rebuild-sqlite-table.js';

/** The order emails of a return's steps; its refund is told by the line's 'refunded' email. */
const RETURN_MAIL_KINDS = ['return-approved', 'return-rejected', 'return-received'];

/**
 * The values `order_mail_outbox.kind` allows now, read from its check: the kinds earlier
 * migrations allowed, whichever they were, stay allowed.
 */
async function mailKinds(db: Kysely<unknown>, postgres: boolean): Promise<string[]> {
  const { rows } = postgres
    ? await sql<{ definition: string }>`select pg_get_constraintdef(oid) as definition from pg_constraint
        where conrelid = 'order_mail_outbox'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%kind%'`.execute(db)
    : await sql<{ definition: string }>`select sql as definition from sqlite_master where type = 'table' and name = 'order_mail_outbox'`.execute(db);
  const check = postgres ? rows[0]?.definition : /check \(kind in \(([^)]*)\)\)/i.exec(rows[0]?.definition ?? '')?.[1];
  if (!check) throw new Error('order_mail_outbox.kind has no check of its values');
  return [...check.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
}

/**
 * Returns (SPEC-3 section 4): pieces of a shipped line a customer sends back, and the admin's
 * steps on them (requested -> approved | rejected; approved -> received; received -> refunded).
 *
 * - `returns`: one row per request, naming its line (`order_id`), the line's purchase and
 *   account as they were, and the part. A line's rows that are not rejected never hold more
 *   pieces than the line: the request is written in the account's turn (takeAccountTurn), so
 *   two requests at once are counted one after the other. `claimed_until` is set while its
 *   refund is being asked of the provider, so two admins at once make one refund; the refund's
 *   id, amount and whether its pieces went back in stock are written with the refund.
 *   `user_id` has no reference: an account's deletion keeps its paid orders and their returns.
 * - `order_mail_outbox.return_id`: the return an order email of a return's step is about.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const boolean = postgres ? 'boolean' : 'integer';
  await db.schema
    .createTable('returns')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('order_id', 'varchar(24)', (col) => col.notNull().references('orders.id').onDelete('restrict'))
    .addColumn('purchase_id', 'varchar(24)', (col) => col.notNull().references('purchases.id').onDelete('restrict'))
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('product_id', 'varchar(24)', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull().check(sql`quantity > 0`))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('comment', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('requested', 'approved', 'rejected', 'received', 'refunded')`))
    .addColumn('reject_reason', 'text')
    .addColumn('refund_id', 'text')
    .addColumn('refund_cents', 'bigint')
    .addColumn('restocked', boolean, (col) => col.notNull().defaultTo(sql.lit(false)))
    .addColumn('claimed_until', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('approved_at', 'text')
    .addColumn('rejected_at', 'text')
    .addColumn('received_at', 'text')
    .addColumn('refunded_at', 'text')
    .execute();
  await db.schema.createIndex('returns_status_created_at').on('returns').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('returns_order_id').on('returns').column('order_id').execute();
  await db.schema.createIndex('returns_user_id').on('returns').column('user_id').execute();

  await db.schema.alterTable('order_mail_outbox').addColumn('return_id', 'varchar(24)').execute();
  const kinds = await mailKinds(db, postgres);
  await setAllowedValues(db, postgres, 'order_mail_outbox', 'kind', [...kinds, ...RETURN_MAIL_KINDS.filter((kind) => !kinds.includes(kind))]);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await sql`delete from order_mail_outbox where kind in (${sql.join(RETURN_MAIL_KINDS)})`.execute(db);
  await setAllowedValues(db, postgres, 'order_mail_outbox', 'kind', (await mailKinds(db, postgres)).filter((kind) => !RETURN_MAIL_KINDS.includes(kind)));
  await db.schema.alterTable('order_mail_outbox').dropColumn('return_id').execute();
  await db.schema.dropTable('returns').execute();
}
