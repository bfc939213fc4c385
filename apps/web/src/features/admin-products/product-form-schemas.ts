import { createProductSchema, productMessages, updateProductSchema } from '@shop/shared';
import type { z } from 'zod';
import { optionalImageFile, requiredImageFile } from '@/utils/image-file-schema';

/**
 * The shared rules and SPEC's messages for every field; the photo is a chosen file here and
 * becomes the uploaded path (`img`) only when the form is sent.
 */
export const addProductFormSchema = createProductSchema.omit({ img: true }).extend({
  image: requiredImageFile(productMessages.imageRequired),
});
export type AddProductFormInput = z.input<typeof addProductFormSchema>;
/** Checked values; `price` is in cents, as the shared schema answers it. */
export type AddProductFormValues = z.output<typeof addProductFormSchema>;

export const updateProductFormSchema = updateProductSchema.omit({ img: true }).extend({
  image: optionalImageFile(),
});
export type UpdateProductFormInput = z.input<typeof updateProductFormSchema>;
export type UpdateProductFormValues = z.output<typeof updateProductFormSchema>;

/** The Fitment section's rows: the shop names their messages by row, under the same names as the form. */
export const FITMENT_LISTS = ['fitment.vehicles'] as const;

/** The API's field names (a 422's fieldErrors) and the form fields that show their messages. */
const CATALOGUE_DETAIL_FIELDS = { category: 'category', brand: 'brand', partNumber: 'partNumber', oemNumbers: 'oemNumbers', fitment: 'fitment.vehicles' } as const;

export const ADD_PRODUCT_FIELDS = {
  ...CATALOGUE_DETAIL_FIELDS,
  name: 'name',
  decreption: 'decreption',
  price: 'price',
  quantity: 'quantity',
  minimum: 'minimum',
  img: 'image',
} as const;

export const UPDATE_PRODUCT_FIELDS = {
  ...CATALOGUE_DETAIL_FIELDS,
  decreption: 'decreption',
  price: 'price',
  quantity: 'quantity',
  minimum: 'minimum',
  img: 'image',
} as const;
