import type { Kysely } from 'kysely';
import type { Database, ReviewRow } from '../../db/schema.js';

export function createReviewsRepository(db: Kysely<Database>) {
  return {
    /** Oldest first: SPEC's client reverses the list to show the latest. */
    listAll(): Promise<ReviewRow[]> {
      return db.selectFrom('reviews').selectAll().orderBy('id').execute();
    },
    /** The latest `count` reviews, still oldest first. */
    async listLatest(count: number): Promise<ReviewRow[]> {
      const rows = await db.selectFrom('reviews').selectAll().orderBy('id', 'desc').limit(count).execute();
      return rows.reverse();
    },
  };
}
