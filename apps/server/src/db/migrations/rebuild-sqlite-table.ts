import { type Kysely, sql } from 'kysely';

/**
 * SQLite cannot change a column's constraints in place: the table is made again from its own
 * definition as `change` rewrites it, with its rows and indexes, in one transaction. Nothing
 * references the tables rebuilt this way. A `change` that changes nothing leaves the table.
 */
export async function rebuildSqliteTable(db: Kysely<unknown>, table: string, change: (definition: string) => string): Promise<void> {
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const definition = rows[0]!.sql;
  const rebuilt = change(definition);
  if (rebuilt === definition) return;
  const { rows: indexes } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
  const renamed = `${table}_rebuilt`;
  await db.transaction().execute(async (trx) => {
    await sql.raw(rebuilt.replace(new RegExp(`^create table "?${table}"?`, 'i'), `create table "${renamed}"`)).execute(trx);
    await sql`insert into ${sql.table(renamed)} select * from ${sql.table(table)}`.execute(trx);
    await sql`drop table ${sql.table(table)}`.execute(trx);
    await sql`alter table ${sql.table(renamed)} rename to ${sql.table(table)}`.execute(trx);
    for (const index of indexes) await sql.raw(index.sql).execute(trx);
  });
}

/**
 * Widens or narrows a column's `check (column in (...))` to these values: PostgreSQL replaces
 * the constraint, SQLite rebuilds the table.
 */
export async function setAllowedValues(db: Kysely<unknown>, postgres: boolean, table: string, column: string, values: readonly string[]): Promise<void> {
  const list = values.map((value) => `'${value}'`).join(', ');
  if (postgres) {
    const { rows } = await sql<{ name: string }>`
      select conname as name from pg_constraint
      where conrelid = ${table}::regclass and contype = 'c' and pg_get_constraintdef(oid) like ${`%${column}%`}`.execute(db);
    for (const { name } of rows) await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(name)}`.execute(db);
    await sql.raw(`alter table "${table}" add constraint "${table}_${column}_check" check (${column} in (${list}))`).execute(db);
    return;
  }
  const check = new RegExp(`check \\(${column} in \\([^)]*\\)\\)`, 'i');
  await rebuildSqliteTable(db, table, (definition) => {
    if (!check.test(definition)) throw new Error(`${table}.${column} has no check of its values`);
    return definition.replace(check, `check (${column} in (${list}))`);
  });
}
