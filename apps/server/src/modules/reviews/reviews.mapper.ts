import type { createReviewSchema, Review } from '@shop/shared';
import type { z } from 'zod';
import type { NewReviewRow, ReviewRow } from '../../db/schema.js';

export type NewReview = z.output<typeof createReviewSchema>;

/** Database row -> SPEC's wire shape; the reviewer's email only in answers for an admin. */
export const toReview = (row: ReviewRow & { product_name?: string | null }, withEmail: boolean): Review => ({
  _id: row.id,
  img: row.img,
  name: row.name,
  ...(withEmail ? { email: row.email } : {}),
  review: row.review,
  ratings: String(row.ratings),
  createdAt: row.created_at,
  ...(row.product_id ? { productId: row.product_id, verified: row.order_id !== null } : {}),
  ...(row.product_name ? { productName: row.product_name } : {}),
});

/** A review's text, rating and photo with its author as the token proves them (whatever the body says of them). */
export const toNewReviewRow = (
  review: NewReview,
  author: { id: string; name: string; email: string },
  bought?: { productId: string; orderId: string },
): Omit<NewReviewRow, 'id' | 'created_at'> => ({
  product_id: bought?.productId ?? null,
  order_id: bought?.orderId ?? null,
  user_id: author.id,
  name: author.name,
  email: author.email,
  review: review.review,
  ratings: review.ratings,
  img: review.img,
});
