import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.js';
import { type CheckoutSource, placementSql } from './placement.js';

/** A Kysely that compiles as the dialect does and connects to nothing. */
function compilerOf(dialect: 'sqlite' | 'postgres') {
  const postgres = dialect === 'postgres';
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => (postgres ? new PostgresIntrospector(db) : new SqliteIntrospector(db)),
      createQueryCompiler: () => (postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
    },
  });
}

/** The cart's side of a checkout as cart.repository.ts writes it (the checkout tests run the real one). */
const cart: CheckoutSource = {
  lines: (userId) => sql`select product_id, quantity, name, position from cart_lines where user_id = ${userId}`,
  clear: (userId, when) => sql`delete from cart_lines where user_id = ${userId} and ${when}`,
};

/** Every statement of both placements, named, as the database receives it. */
function statementsOf(dialect: 'sqlite' | 'postgres'): string {
  const db = compilerOf(dialect);
  const sections = [
    ['place-order', placementSql(db, dialect)],
    ['place-checkout', placementSql(db, dialect, cart)],
  ] as const;
  const text = sections.flatMap(([placement, statements]) => Object.entries(statements).map(([name, statement]) => `-- ${placement}: ${name}\n${statement.trim()};\n`));
  return `-- Written by placement.test.ts: the placement statements as ${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} receives them.\n\n${text.join('\n')}`;
}

describe('the placement statements', () => {
  it.each(['postgres', 'sqlite'] as const)('are checked in as %s receives them', async (dialect) => {
    await expect(statementsOf(dialect)).toMatchFileSnapshot(`./placement.${dialect}.sql`);
  });
});
