import { centsToDollars, type Product } from '@shop/shared';
import type { ProductRow } from '../../db/schema.js';

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
