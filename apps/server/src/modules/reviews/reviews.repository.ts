import type { Kysely } from 'kysely';
import type { Database, NewReviewRow, ReviewRow } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { holdsEveryWord } from '../../lib/text-match.js';
import { type Actor, changesBetween, recordActivity } from '../activity/activity.plugin.js';

export function createReviewsRepository(db: Kysely<Database>) {
  /** Every review, or with `q` those whose author, email or text holds every word of it (the admin's search). */
  const matching = (q: string | undefined) => db.selectFrom('reviews').$if(Boolean(q), (query) => query.where(holdsEveryWord(['reviews.name', 'reviews.email', 'reviews.review'], q!)));
  return {
    findById(id: string): Promise<ReviewRow | undefined> {
      return db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async insert(review: Omit<NewReviewRow, 'id' | 'created_at'>): Promise<string> {
      const id = newId();
      await db.insertInto('reviews').values({ ...review, id, created_at: new Date().toISOString() }).execute();
      return id;
    },
    /** Adds a review of an order's part unless that order already has one; answers its id, or undefined. */
    async insertForOrder(review: Omit<NewReviewRow, 'id' | 'created_at'> & { order_id: string }): Promise<string | undefined> {
      const inserted = await db
        .insertInto('reviews')
        .values({ ...review, id: newId(), created_at: new Date().toISOString() })
        .onConflict((conflict) => conflict.column('order_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted?.id;
    },
    /** Which of these orders already have their review. */
    async reviewedOrders(orderIds: string[]): Promise<string[]> {
      if (orderIds.length === 0) return [];
      const rows = await db.selectFrom('reviews').select('order_id').where('order_id', 'in', orderIds).execute();
      return rows.flatMap((row) => (row.order_id ? [row.order_id] : []));
    },
    /** One page of a part's reviews, newest first. */
    listForProduct(productId: string, offset: number, limit: number): Promise<ReviewRow[]> {
      return db.selectFrom('reviews').selectAll().where('product_id', '=', productId).orderBy('id', 'desc').limit(limit).offset(offset).execute();
    },
    /** Deletes a review, with the entry of `actor` (an admin removing it) in the same transaction; answers how many rows went. */
    async remove(review: Pick<ReviewRow, 'id' | 'name' | 'review' | 'ratings'>, actor?: Actor) {
      return db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('reviews').where('id', '=', review.id).executeTakeFirst();
        const removed = Number(result.numDeletedRows);
        if (removed > 0) {
          await recordActivity(trx, actor, {
            action: 'review.deleted',
            record: { type: 'review', id: review.id, label: `Review by ${review.name}` },
            changes: changesBetween({ review: review.review, ratings: review.ratings }, { review: null, ratings: null }),
          });
        }
        return removed;
      });
    },
    /** Oldest first: SPEC's client reverses the list to show the latest. */
    listAll(): Promise<ReviewRow[]> {
      return db.selectFrom('reviews').selectAll().orderBy('id').execute();
    },
    /** One page, newest first (the admin list), with the name of the part reviewed while it is in the shop. */
    listPage(offset: number, limit: number, q?: string): Promise<(ReviewRow & { product_name: string | null })[]> {
      return matching(q)
        .leftJoin('products', 'products.id', 'reviews.product_id')
        .selectAll('reviews')
        .select('products.name as product_name')
        .orderBy('reviews.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },
    async count(q?: string): Promise<number> {
      const row = await matching(q).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      return Number(row.count);
    },
    /** The latest `count` reviews, still oldest first. */
    async listLatest(count: number): Promise<ReviewRow[]> {
      const rows = await db.selectFrom('reviews').selectAll().orderBy('id', 'desc').limit(count).execute();
      return rows.reverse();
    },
  };
}
export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;
