import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * A garage bike's odometer (SPEC-3 section 5): 'Odometer (km)' readings and 'Service done'
 * entries, each a day (YYYY-MM-DD, the shop's time zone) and the km. They go with their bike,
 * whichever way it leaves (its rider removes it, the account is deleted, the admin deletes the
 * vehicle). `garage_bikes.reminders`: the rider's 'Email me when a service is due', off until
 * asked for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [table, day] of [
    ['garage_readings', 'read_on'],
    ['garage_services', 'done_on'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
      .addColumn('bike_id', 'varchar(24)', (col) => col.notNull().references('garage_bikes.id').onDelete('cascade'))
      .addColumn(day, 'text', (col) => col.notNull())
      .addColumn('km', 'integer', (col) => col.notNull().check(sql`km >= 0`))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex(`${table}_bike_id`).on(table).columns(['bike_id', day]).execute();
  }
  await db.schema
    .alterTable('garage_bikes')
    .addColumn('reminders', postgres ? 'boolean' : 'integer', (col) => col.notNull().defaultTo(sql.lit(false)))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('garage_bikes').dropColumn('reminders').execute();
  await db.schema.dropTable('garage_services').execute();
  await db.schema.dropTable('garage_readings').execute();
}
