import { type Kysely, sql } from 'kysely';
import { newId } from '../../lib/ids.js';

/**
 * What a parts shop knows of each part besides SPEC's fields: its category (from a list the
 * admin keeps), its brand, the maker's part number and the original-equipment numbers it
 * replaces (a JSON array as text). `part_number_key` is the part number with case and
 * separators taken out ('hf-204' and 'HF 204' are 'HF204'), the form lookups use. Every
 * product starts in 'Other', the category that always exists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('categories')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    // The name as compared: two categories never differ only in case or spacing.
    .addColumn('name_key', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  const now = new Date().toISOString();
  const other = newId();
  await sql`insert into categories (id, name, name_key, created_at) values (${other}, 'Other', 'other', ${now})`.execute(db);

  await db.schema.alterTable('products').addColumn('category_id', 'varchar(24)', (col) => col.references('categories.id')).execute();
  await db.schema.alterTable('products').addColumn('brand', 'text', (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('products').addColumn('part_number', 'text', (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('products').addColumn('part_number_key', 'text', (col) => col.notNull().defaultTo('')).execute();
  await db.schema.alterTable('products').addColumn('oem_numbers', 'text', (col) => col.notNull().defaultTo('[]')).execute();
  await sql`update products set category_id = ${other}`.execute(db);
  await db.schema.createIndex('products_category').on('products').column('category_id').execute();
  await db.schema.createIndex('products_part_number_key').on('products').column('part_number_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_part_number_key').execute();
  await db.schema.dropIndex('products_category').execute();
  for (const column of ['oem_numbers', 'part_number_key', 'part_number', 'brand', 'category_id']) {
    await db.schema.alterTable('products').dropColumn(column).execute();
  }
  await db.schema.dropTable('categories').execute();
}
