import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants.js';
import { idSchema } from './common.js';

/** A product as the API answers it (SPEC section 3 field names). */
export const productSchema = z.object({
  _id: idSchema,
  name: z.string(),
  decreption: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  minimum: z.number().int(),
  img: z.string(),
});
export type Product = z.infer<typeof productSchema>;

const integerString = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number);

export const productPageQuerySchema = z.object({
  page: integerString('page must be a whole number from 0').optional(),
  size: integerString('size must be a whole number from 1 to ' + MAX_PAGE_SIZE)
    .refine((n) => n >= 1 && n <= MAX_PAGE_SIZE, 'size must be a whole number from 1 to ' + MAX_PAGE_SIZE)
    .optional(),
});
export type ProductPageQuery = z.infer<typeof productPageQuerySchema>;

export const productCountSchema = z.object({ count: z.number().int() });
export type ProductCount = z.infer<typeof productCountSchema>;

export const isOutOfStock = (product: Pick<Product, 'quantity' | 'minimum'>): boolean =>
  product.quantity < product.minimum;
