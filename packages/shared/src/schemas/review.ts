import { z } from 'zod';
import { TEXT_LIMITS } from '../constants.js';
import { adminSearchParam, boundedText, idSchema, pageNumberParam, pageSizeParam } from './common.js';
import { hostedImageSchema } from './image.js';

/** A review as the public API answers it; email only for admins. */
export const reviewSchema = z.object({
  _id: idSchema,
  img: z.string(),
  name: z.string(),
  email: z.string().optional(),
  review: z.string(),
  ratings: z.string(),
  /** SPEC-2: the part reviewed, and `verified` when the review came from a paid order of it. */
  productId: z.string().optional(),
  /** The reviewed part's name in the admin's pages of reviews, while the part is in the shop. */
  productName: z.string().optional(),
  verified: z.boolean().optional(),
  createdAt: z.string().optional(),
});
export type Review = z.infer<typeof reviewSchema>;

/** GET /products/{id}/reviews: one page of the part's reviews, newest first, with their average (one decimal; 0 when none). */
export const productReviewsQuerySchema = z.object({ page: pageNumberParam.optional(), size: pageSizeParam.optional() });
export const productReviewsSchema = z.object({ total: z.number().int(), average: z.number(), reviews: z.array(reviewSchema) });
export type ProductReviews = z.infer<typeof productReviewsSchema>;

export const reviewListQuerySchema = z.object({
  /** Admin only: reviews whose author, email or text holds this. */
  q: adminSearchParam.optional(),
  page: pageNumberParam.optional(),
  size: pageSizeParam.optional(),
  latest: z
    .string()
    .regex(/^\d{1,3}$/, 'latest must be a whole number from 1 to 100')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100, 'latest must be a whole number from 1 to 100')
    .optional(),
});

/** SPEC section 5 review messages. */
export const reviewMessages = {
  reviewRequired: 'Review is Required. Please Try Again.',
  ratingsRequired: 'Ratings is Required. Please Try Agian.',
  ratingsInvalid: 'Ratings must be a whole number from 1 to 5',
  imageRequired: 'Image is Required.Please Try Again.',
  notBought: 'You can review a part once you have paid for an order of it.',
  alreadyReviewed: 'You have already reviewed this part for each order of it.',
} as const;

const ratingsSchema = z
  .union([z.string().trim(), z.number()], { error: reviewMessages.ratingsRequired })
  .refine((value) => value !== '', { error: reviewMessages.ratingsRequired, abort: true })
  .transform((value) => (typeof value === 'number' ? value : /^[1-5]$/.test(value) ? Number(value) : Number.NaN))
  .refine((value) => Number.isInteger(value) && value >= 1 && value <= 5, reviewMessages.ratingsInvalid);

/** POST /review: the author's name and email come from the token, whatever the body says. */
export const createReviewSchema = z.object({
  review: boundedText(TEXT_LIMITS.review, reviewMessages.reviewRequired),
  ratings: ratingsSchema,
  img: hostedImageSchema(reviewMessages.imageRequired),
  name: z.string().max(500).optional(),
  email: z.string().max(500).optional(),
  /** SPEC-2: a review of this part, from one of the reviewer's paid orders of it. */
  productId: idSchema.optional(),
});
export type CreateReviewInput = z.input<typeof createReviewSchema>;
