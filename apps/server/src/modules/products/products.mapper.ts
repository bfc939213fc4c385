import {
  centsToDollars,
  type createProductSchema,
  DEFAULT_CATEGORY,
  partNumberKey,
  type Product,
  type QuantityPriceCents,
  quantityPricesText,
  type updateProductSchema,
} from '@shop/shared';
import type { z } from 'zod';
import type { NewProductRow, ProductRow } from '../../db/schema.js';
import { ratingAverage } from '../../lib/rating.js';
import { parseStringList } from '../../lib/string-list.js';

export type NewProduct = z.output<typeof createProductSchema>;
export type ProductEdit = z.output<typeof updateProductSchema>;
/** A product row with the name of its category. */
export type ProductWithCategory = ProductRow & { category_name: string | null };

/**
 * A part's quantity prices as its column holds them: JSON `[[from, priceCents], …]` by ascending
 * `from`, `[]` when none. The only writer of the column, so the same prices are always the same
 * text (the placement compares the text with what the quote priced).
 */
export const quantityPricesColumn = (tiers: readonly QuantityPriceCents[]): string =>
  JSON.stringify([...tiers].sort((a, b) => a.from - b.from).map((tier) => [tier.from, tier.priceCents]));

const isWhole = (value: unknown): value is number => Number.isSafeInteger(value);

/** The column's quantity prices (`quantityPricesColumn`'s text) back as tiers. */
export function quantityPricesOf(column: string): QuantityPriceCents[] {
  if (column === '[]') return [];
  const pairs: unknown = JSON.parse(column);
  if (!Array.isArray(pairs) || !pairs.every((pair) => Array.isArray(pair) && pair.length === 2 && isWhole(pair[0]) && isWhole(pair[1]))) {
    throw new Error(`products.quantity_prices holds ${column.slice(0, 80)}, not [[from, priceCents], …]`);
  }
  return (pairs as Array<[number, number]>).map(([from, priceCents]) => ({ from, priceCents }));
}

/** Quantity prices as a writer sends them once parsed (`price` in cents) -> tiers. */
const tiersOf = (rows: ReadonlyArray<{ from: number; price: number }>): QuantityPriceCents[] => rows.map(({ from, price }) => ({ from, priceCents: price }));

/** Database row -> SPEC's wire shape (`_id`, `decreption`, price in dollars) and SPEC-2's catalogue fields. */
export const toProduct = (row: ProductWithCategory): Product => ({
  _id: row.id,
  name: row.name,
  decreption: row.description,
  price: centsToDollars(row.price_cents),
  ...quantityPricesAnswer(row.quantity_prices),
  quantity: row.quantity,
  minimum: row.minimum,
  img: row.img,
  category: row.category_name ?? DEFAULT_CATEGORY,
  brand: row.brand,
  partNumber: row.part_number,
  oemNumbers: parseStringList(row.oem_numbers),
  ...(row.review_count > 0 ? { rating: { average: ratingAverage(row.rating_total, row.review_count), count: row.review_count } } : {}),
});

/** A part's quantity prices as answers carry them (dollars), left out when it has none. */
function quantityPricesAnswer(column: string): Pick<Product, 'quantityPrices'> {
  const tiers = quantityPricesOf(column);
  return tiers.length === 0 ? {} : { quantityPrices: tiers.map((tier) => ({ from: tier.from, price: centsToDollars(tier.priceCents) })) };
}

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
  { name, decreption, price, quantity, minimum, img, quantityPrices, ...details }: NewProduct,
  categoryId: string,
): Omit<NewProductRow, 'id' | 'created_at' | 'updated_at'> => ({
  name,
  description: decreption,
  price_cents: price,
  quantity,
  minimum,
  img,
  category_id: categoryId,
  quantity_prices: quantityPricesColumn(tiersOf(quantityPrices ?? [])),
  ...toDetailColumns(details),
});

export type ProductChanges = Partial<Pick<ProductRow, 'description' | 'price_cents' | 'minimum' | 'img' | 'category_id' | 'quantity_prices'>> & DetailColumns;

/** A product edit -> the columns it changes besides the stock (the photo, the catalogue fields and the quantity prices only when sent). */
export const toProductChanges = ({ decreption, price, minimum, img, quantityPrices, ...details }: ProductEdit, categoryId: string | undefined): ProductChanges => ({
  description: decreption,
  price_cents: price,
  minimum,
  ...(img ? { img } : {}),
  ...(categoryId ? { category_id: categoryId } : {}),
  ...(quantityPrices !== undefined ? { quantity_prices: quantityPricesColumn(tiersOf(quantityPrices)) } : {}),
  ...toDetailColumns(details),
});

type ActivityColumns = Pick<ProductRow, 'name' | 'description' | 'price_cents' | 'quantity' | 'minimum' | 'img' | 'brand' | 'part_number' | 'oem_numbers' | 'quantity_prices'> & {
  category_name: string | null;
};

/**
 * A part as its activity entries compare it: the API's names, the price in dollars, the stock as
 * `quantity`, the quantity prices and OEM numbers as the catalogue file writes them.
 */
export const toProductActivity = (row: ActivityColumns) => ({
  name: row.name,
  decreption: row.description,
  price: centsToDollars(row.price_cents),
  quantity: row.quantity,
  minimum: row.minimum,
  category: row.category_name ?? undefined,
  brand: row.brand,
  partNumber: row.part_number,
  oemNumbers: parseStringList(row.oem_numbers).join(', '),
  quantityPrices: quantityPricesText(quantityPricesOf(row.quantity_prices)),
  img: row.img,
});
