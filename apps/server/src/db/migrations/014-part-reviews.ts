import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Reviews of a part (SPEC-2 section 2): a review may name the part it is about and the paid
 * order it came from (one review per order), and each part keeps its review count and rating
 * total, kept by the database for every writer, so a card's stars cost no extra query.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('reviews').addColumn('product_id', 'text').execute();
  await db.schema.alterTable('reviews').addColumn('order_id', 'text').execute();
  await db.schema.createIndex('reviews_one_per_order').on('reviews').column('order_id').unique().execute();
  await db.schema.createIndex('reviews_of_product').on('reviews').columns(['product_id', 'id']).execute();
  await db.schema.alterTable('products').addColumn('review_count', 'integer', (column) => column.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('products').addColumn('rating_total', 'integer', (column) => column.notNull().defaultTo(0)).execute();

  const add = 'update products set review_count = review_count + 1, rating_total = rating_total + new.ratings where id = new.product_id';
  const take = 'update products set review_count = review_count - 1, rating_total = rating_total - old.ratings where id = old.product_id';
  if (postgres) {
    await sql
      .raw(
        `create function reviews_count_for_part() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${add}; else ${take}; end if;
        return null;
      end $$`,
      )
      .execute(db);
    await sql`create trigger reviews_added_to_part after insert on reviews for each row when (new.product_id is not null) execute function reviews_count_for_part()`.execute(db);
    await sql`create trigger reviews_removed_from_part after delete on reviews for each row when (old.product_id is not null) execute function reviews_count_for_part()`.execute(db);
  } else {
    await sql.raw(`create trigger reviews_added_to_part after insert on reviews for each row when new.product_id is not null begin ${add}; end`).execute(db);
    await sql.raw(`create trigger reviews_removed_from_part after delete on reviews for each row when old.product_id is not null begin ${take}; end`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const trigger of ['reviews_added_to_part', 'reviews_removed_from_part']) {
    await sql.raw(postgres ? `drop trigger if exists ${trigger} on reviews` : `drop trigger if exists ${trigger}`).execute(db);
  }
  if (postgres) await sql`drop function if exists reviews_count_for_part()`.execute(db);
  await db.schema.alterTable('products').dropColumn('rating_total').execute();
  await db.schema.alterTable('products').dropColumn('review_count').execute();
  await db.schema.dropIndex('reviews_of_product').execute();
  await db.schema.dropIndex('reviews_one_per_order').execute();
  await db.schema.alterTable('reviews').dropColumn('order_id').execute();
  await db.schema.alterTable('reviews').dropColumn('product_id').execute();
}
