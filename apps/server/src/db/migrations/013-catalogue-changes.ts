import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * A log of the products whose searchable data changed, kept by the database itself for every
 * writer (the API, orders taking stock, seeds, imports): each instance's search index reads it
 * to follow every other instance's writes (decision 012). A row is written when a product is
 * added or removed, when anything the index holds changes (text, category, brand, numbers,
 * price, minimum), when the stock crosses the minimum, and for every part of a renamed category.
 * Ordinary stock movements and the catalogue's position shifts write nothing.
 */
const SEARCHED_COLUMNS = ['name', 'description', 'brand', 'part_number', 'oem_numbers', 'category_id', 'price_cents', 'minimum'];
const changed = (column: string) => `old.${column} is distinct from new.${column}`;
const WHEN_SEARCHABLE_CHANGE = `${SEARCHED_COLUMNS.map(changed).join(' or ')} or ((old.quantity >= old.minimum) <> (new.quantity >= new.minimum))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('catalogue_changes')
    .addColumn('seq', postgres ? 'bigserial' : 'integer', (column) => (postgres ? column.primaryKey() : column.primaryKey().autoIncrement()))
    .addColumn('product_id', 'text', (column) => column.notNull())
    .addColumn('changed_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('catalogue_changes_changed_at').on('catalogue_changes').column('changed_at').execute();

  if (postgres) {
    const now = `to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    await sql
      .raw(
        `create function catalogue_product_changed() returns trigger language plpgsql as $$
      begin
        insert into catalogue_changes (product_id, changed_at) values (coalesce(new.id, old.id), ${now});
        return null;
      end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function catalogue_category_renamed() returns trigger language plpgsql as $$
      begin
        insert into catalogue_changes (product_id, changed_at) select id, ${now} from products where category_id = new.id;
        return null;
      end $$`,
      )
      .execute(db);
    await sql`create trigger catalogue_product_added after insert on products for each row execute function catalogue_product_changed()`.execute(db);
    await sql`create trigger catalogue_product_removed after delete on products for each row execute function catalogue_product_changed()`.execute(db);
    await sql
      .raw(`create trigger catalogue_product_changed after update on products for each row when (${WHEN_SEARCHABLE_CHANGE}) execute function catalogue_product_changed()`)
      .execute(db);
    await sql`create trigger catalogue_category_renamed after update on categories for each row when (old.name is distinct from new.name) execute function catalogue_category_renamed()`.execute(
      db,
    );
  } else {
    const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
    const log = (id: string) => `insert into catalogue_changes (product_id, changed_at) values (${id}, ${now});`;
    await sql.raw(`create trigger catalogue_product_added after insert on products for each row begin ${log('new.id')} end`).execute(db);
    await sql.raw(`create trigger catalogue_product_removed after delete on products for each row begin ${log('old.id')} end`).execute(db);
    await sql.raw(`create trigger catalogue_product_changed after update on products for each row when ${WHEN_SEARCHABLE_CHANGE} begin ${log('new.id')} end`).execute(db);
    await sql
      .raw(
        `create trigger catalogue_category_renamed after update on categories for each row when old.name is not new.name begin
        insert into catalogue_changes (product_id, changed_at) select id, ${now} from products where category_id = new.id;
      end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const trigger of ['catalogue_product_added', 'catalogue_product_removed', 'catalogue_product_changed']) {
    await sql.raw(postgres ? `drop trigger if exists ${trigger} on products` : `drop trigger if exists ${trigger}`).execute(db);
  }
  await sql.raw(postgres ? 'drop trigger if exists catalogue_category_renamed on categories' : 'drop trigger if exists catalogue_category_renamed').execute(db);
  if (postgres) {
    await sql`drop function if exists catalogue_product_changed()`.execute(db);
    await sql`drop function if exists catalogue_category_renamed()`.execute(db);
  }
  await db.schema.dropTable('catalogue_changes').execute();
}
