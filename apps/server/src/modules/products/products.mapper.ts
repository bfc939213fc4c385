import { centsToDollars, type createProductSchema, DEFAULT_CATEGORY, partNumberKey, type Product, type updateProductSchema } from '@shop/shared';
import type { z } from 'zod';
import type { NewProductRow, ProductRow } from '../../db/schema.js';
import { ratingAverage } from '../../lib/rating.js';
import { parseStringList } from '../../lib/string-list.js';

export type NewProduct = z.output<typeof createProductSchema>;
export type ProductEdit = z.output<typeof updateProductSchema>;
/** A product row with the name of its category. */
export type ProductWithCategory = ProductRow & { category_name: string | null };

/** Database row -> SPEC's wire shape (`_id`, `decreption`, price in dollars) and SPEC-2's catalogue fields. */
export const toProduct = (row: ProductWithCategory): Product => ({
  _id: row.id,
  name: row.name,
  decreption: row.description,
  price: centsToDollars(row.price_cents),
  quantity: row.quantity,
  minimum: row.minimum,
  img: row.img,
  category: row.category_name ?? DEFAULT_CATEGORY,
  brand: row.brand,
  partNumber: row.part_number,
  oemNumbers: parseStringList(row.oem_numbers),
  ...(row.review_count > 0 ? { rating: { average: ratingAverage(row.rating_total, row.review_count), count: row.review_count } } : {}),
});

type CatalogueDetails = Pick<NewProduct, 'brand' | 'partNumber' | 'oemNumbers'>;
type DetailColumns = Partial<Pick<NewProductRow, 'brand' | 'part_number' | 'part_number_key' | 'oem_numbers'>>;

/** The brand and numbers a writer sent -> their columns; a field not sent is not written. */
const toDetailColumns = ({ brand, partNumber, oemNumbers }: CatalogueDetails): DetailColumns => ({
  ...(brand !== undefined ? { brand } : {}),
  ...(partNumber !== undefined ? { part_number: partNumber, part_number_key: partNumberKey(partNumber) } : {}),
  ...(oemNumbers !== undefined ? { oem_numbers: JSON.stringify(oemNumbers) } : {}),
});

/** A new product (its price already in cents, its category resolved) -> the row's columns. */
export const toNewProductRow = (
  { name, decreption, price, quantity, minimum, img, ...details }: NewProduct,
  categoryId: string,
): Omit<NewProductRow, 'id' | 'created_at' | 'updated_at'> => ({
  name,
  description: decreption,
  price_cents: price,
  quantity,
  minimum,
  img,
  category_id: categoryId,
  ...toDetailColumns(details),
});

export type ProductChanges = Partial<Pick<ProductRow, 'description' | 'price_cents' | 'minimum' | 'img' | 'category_id'>> & DetailColumns;

/** A product edit -> the columns it changes besides the stock (the photo and the catalogue fields only when sent). */
export const toProductChanges = ({ decreption, price, minimum, img, ...details }: ProductEdit, categoryId: string | undefined): ProductChanges => ({
  description: decreption,
  price_cents: price,
  minimum,
  ...(img ? { img } : {}),
  ...(categoryId ? { category_id: categoryId } : {}),
  ...toDetailColumns(details),
});
