import { type Kysely, sql } from 'kysely';

/**
 * Service reminders (SPEC-3 section 5, issue 36 item 5).
 * - `service_reminders`: one row per due service of one bike, its next service's km and day as
 *   the daily round saw them; the unique key makes a second round, or a second instance, add
 *   nothing. The row is at most one email: `sent_at` once sent, `dropped_at` when the bike no
 *   longer wanted it at sending (reminders off, no kit, address not confirmed) or the send kept
 *   failing. `claimed_until` marks a row an instance is emailing. `stop_used_at`: its one-click
 *   'Stop these emails' link was used. Rows go with their bike.
 * - `service_reminder_rounds`: one row per shop day whose round started; `finished_at` once every
 *   bike was looked at, so later ticks of that day do nothing.
 * - A partial index of the bikes with reminders on: the round reads only those.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('service_reminders')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('bike_id', 'varchar(24)', (col) => col.notNull().references('garage_bikes.id').onDelete('cascade'))
    .addColumn('due_km', 'integer', (col) => col.notNull())
    .addColumn('due_on', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('sent_at', 'text')
    .addColumn('dropped_at', 'text')
    .addColumn('stop_used_at', 'text')
    .addUniqueConstraint('service_reminders_due', ['bike_id', 'due_km', 'due_on'])
    .execute();
  // The sender's claim reads only the rows still to send.
  await db.schema
    .createIndex('service_reminders_unsent')
    .on('service_reminders')
    .column('created_at')
    .where(sql.ref('sent_at'), 'is', null)
    .where(sql.ref('dropped_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('service_reminder_rounds')
    .addColumn('day', 'text', (col) => col.primaryKey())
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('queued', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema.createIndex('garage_bikes_reminders_on').on('garage_bikes').column('id').where(sql.ref('reminders'), '=', sql.lit(true)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('garage_bikes_reminders_on').execute();
  await db.schema.dropTable('service_reminder_rounds').execute();
  await db.schema.dropTable('service_reminders').execute();
}
