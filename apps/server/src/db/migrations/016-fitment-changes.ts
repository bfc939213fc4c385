import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * The search index holds each part's fitment (the bikes it fits, in which years, and whether it
 * fits every bike), so the change log of migration 013 also records a part whose fitment rows
 * are added, changed or removed (a vehicle's deletion removes its rows, and so logs its parts),
 * whose universal mark changes, or that fits a vehicle whose years change.
 */
const SEARCHED_COLUMNS = ['name', 'description', 'brand', 'part_number', 'oem_numbers', 'category_id', 'price_cents', 'minimum', 'universal'];
const changed = (column: string) => `old.${column} is distinct from new.${column}`;
const whenSearchableChange = (columns: string[]) => `${columns.map(changed).join(' or ')} or ((old.quantity >= old.minimum) <> (new.quantity >= new.minimum))`;
const VEHICLE_YEARS_CHANGED = 'old.year_from <> new.year_from or old.year_to <> new.year_to';

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    const now = `to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    await sql`drop trigger catalogue_product_changed on products`.execute(db);
    await sql
      .raw(`create trigger catalogue_product_changed after update on products for each row when (${whenSearchableChange(SEARCHED_COLUMNS)}) execute function catalogue_product_changed()`)
      .execute(db);
    await sql
      .raw(
        `create function catalogue_fitment_changed() returns trigger language plpgsql as $$
      begin
        insert into catalogue_changes (product_id, changed_at) values (coalesce(new.product_id, old.product_id), ${now});
        return null;
      end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create function catalogue_vehicle_years_changed() returns trigger language plpgsql as $$
      begin
        insert into catalogue_changes (product_id, changed_at) select product_id, ${now} from fitment where vehicle_id = new.id;
        return null;
      end $$`,
      )
      .execute(db);
    await sql`create trigger catalogue_fitment_changed after insert or update or delete on fitment for each row execute function catalogue_fitment_changed()`.execute(db);
    await sql
      .raw(`create trigger catalogue_vehicle_years_changed after update on vehicles for each row when (${VEHICLE_YEARS_CHANGED}) execute function catalogue_vehicle_years_changed()`)
      .execute(db);
  } else {
    const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
    const log = (id: string) => `insert into catalogue_changes (product_id, changed_at) values (${id}, ${now});`;
    await sql`drop trigger catalogue_product_changed`.execute(db);
    await sql.raw(`create trigger catalogue_product_changed after update on products for each row when ${whenSearchableChange(SEARCHED_COLUMNS)} begin ${log('new.id')} end`).execute(db);
    await sql.raw(`create trigger catalogue_fitment_added after insert on fitment for each row begin ${log('new.product_id')} end`).execute(db);
    await sql.raw(`create trigger catalogue_fitment_changed after update on fitment for each row begin ${log('new.product_id')} end`).execute(db);
    await sql.raw(`create trigger catalogue_fitment_removed after delete on fitment for each row begin ${log('old.product_id')} end`).execute(db);
    await sql
      .raw(
        `create trigger catalogue_vehicle_years_changed after update on vehicles for each row when ${VEHICLE_YEARS_CHANGED} begin
        insert into catalogue_changes (product_id, changed_at) select product_id, ${now} from fitment where vehicle_id = new.id;
      end`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const previous = SEARCHED_COLUMNS.filter((column) => column !== 'universal');
  if (postgres) {
    await sql`drop trigger if exists catalogue_fitment_changed on fitment`.execute(db);
    await sql`drop trigger if exists catalogue_vehicle_years_changed on vehicles`.execute(db);
    await sql`drop function if exists catalogue_fitment_changed()`.execute(db);
    await sql`drop function if exists catalogue_vehicle_years_changed()`.execute(db);
    await sql`drop trigger catalogue_product_changed on products`.execute(db);
    await sql
      .raw(`create trigger catalogue_product_changed after update on products for each row when (${whenSearchableChange(previous)}) execute function catalogue_product_changed()`)
      .execute(db);
  } else {
    for (const trigger of ['catalogue_fitment_added', 'catalogue_fitment_changed', 'catalogue_fitment_removed', 'catalogue_vehicle_years_changed', 'catalogue_product_changed']) {
      await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
    }
    const now = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
    await sql
      .raw(
        `create trigger catalogue_product_changed after update on products for each row when ${whenSearchableChange(previous)} begin insert into catalogue_changes (product_id, changed_at) values (new.id, ${now}); end`,
      )
      .execute(db);
  }
}
