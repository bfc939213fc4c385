import { z } from 'zod';
import { TEXT_LIMITS } from '../constants.js';
import { boundedText, idSchema, pageNumberParam, pageSizeParam } from './common.js';
import { hostedImageSchema } from './image.js';

/** A review as the public API answers it; email only for admins. */
export const reviewSchema = z.object({
  _id: idSchema,
  img: z.string(),
  name: z.string(),
  email: z.string().optional(),
  review: z.string(),
  ratings: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListQuerySchema = z.object({
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
});
export type CreateReviewInput = z.input<typeof createReviewSchema>;
