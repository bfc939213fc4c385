import { z } from 'zod';
import { idSchema } from './common.js';

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

const pageNumber = z.string().regex(/^\d{1,9}$/, 'page must be a whole number from 0').transform(Number);
const pageSize = z
  .string()
  .regex(/^\d{1,3}$/, 'size must be a whole number from 1 to 100')
  .transform(Number)
  .refine((n) => n >= 1 && n <= 100, 'size must be a whole number from 1 to 100');

export const reviewListQuerySchema = z.object({
  page: pageNumber.optional(),
  size: pageSize.optional(),
  latest: z
    .string()
    .regex(/^\d{1,3}$/, 'latest must be a whole number from 1 to 100')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100, 'latest must be a whole number from 1 to 100')
    .optional(),
});
