import { centsToDollars, checkQuantityPrices, createProductFields, isOutOfStock, PART_PHOTOS_MAX, productMessages, updateProductFields } from '@shop/shared';
import { z } from 'zod';
import { optionalImageFile, requiredImageFile } from '@/utils/image-file-schema';
import { adminProductsCopy } from './copy';

const { fields, warnings } = adminProductsCopy;

/** '12,50' written as the shop reads prices: with a dot (a suggestion only where the comma stands for cents). */
const withDot = (price: string) => (/^\d+,\d{1,2}$/.test(price.trim()) ? price.trim().replace(',', '.') : '12.99');

/** What a price with a comma should be told: use a dot. Undefined for any other price. */
export const priceCommaAdvice = (price: unknown): string | undefined =>
  typeof price === 'string' && price.includes(',') ? warnings.priceComma(withDot(price)) : undefined;

/** The stock and minimum as typed, when both are whole numbers that show the part as out of stock. */
export function belowMinimumAdvice(quantity: unknown, minimum: unknown): string | undefined {
  const [stock, least] = [quantity, minimum].map((value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value));
  if (typeof stock !== 'number' || typeof least !== 'number' || !Number.isInteger(stock) || !Number.isInteger(least) || least < 1) return undefined;
  return isOutOfStock({ quantity: stock, minimum: least }) ? warnings.belowMinimum(stock, least) : undefined;
}

/** The shared price rule, except that a comma is named as the slip it is instead of the general rule. */
const priceWithoutComma = <Price extends z.ZodType<unknown, string | number>>(price: Price) =>
  z
    .union([z.string(), z.number()])
    .refine((value) => priceCommaAdvice(value) === undefined, { error: (issue) => priceCommaAdvice(issue.input), abort: true })
    .pipe(price);

/**
 * The shared rules and SPEC's messages for every field; the photo is a chosen file here and
 * becomes the uploaded path (`img`) only when the form is sent. The shop files a part without a
 * category under 'Other' (SPEC-2); the form asks for one.
 */
/** The photos after the image, as their uploads answered them; sent as `images` after `img`. */
const morePhotosSchema = z.array(z.string()).max(PART_PHOTOS_MAX - 1, productMessages.tooManyPhotos);

/** A quantity price as its row's boxes hold it. */
export interface QuantityPriceRowInput {
  from: string;
  price: string;
}
/** The 'Quantity prices' rows by the shared rule (prices in cents once checked), typed as the form holds them. */
const quantityPriceRowsSchema = createProductFields.shape.quantityPrices.unwrap() as unknown as z.ZodType<Array<{ from: number; price: number }>, QuantityPriceRowInput[]>;

export const addProductFormSchema = createProductFields
  .omit({ img: true, images: true })
  .extend({
    category: z.string(fields.categoryRequired).trim().min(1, fields.categoryRequired),
    price: priceWithoutComma(createProductFields.shape.price),
    image: requiredImageFile(productMessages.imageRequired),
    morePhotos: morePhotosSchema,
    quantityPrices: quantityPriceRowsSchema,
  })
  .superRefine(checkQuantityPrices);
export type AddProductFormInput = z.input<typeof addProductFormSchema>;
/** Checked values; `price` is in cents, as the shared schema answers it. */
export type AddProductFormValues = z.output<typeof addProductFormSchema>;

export const updateProductFormSchema = updateProductFields
  .omit({ img: true, images: true })
  .extend({
    price: priceWithoutComma(updateProductFields.shape.price),
    image: optionalImageFile(),
    morePhotos: morePhotosSchema,
    quantityPrices: quantityPriceRowsSchema,
  })
  .superRefine(checkQuantityPrices);
export type UpdateProductFormInput = z.input<typeof updateProductFormSchema>;
export type UpdateProductFormValues = z.output<typeof updateProductFormSchema>;

/** Checked rows (cents) as the API takes them: dollars. */
export const quantityPricesInDollars = (rows: ReadonlyArray<{ from: number; price: number }>) => rows.map(({ from, price }) => ({ from, price: centsToDollars(price) }));

/** The Fitment section's and the quantity prices' rows: the shop names their messages by row, under the same names as the form. */
export const ROW_LISTS = ['fitment.vehicles', 'quantityPrices'] as const;

/** The API's field names (a 422's fieldErrors) and the form fields that show their messages. */
const CATALOGUE_DETAIL_FIELDS = {
  category: 'category',
  brand: 'brand',
  partNumber: 'partNumber',
  oemNumbers: 'oemNumbers',
  fitment: 'fitment.vehicles',
  quantityPrices: 'quantityPrices',
} as const;

export const ADD_PRODUCT_FIELDS = {
  ...CATALOGUE_DETAIL_FIELDS,
  name: 'name',
  decreption: 'decreption',
  price: 'price',
  quantity: 'quantity',
  minimum: 'minimum',
  img: 'image',
  images: 'morePhotos',
} as const;

export const UPDATE_PRODUCT_FIELDS = {
  ...CATALOGUE_DETAIL_FIELDS,
  decreption: 'decreption',
  price: 'price',
  quantity: 'quantity',
  minimum: 'minimum',
  img: 'image',
  images: 'morePhotos',
} as const;
