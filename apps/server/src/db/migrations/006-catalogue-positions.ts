import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Every product's place in the catalogue (0, 1, 2 ... in order of arrival), kept dense by the
 * database itself: a page is an index range (`position >= page * size`) and the count is the
 * highest position plus one, so neither grows with the catalogue the way OFFSET and count(*)
 * do. Triggers keep it right for every writer (the API, seeds, imports): a new product goes
 * last, a removed one closes its gap.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('products').addColumn('position', 'integer').execute();
  await sql`
    update products set position = ranked.place - 1
    from (select id, row_number() over (order by id) as place from products) as ranked
    where products.id = ranked.id`.execute(db);
  await db.schema.createIndex('products_position').on('products').column('position').execute();

  if (postgres) {
    // Catalogue writers queue on one advisory lock, so two new products never take one place.
    await sql`
      create function products_take_position() returns trigger language plpgsql as $$
      begin
        perform pg_advisory_xact_lock(hashtext('products.position'));
        new.position := (select coalesce(max(position), -1) + 1 from products);
        return new;
      end $$`.execute(db);
    await sql`
      create function products_close_position() returns trigger language plpgsql as $$
      begin
        perform pg_advisory_xact_lock(hashtext('products.position'));
        update products set position = position - 1 where position > old.position;
        return old;
      end $$`.execute(db);
    await sql`create trigger products_take_position before insert on products for each row execute function products_take_position()`.execute(db);
    await sql`create trigger products_close_position after delete on products for each row execute function products_close_position()`.execute(db);
  } else {
    // SQLite has one writer at a time.
    await sql`
      create trigger products_take_position after insert on products for each row begin
        update products set position = (select coalesce(max(position), -1) + 1 from products) where id = new.id;
      end`.execute(db);
    await sql`
      create trigger products_close_position after delete on products for each row begin
        update products set position = position - 1 where position > old.position;
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists products_take_position on products`.execute(db);
    await sql`drop trigger if exists products_close_position on products`.execute(db);
    await sql`drop function if exists products_take_position()`.execute(db);
    await sql`drop function if exists products_close_position()`.execute(db);
  } else {
    await sql`drop trigger if exists products_take_position`.execute(db);
    await sql`drop trigger if exists products_close_position`.execute(db);
  }
  await db.schema.dropIndex('products_position').ifExists().execute();
  await db.schema.alterTable('products').dropColumn('position').execute();
}
