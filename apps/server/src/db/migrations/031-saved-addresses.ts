import { sql, type Kysely } from 'kysely';

/**
 * My Addresses (SPEC-3 section 1): each customer's saved delivery addresses, at most 10, one of
 * them the default. An empty line 2 or city is ''; the region is null for a country without
 * regions. The addresses go with their account (foreign key cascade). The partial unique index
 * holds the one default on both databases, whatever a writer does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('addresses')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('full_name', 'text', (col) => col.notNull())
    .addColumn('line1', 'text', (col) => col.notNull())
    .addColumn('line2', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('city', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('region', 'text')
    .addColumn('postcode', 'text', (col) => col.notNull())
    .addColumn('country', 'varchar(2)', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('addresses_user').on('addresses').column('user_id').execute();
  await db.schema.createIndex('addresses_one_default').on('addresses').column('user_id').unique().where(sql.ref('is_default'), '=', 1).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('addresses').execute();
}
