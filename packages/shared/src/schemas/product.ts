import { z } from 'zod';
import { MAX_PAGE_SIZE, TEXT_LIMITS } from '../constants.js';
import { boundedText, idSchema, integerString, singleLineText } from './common.js';
import { CATEGORY_NAME_MAX, categoryMessages } from './category.js';
import { hostedImageSchema } from './image.js';
import { FIT_VERDICTS } from '../fit.js';
import { bikeFilterRefinement, bikeFilterShape, bikeMatchCountsShape, fitmentInputSchema } from './vehicle.js';
import { QUANTITY_PRICE_FROM_MIN, QUANTITY_PRICES_MAX } from '../trade-pricing.js';

/** A quantity price as the API answers it: every piece at `price` (dollars) from `from` pieces on a line. */
export const quantityPriceSchema = z.object({ from: z.number().int(), price: z.number() });

/** A product as the API answers it: SPEC section 3 field names, and SPEC-2's category, brand and numbers. */
export const productSchema = z.object({
  _id: idSchema,
  name: z.string(),
  decreption: z.string(),
  /**
   * One piece's price in dollars: the list price, or in a workshop's own answers (never cached
   * for anyone else) the list price less its trade discount (decision 044).
   */
  price: z.number(),
  /** In a workshop's own answers only: the list price its `price` is taken from. */
  listPrice: z.number().optional(),
  /** Its quantity prices, ascending `from`, for everyone (SPEC-3 section 6); absent when it has none. */
  quantityPrices: z.array(quantityPriceSchema).optional(),
  quantity: z.number().int(),
  minimum: z.number().int(),
  img: z.string(),
  /** One part's answer: its photos in order, `img` first (at most PART_PHOTOS_MAX). */
  images: z.array(z.string()).optional(),
  category: z.string(),
  brand: z.string(),
  partNumber: z.string(),
  oemNumbers: z.array(z.string()),
  /** Its reviews' average (one decimal) and count, when it has any. */
  rating: z.object({ average: z.number(), count: z.number().int() }).optional(),
  /** How it stands with the bike asked about (`vehicle` and `year` on the list, the count or search). */
  fit: z.enum(FIT_VERDICTS).optional(),
});
export type Product = z.infer<typeof productSchema>;

