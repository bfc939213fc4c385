import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * PostgreSQL: each change-log row keeps the transaction that wrote it. Change numbers come from a
 * sequence, so a long transaction (an import) can commit its low numbers after later ones were
 * read; a search index reads the log by transaction visibility instead (the changes visible now
 * that were not in the snapshot of its last read), which misses nothing however long a writer
 * ran. SQLite commits its writers one at a time, in number order, and needs no column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table catalogue_changes add column txid xid8 not null default pg_current_xact_id()`.execute(db);
  await sql`create index catalogue_changes_txid on catalogue_changes (txid)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index if exists catalogue_changes_txid`.execute(db);
  await sql`alter table catalogue_changes drop column txid`.execute(db);
}
