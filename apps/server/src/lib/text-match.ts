import { type Expression, type SqlBool, sql } from 'kysely';

/** `text` as a LIKE pattern matching it anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * The admin tables' search: rows where any of `columns` holds every word of `q`, whatever the
 * case; the same on SQLite and PostgreSQL.
 */
export function holdsEveryWord(columns: readonly string[], q: string): Expression<SqlBool> {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return sql<SqlBool>`1 = 1`;
  const word = (text: string) => sql.join(columns.map((column) => sql`lower(${sql.ref(column)}) like ${containing(text)} escape '\\'`), sql` or `);
  return sql<SqlBool>`(${sql.join(words.map((text) => sql`(${word(text)})`), sql` and `)})`;
}
