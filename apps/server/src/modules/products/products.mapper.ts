import { centsToDollars, type createProductSchema, type Product, type updateProductSchema } from '@shop/shared';
import type { z } from 'zod';
import type { NewProductRow, ProductRow } from '../../db/schema.js';

export type NewProduct = z.output<typeof createProductSchema>;
export type ProductEdit = z.output<typeof updateProductSchema>;

/** Database row -> SPEC's wire shape (`_id`, `decreption`, price in dollars). */
export const toProduct = (row: ProductRow): Product => ({
  _id: row.id,
  name: row.name,
  decreption: row.description,
  price: centsToDollars(row.price_cents),
  quantity: row.quantity,
  minimum: row.minimum,
  img: row.img,
});

/** SPEC's new product (its price already in cents) -> the row's columns. */
export const toNewProductRow = ({ name, decreption, price, quantity, minimum, img }: NewProduct): Omit<NewProductRow, 'id' | 'created_at' | 'updated_at'> => ({
  name,
  description: decreption,
  price_cents: price,
  quantity,
  minimum,
  img,
});

/** SPEC's product edit -> the columns it changes besides the stock (the photo only when a new one is sent). */
export const toProductChanges = ({ decreption, price, minimum, img }: ProductEdit): Partial<Pick<ProductRow, 'description' | 'price_cents' | 'minimum' | 'img'>> => ({
  description: decreption,
  price_cents: price,
  minimum,
  ...(img ? { img } : {}),
});
