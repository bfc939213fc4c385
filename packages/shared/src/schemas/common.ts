import { z } from 'zod';
import { ID_PATTERN } from '../constants.js';

export const idSchema = z.string().regex(ID_PATTERN, 'Not a valid id');
export const idParamsSchema = z.object({ id: idSchema });

/** The one error envelope every failed API call answers with. */
export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  }),
  requestId: z.string(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/*
 * SPEC's clients read write answers in the shape of MongoDB's acknowledgements, whatever the
 * resource, so every write route answers with one of these three.
 */
export const insertedAnswerSchema = z.object({ acknowledged: z.boolean(), insertedId: z.string() });
export const modifiedAnswerSchema = z.object({ acknowledged: z.boolean(), matchedCount: z.number(), modifiedCount: z.number() });
export const deletedAnswerSchema = z.object({ acknowledged: z.boolean(), deletedCount: z.number() });

/** Money travels in dollars on the wire and is stored in integer cents. */
export const centsToDollars = (cents: number): number => cents / 100;

/** The one currency the shop sells in (ISO 4217): every price, payment and document is in it. */
export const SHOP_CURRENCY = 'USD';

/** A trimmed, bounded text without control characters other than line breaks. */
export const boundedText = (max: number, requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, `Must be at most ${max} characters`)
    // eslint-disable-next-line no-control-regex
    .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(value), 'Contains characters that are not allowed');

/** A name: bounded text on one line, since it is shown in headings, tables and email headers. */
export const singleLineText = (max: number, requiredMessage: string) =>
  boundedText(max, requiredMessage).refine((value) => !/[\r\n\u2028\u2029]/.test(value), 'Must be on one line');

/** A zero-based page number in a query string. */
export const pageNumberParam = z.string().regex(/^\d{1,9}$/, 'page must be a whole number from 0').transform(Number);
/** A page size in a query string: 1 to `max`. */
export const pageSizeUpTo = (max: number) => {
  const message = `size must be a whole number from 1 to ${max}`;
  return z
    .string()
    .regex(/^\d{1,3}$/, message)
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, message);
};
/** A page size in a query string: 1 to 100. */
export const pageSizeParam = pageSizeUpTo(100);

/** The search box of an admin table: text the list is filtered by on the server (empty: everything). */
export const ADMIN_SEARCH_MAX = 100;
/** A whole number in a query string, e.g. `?page=2`. */
export const integerString = (message: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, message)
    .transform(Number);

export const adminSearchParam = z.string().trim().max(ADMIN_SEARCH_MAX, `q must be at most ${ADMIN_SEARCH_MAX} characters`);
export const adminSearchQuerySchema = z.object({ q: adminSearchParam.optional() });