/** Manage Products' orders of the catalogue: by name, price or stock, either way ('-' first: highest first). */
export const PRODUCT_SORTS = ['name', '-name', 'price', '-price', 'stock', '-stock'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
/**
 * Manage Products' filters: `low`, the parts that cannot be ordered (stock below their minimum,
 * `isOutOfStock`); `waiting`, the parts that orders waiting for payment hold.
 */
export const PRODUCT_FILTERS = ['low', 'waiting'] as const;
export type ProductFilter = (typeof PRODUCT_FILTERS)[number];

/** The admin's sort and filter of the catalogue (GET /products and /productCount); either makes the call the admin's. */
const adminCatalogueShape = {
  sort: z.enum(PRODUCT_SORTS, { error: `sort must be one of ${PRODUCT_SORTS.join(', ')}` }).optional(),
  filter: z.enum(PRODUCT_FILTERS, { error: `filter must be one of ${PRODUCT_FILTERS.join(', ')}` }).optional(),
};

export const productPageQuerySchema = z.object({
  page: integerString('page must be a whole number from 0').optional(),
  size: integerString('size must be a whole number from 1 to ' + MAX_PAGE_SIZE)
    .refine((n) => n >= 1 && n <= MAX_PAGE_SIZE, 'size must be a whole number from 1 to ' + MAX_PAGE_SIZE)
    .optional(),
  ...bikeFilterShape,
  ...adminCatalogueShape,
})
  .refine(...bikeFilterRefinement)
  .refine((query) => query.vehicle === undefined || (query.sort === undefined && query.filter === undefined), {
    path: ['vehicle'],
    message: 'sort and filter list the whole catalogue: leave out vehicle and year',
  });

/** GET /productCount: the whole catalogue, or the parts that fit a bike, or (admin) those a filter keeps. */
export const productCountQuerySchema = z
  .object({ ...bikeFilterShape, filter: adminCatalogueShape.filter })
  .refine(...bikeFilterRefinement)
  .refine((query) => query.vehicle === undefined || query.filter === undefined, {
    path: ['vehicle'],
    message: 'filter counts the whole catalogue: leave out vehicle and year',
  });

/** SPEC's `{ count }`; with a bike and the default `show`, also `unconfirmed` (and `withoutBike` when none fit and none lack data). */
export const productCountSchema = z.object({ count: z.number().int(), ...bikeMatchCountsShape });
export type ProductCount = z.infer<typeof productCountSchema>;

export const PART_NUMBER_MAX = 40;
export const BRAND_MAX = 60;
export const OEM_NUMBERS_MAX = 20;
/** The photos one part may show, its `img` the first of them. */
export const PART_PHOTOS_MAX = 8;

/** SPEC section 5 messages for the product forms, each wired to its own field. */
export const productMessages = {
  nameRequired: 'Name is Required',
  descriptionRequired: 'decreption is Required',
  updateDescriptionRequired: 'Descreption is Required',
  priceRequired: 'price is Required',
  updatePriceRequired: 'Price is Required',
  priceInvalid: 'Enter a price above 0 with at most 2 decimals, such as 12.99',
  quantityRequired: 'Quantity is Required',
  quantityInvalid: 'Enter a whole number from 0',
  stockChanged: (now: number) => `The stock is now ${now}: it changed since this form was opened. Check it and save again.`,
  minimumInvalid: 'Enter a whole number from 1',
  tooLarge: 'That number is too large',
  imageRequired: 'Image is Required',
  partNumberInvalid: 'Use letters, digits, spaces, dots, dashes and slashes',
  tooManyOemNumbers: `At most ${OEM_NUMBERS_MAX} OEM numbers`,
  tooManyPhotos: `A part can show at most ${PART_PHOTOS_MAX} photos`,
  duplicatePhoto: 'Each photo can be added once',
  firstPhotoIsImage: 'The first photo must be the image (img)',
  quantityFromInvalid: `Enter a whole number from ${QUANTITY_PRICE_FROM_MIN}`,
  quantityPricesOrder: 'List quantity prices from the smallest quantity up, each cheaper than the one before',
  quantityFromTwice: 'Each quantity can have one price',
  quantityPriceNotBelowList: 'A quantity price must be below the list price',
  tooManyQuantityPrices: `A part can have at most ${QUANTITY_PRICES_MAX} quantity prices`,
  quantityPricesText: 'Write quantity prices as from:price pairs separated by semicolons, such as 10:7.50;50:6.90',
} as const;

const MAX_PRICE_CENTS = 100_000_000;
const MAX_STOCK = 10_000_000;
const MAX_MINIMUM = 100_000;

/** A price typed as text or sent as a number: dollars, above 0, at most 2 decimals; answers cents. */
const priceSchema = (requiredMessage: string) =>
  z
    .union([z.string().trim(), z.number()], { error: requiredMessage })
    .transform((value) => (typeof value === 'number' ? String(value) : value))
    .refine((value) => value !== '', { error: requiredMessage, abort: true })
    .refine((value) => /^\d{1,7}(\.\d{1,2})?$/.test(value), { error: productMessages.priceInvalid, abort: true })
    .transform((value) => Math.round(Number(value) * 100))
    .refine((cents) => cents > 0 && cents <= MAX_PRICE_CENTS, productMessages.priceInvalid);

const wholeNumber = (requiredMessage: string, invalidMessage: string, min: number, max: number) =>
  z
    .union([z.string().trim(), z.number()], { error: requiredMessage })
    .refine((value) => value !== '', { error: requiredMessage, abort: true })
    .transform((value) => (typeof value === 'number' ? value : /^\d{1,12}$/.test(value) ? Number(value) : Number.NaN))
    .refine((value) => Number.isInteger(value) && value >= min, { error: invalidMessage, abort: true })
    .refine((value) => value <= max, productMessages.tooLarge);

const stockSchema = wholeNumber(productMessages.quantityRequired, productMessages.quantityInvalid, 0, MAX_STOCK);
const minimumSchema = wholeNumber(productMessages.quantityRequired, productMessages.minimumInvalid, 1, MAX_MINIMUM);

/** The catalogue CSV's `quantityPrices` cell, `10:7.50;50:6.90`, as rows; a malformed pair refuses the cell. */
function quantityPricesCell(text: string, context: z.RefinementCtx): Array<{ from: string; price: string }> {
  const pairs = text.split(';').map((pair) => pair.trim()).filter(Boolean);
  const rows = pairs.map((pair) => /^(\d{1,12})\s*:\s*(\S+)$/.exec(pair));
  if (rows.some((row) => row === null)) {
    context.addIssue({ code: 'custom', message: productMessages.quantityPricesText });
    return z.NEVER;
  }
  return rows.map((row) => ({ from: row![1]!, price: row![2]! }));
}

/**
 * Quantity prices as written: rows of 'From quantity' and 'Unit price' (cents once parsed), or the
 * CSV's text. From the smallest quantity up, each quantity once, each price lower than the one
 * before; each price below the list price is the product's own check (`checkQuantityPrices`).
 */
export const quantityPricesInputSchema = z
  .unknown()
  .transform((value, context) => (typeof value === 'string' ? quantityPricesCell(value, context) : value))
  .pipe(
    z
      .array(
        z.object({
          from: wholeNumber(productMessages.quantityFromInvalid, productMessages.quantityFromInvalid, QUANTITY_PRICE_FROM_MIN, MAX_STOCK),
          price: priceSchema(productMessages.priceInvalid),
        }),
        { error: productMessages.quantityPricesText },
      )
      .max(QUANTITY_PRICES_MAX, productMessages.tooManyQuantityPrices)
      .superRefine((rows, context) => {
        rows.forEach((row, index) => {
          const before = rows[index - 1];
          if (!before) return;
          if (row.from === before.from) context.addIssue({ code: 'custom', path: [index, 'from'], message: productMessages.quantityFromTwice });
          else if (row.from < before.from || row.price >= before.price) context.addIssue({ code: 'custom', path: [index, 'from'], message: productMessages.quantityPricesOrder });
        });
      }),
  );

/**
 * A product's write (its form, its API call or its CSV row) with quantity prices: each must be
 * below the list price, named under its row's 'Unit price'.
 */
export function checkQuantityPrices(product: { price?: number; quantityPrices?: Array<{ price: number }> }, context: z.RefinementCtx): void {
  const { price, quantityPrices } = product;
  if (price === undefined || !quantityPrices) return;
  quantityPrices.forEach((row, index) => {
    if (row.price >= price) context.addIssue({ code: 'custom', path: ['quantityPrices', index, 'price'], message: productMessages.quantityPriceNotBelowList });
  });
}

/** A part number as compared and searched: 'hf-204', 'HF 204' and 'HF204' are one number. */
export const partNumberKey = (partNumber: string): string =>
  partNumber
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase();

const partNumberText = z
  .string()
  .trim()
  .max(PART_NUMBER_MAX, `Must be at most ${PART_NUMBER_MAX} characters`)
  .regex(/^([A-Za-z0-9][A-Za-z0-9 ./-]*)?$/, productMessages.partNumberInvalid);

/** Optional on every writer: SPEC's product calls work without them (category 'Other', the rest empty). */
const catalogueDetails = {
  category: z.string().trim().max(CATEGORY_NAME_MAX, categoryMessages.unknown).optional(),
  brand: z
    .string()
    .trim()
    .max(BRAND_MAX, `Must be at most ${BRAND_MAX} characters`)
    // eslint-disable-next-line no-control-regex
    .refine((value) => !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value), 'Must be on one line')
    .optional(),
  partNumber: partNumberText.optional(),
  /** A list, or the form's comma-separated text. */
  oemNumbers: z
    .union([z.array(z.string()), z.string()])
    .transform((value) => (Array.isArray(value) ? value : value.split(',')).map((number) => number.trim()).filter(Boolean))
    .pipe(z.array(partNumberText).max(OEM_NUMBERS_MAX, productMessages.tooManyOemNumbers))
    .optional(),
};

