import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { setAllowedValues } from './rebuild-sqlite-table.js';

/**
 * Staff, the activity log and the stock history (SPEC-3 section 7, decision 045).
 * - `users.role` may be 'staff'.
 * - `activity`: one row per change an admin or staff member made, written in the transaction of
 *   the change. Append-only: a trigger refuses every UPDATE and DELETE (and, on PostgreSQL,
 *   TRUNCATE), whoever asks. The actor's name and address are copied, so an entry reads the
 *   same after the account changes or goes.
 * - `stock_movements`: one row per change of a part's stock, written by triggers on `products`
 *   in the statement that changes it, so no stock can change without its movement. The writer
 *   names the reason in `products.stock_reason` in the same statement ('placed:10023',
 *   'cancelled:10023', 'refund:10023', 'return:12', 'set:Ada Admin', 'import'); the trigger
 *   copies it into the movement and clears it. An UPDATE that changes the stock without a
 *   reason is refused; an INSERT without one is 'created'. Existing stock opens the history.
 */
const STAMP_PG = `to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const STAMP_SQLITE = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
const NO_REASON = 'A stock change needs its reason (products.stock_reason)';
const APPEND_ONLY = 'The activity log cannot be changed';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  if (postgres) await setAllowedValues(db, true, 'users', 'role', ['user', 'staff', 'admin']);
  else {
    // SQLite rebuilds the table; the tables that reference it must not see it go (SQLite's
    // documented way: foreign keys off around the rebuild, checked after). Migrations here run
    // outside a transaction, on the one connection.
    await sql`pragma foreign_keys = off`.execute(db);
    try {
      await setAllowedValues(db, false, 'users', 'role', ['user', 'staff', 'admin']);
      const { rows } = await sql`pragma foreign_key_check`.execute(db);
      if (rows.length > 0) throw new Error('users: a reference broke in the rebuild');
    } finally {
      await sql`pragma foreign_keys = on`.execute(db);
    }
  }

  const identity = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', postgres ? 'bigint' : 'integer', (col) => (postgres ? col.generatedAlwaysAsIdentity().primaryKey() : col.primaryKey()));

  await identity('activity')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('actor_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('actor_name', 'text', (col) => col.notNull())
    .addColumn('actor_email', 'text', (col) => col.notNull())
    .addColumn('actor_role', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('record_type', 'text', (col) => col.notNull())
    .addColumn('record_id', 'text', (col) => col.notNull())
    .addColumn('record_label', 'text', (col) => col.notNull())
    /** JSON: `[{ field, before, after }]`, the fields the change changed. */
    .addColumn('changes', 'text', (col) => col.notNull().defaultTo('[]'))
    /** What an entry of many records says of them ('12 added, 3 changed'). */
    .addColumn('summary', 'text')
    /** Lower-case label, record id, actor and summary: what the page's search looks in. */
    .addColumn('search_text', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('activity_actor').on('activity').columns(['actor_id', 'id']).execute();
  await db.schema.createIndex('activity_action').on('activity').columns(['action', 'id']).execute();
  await db.schema.createIndex('activity_created').on('activity').columns(['created_at', 'id']).execute();

  await identity('stock_movements')
    .addColumn('product_id', 'varchar(24)', (col) => col.notNull())
    .addColumn('change', 'integer', (col) => col.notNull())
    .addColumn('stock_after', 'integer', (col) => col.notNull())
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('stock_movements_product').on('stock_movements').columns(['product_id', 'id']).execute();

  await db.schema.alterTable('products').addColumn('stock_reason', 'text').execute();

  const stamp = postgres ? STAMP_PG : STAMP_SQLITE;
  await sql
    .raw(`insert into stock_movements (product_id, change, stock_after, reason, created_at) select id, quantity, quantity, 'opening', ${stamp} from products where quantity <> 0`)
    .execute(db);

  if (postgres) {
    await sql
      .raw(
        `create function activity_append_only() returns trigger language plpgsql as $$
        begin raise exception '${APPEND_ONLY}' using errcode = 'insufficient_privilege'; end $$`,
      )
      .execute(db);
    await sql.raw(`create trigger activity_no_change before update or delete on activity for each row execute function activity_append_only()`).execute(db);
    await sql.raw(`create trigger activity_no_truncate before truncate on activity for each statement execute function activity_append_only()`).execute(db);
    await sql
      .raw(
        `create function products_stock_movement() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            if new.quantity <> 0 then
              insert into stock_movements (product_id, change, stock_after, reason, created_at)
              values (new.id, new.quantity, new.quantity, coalesce(new.stock_reason, 'created'), ${stamp});
            end if;
          elsif new.quantity is distinct from old.quantity then
            if new.stock_reason is null then raise exception '${NO_REASON}'; end if;
            insert into stock_movements (product_id, change, stock_after, reason, created_at)
            values (new.id, new.quantity - old.quantity, new.quantity, new.stock_reason, ${stamp});
          end if;
          new.stock_reason := null;
          return new;
        end $$`,
      )
      .execute(db);
    await sql.raw(`create trigger products_stock_insert before insert on products for each row execute function products_stock_movement()`).execute(db);
    await sql
      .raw(
        `create trigger products_stock_update before update on products for each row
        when (new.quantity is distinct from old.quantity or new.stock_reason is not null) execute function products_stock_movement()`,
      )
      .execute(db);
    return;
  }

  await sql.raw(`create trigger activity_no_update before update on activity begin select raise(abort, '${APPEND_ONLY}'); end`).execute(db);
  await sql.raw(`create trigger activity_no_delete before delete on activity begin select raise(abort, '${APPEND_ONLY}'); end`).execute(db);
  await sql
    .raw(
      `create trigger products_stock_insert after insert on products
      when new.quantity <> 0 or new.stock_reason is not null
      begin
        insert into stock_movements (product_id, change, stock_after, reason, created_at)
        select new.id, new.quantity, new.quantity, coalesce(new.stock_reason, 'created'), ${stamp} where new.quantity <> 0;
        update products set stock_reason = null where id = new.id and stock_reason is not null;
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger products_stock_update after update of quantity, stock_reason on products
      when new.quantity <> old.quantity or new.stock_reason is not null
      begin
        select raise(abort, '${NO_REASON}') where new.quantity <> old.quantity and new.stock_reason is null;
        insert into stock_movements (product_id, change, stock_after, reason, created_at)
        select new.id, new.quantity - old.quantity, new.quantity, new.stock_reason, ${stamp} where new.quantity <> old.quantity;
        update products set stock_reason = null where id = new.id;
      end`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop trigger products_stock_update on products`.execute(db);
    await sql`drop trigger products_stock_insert on products`.execute(db);
    await sql`drop function products_stock_movement()`.execute(db);
    await sql`drop trigger activity_no_truncate on activity`.execute(db);
    await sql`drop trigger activity_no_change on activity`.execute(db);
    await sql`drop function activity_append_only()`.execute(db);
  } else {
    for (const trigger of ['products_stock_update', 'products_stock_insert', 'activity_no_update', 'activity_no_delete']) await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  await db.schema.alterTable('products').dropColumn('stock_reason').execute();
  await db.schema.dropTable('stock_movements').execute();
  await db.schema.dropTable('activity').execute();
}