/** A part's photos in order, the first its `img`: hosted images, at most PART_PHOTOS_MAX, none twice. */
const photosSchema = z
  .array(hostedImageSchema(productMessages.imageRequired))
  .max(PART_PHOTOS_MAX, productMessages.tooManyPhotos)
  .refine((photos) => new Set(photos).size === photos.length, productMessages.duplicatePhoto);

/** POST /products' fields, before the checks across them (`checkQuantityPrices`): what a CSV row's schema is built from. */
export const createProductFields = z.object({
  ...catalogueDetails,
  name: singleLineText(TEXT_LIMITS.name, productMessages.nameRequired),
  decreption: boundedText(TEXT_LIMITS.description, productMessages.descriptionRequired),
  price: priceSchema(productMessages.priceRequired),
  quantity: stockSchema,
  minimum: minimumSchema,
  img: hostedImageSchema(productMessages.imageRequired),
  /** All its photos, `img` first (omitted: `img` alone); the server refuses a list that does not start with `img`. */
  images: photosSchema.optional(),
  /** SPEC-2 section 3: the part's universal mark and fitment rows, written with it (omitted: none). */
  fitment: fitmentInputSchema.optional(),
  /** SPEC-3 section 6 (omitted: none). */
  quantityPrices: quantityPricesInputSchema.optional(),
});
/** POST /products. */
export const createProductSchema = createProductFields.superRefine(checkQuantityPrices);
export type CreateProductInput = z.input<typeof createProductSchema>;

/**
 * The stock the admin saw when they opened the form. A stock write is conditional on it, so
 * units ordered or given back meanwhile are never overwritten; without it the admin is taken
 * to have seen the stock they send, so an edit of anything else never writes the stock.
 */
const quantitySeenSchema = stockSchema.optional();

/** PUT /product/{id}'s fields, before the checks across them. */
export const updateProductFields = z.object({
  ...catalogueDetails,
  decreption: boundedText(TEXT_LIMITS.description, productMessages.updateDescriptionRequired),
  price: priceSchema(productMessages.updatePriceRequired),
  quantity: stockSchema,
  quantitySeen: quantitySeenSchema,
  minimum: minimumSchema,
  img: hostedImageSchema(productMessages.imageRequired).optional(),
  /** Replaces all its photos, the first becoming `img` (omitted: they stay; `img` alone replaces the first). */
  images: photosSchema.min(1, productMessages.imageRequired).optional(),
  /** Replaces the part's universal mark and fitment rows (omitted: they stay as they are). */
  fitment: fitmentInputSchema.optional(),
  /** Replaces its quantity prices ([]: none; omitted: they stay as they are). */
  quantityPrices: quantityPricesInputSchema.optional(),
});
/** PUT /product/{id}: the name stays; a new photo is optional. */
export const updateProductSchema = updateProductFields.superRefine(checkQuantityPrices);
export type UpdateProductInput = z.input<typeof updateProductSchema>;

/** PUT /products/{id}: sets the stock, conditional on the stock seen. */
export const setStockSchema = z.object({ updatequantity: stockSchema, quantitySeen: quantitySeenSchema });
