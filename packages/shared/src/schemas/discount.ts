import { z } from 'zod';
import { ID_PATTERN } from '../constants.js';
import { dollarsText } from '../written.js';
import { categoryMessages } from './category.js';
import { idSchema } from './common.js';

/** 'percent' takes a share of the lines it applies to; 'amount' takes a fixed sum off them. */
export const DISCOUNT_KINDS = ['percent', 'amount'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const DISCOUNT_CODE_MIN = 3;
export const DISCOUNT_CODE_MAX = 32;
/** The largest amount off, and the largest minimum subtotal: the shop's largest price. */
const DISCOUNT_DOLLARS_MAX = 1_000_000;
const DISCOUNT_USES_MAX = 10_000_000;

/** The texts of discount codes (SPEC-3 section 2): the admin's field messages and what a customer is told. */
export const discountMessages = {
  codeRequired: 'Code is Required',
  codeInvalid: 'Code may contain only letters and digits',
  codeLength: `Code must be ${DISCOUNT_CODE_MIN} to ${DISCOUNT_CODE_MAX} letters and digits`,
  codeTaken: 'This code already exists',
  kindInvalid: "Choose 'Percent' or 'Amount'",
  percentInvalid: 'Percent must be from 1 to 100, with at most 2 decimals',
  amountInvalid: 'Amount must be above 0, with at most 2 decimals',
  minSubtotalInvalid: 'Minimum subtotal must be 0 or more, with at most 2 decimals',
  dateInvalid: 'Please enter a date as YYYY-MM-DD',
  endBeforeStart: 'End must not be before start',
  usesTotalInvalid: 'Uses in all must be a whole number from 1',
  unknownCategory: categoryMessages.unknown,
  /** What a customer is told (SPEC-3 section 2, verbatim). */
  applied: (code: string) => `Code ${code} applied`,
  notValid: 'This code is not valid',
  expired: 'This code has expired',
  /** SPEC's `${amount}`: the dollar sign, then the amount, as the shop writes money ("$50.00"). */
  needsSubtotal: (minSubtotalCents: number) => `This code needs a subtotal of at least ${dollarsText(minSubtotalCents / 100)}`,
  usedUp: 'This code has been used up',
  alreadyUsed: 'You have already used this code',
} as const;

/** The success text the cart, purchase page and checkout show: 'Code {CODE} applied'. */
export const discountAppliedMessage = (code: string): string => discountMessages.applied(discountCodeKey(code));

/** A code as it is stored and compared: trimmed, upper case (' spring10 ' is 'SPRING10'). */
export const discountCodeKey = (code: string): string => code.trim().toUpperCase();

/** A discount as the admin reads it (`GET /api/discounts`): money in dollars, percent as a percent. */
export const discountSchema = z.object({
  _id: idSchema,
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  /** Percent off (10 = 10 %) or dollars off (5 = $5.00), by kind. */
  value: z.number(),
  minSubtotal: z.number(),
  /** The first and last day it can be used (YYYY-MM-DD, the shop's time zone), null when open. */
  startsOn: z.string().nullable(),
  endsOn: z.string().nullable(),
  /** How many purchases may use it in all; null for no limit. */
  usesTotal: z.number().int().nullable(),
  /** How many purchases placed and not cancelled use it. */
  used: z.number().int(),
  oncePerCustomer: z.boolean(),
  /** The category whose lines it takes off; null for every line. */
  categoryId: z.string().nullable(),
  /** Whether it also takes off the delivery price (never unless it says so). */
  appliesToDelivery: z.boolean(),
  active: z.boolean(),
});
export type Discount = z.infer<typeof discountSchema>;

/** DELETE /api/discounts/{id}: an unused code is removed; a used one is deactivated, since its purchases keep naming it. */
export const discountDeletedAnswerSchema = z.object({ acknowledged: z.boolean(), deletedCount: z.number().int(), deactivated: z.boolean() });
export type DiscountDeletedAnswer = z.infer<typeof discountDeletedAnswerSchema>;

/** Nothing typed (an empty text box, null) means 'none'. */
const blankToNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : typeof value === 'string' ? value.trim() || null : value);

/** A sum of dollars typed as text or sent as a number: at most 2 decimals, answered as a number. */
const decimalNumber = (message: string) =>
  z
    .union([z.string().trim(), z.number()], { error: message })
    .transform((value) => (typeof value === 'number' ? String(value) : value))
    .refine((value) => /^\d{1,7}(\.\d{1,2})?$/.test(value), message)
    .transform(Number);

/** Trimmed, letters and digits only, upper-cased; one message at a time, the first that applies. */
const codeSchema = z
  .string({ error: discountMessages.codeRequired })
  .trim()
  .superRefine((code, context) => {
    const message =
      code === ''
        ? discountMessages.codeRequired
        : !/^[A-Za-z0-9]+$/.test(code)
          ? discountMessages.codeInvalid
          : code.length < DISCOUNT_CODE_MIN || code.length > DISCOUNT_CODE_MAX
            ? discountMessages.codeLength
            : undefined;
    if (message) context.addIssue({ code: 'custom', message });
  })
  .transform(discountCodeKey);

const dateSchema = z.preprocess(blankToNull, z.iso.date(discountMessages.dateInvalid).nullable());

/** Every field the admin writes, each checked on its own. */
const discountFields = {
  code: codeSchema,
  kind: z.enum(DISCOUNT_KINDS, { error: discountMessages.kindInvalid }),
  /** Checked by its kind (`checkAcrossFields`); anything but a number is NaN here. */
  value: z
    .union([z.string().trim(), z.number()], { error: discountMessages.amountInvalid })
    .transform((value) => (typeof value === 'number' ? value : /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN)),
  minSubtotal: z.preprocess(blankToNull, decimalNumber(discountMessages.minSubtotalInvalid).nullable()).transform((value) => value ?? 0),
  startsOn: dateSchema,
  endsOn: dateSchema,
  usesTotal: z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: discountMessages.usesTotalInvalid })
      .int(discountMessages.usesTotalInvalid)
      .min(1, discountMessages.usesTotalInvalid)
      .max(DISCOUNT_USES_MAX, discountMessages.usesTotalInvalid)
      .nullable(),
  ),
  oncePerCustomer: z.boolean(),
  categoryId: z.preprocess(blankToNull, z.string({ error: discountMessages.unknownCategory }).regex(ID_PATTERN, discountMessages.unknownCategory).nullable()),
  appliesToDelivery: z.boolean(),
  active: z.boolean(),
};

const hasAtMostTwoDecimals = (value: number): boolean => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

type DiscountFieldsOutput = { [K in keyof typeof discountFields]: z.output<(typeof discountFields)[K]> };

/** The rules between fields: the value by its kind, and an end not before its start. */
function checkAcrossFields(discount: Partial<DiscountFieldsOutput>, context: z.RefinementCtx): void {
  const { kind, value, startsOn, endsOn } = discount;
  if (kind !== undefined && value !== undefined) {
    const [min, max, message] = kind === 'percent' ? [1, 100, discountMessages.percentInvalid] : [0.01, DISCOUNT_DOLLARS_MAX, discountMessages.amountInvalid];
    if (!(value >= min && value <= max && hasAtMostTwoDecimals(value))) context.addIssue({ code: 'custom', path: ['value'], message });
  }
  if (discount.minSubtotal !== undefined && discount.minSubtotal > DISCOUNT_DOLLARS_MAX) {
    context.addIssue({ code: 'custom', path: ['minSubtotal'], message: discountMessages.minSubtotalInvalid });
  }
  if (startsOn && endsOn && endsOn < startsOn) context.addIssue({ code: 'custom', path: ['endsOn'], message: discountMessages.endBeforeStart });
}

/** POST /api/discounts (admin): a new code; what is left out is 'none', 'no' or (active) 'yes'. */
export const discountInputSchema = z
  .object({
    ...discountFields,
    oncePerCustomer: discountFields.oncePerCustomer.default(false),
    appliesToDelivery: discountFields.appliesToDelivery.default(false),
    active: discountFields.active.default(true),
  })
  .superRefine(checkAcrossFields);
export type DiscountInput = z.input<typeof discountInputSchema>;
export type DiscountValues = z.output<typeof discountInputSchema>;

/**
 * PATCH /api/discounts/{id} (admin): the fields to change; the shop checks the rules between
 * fields again on the discount as it would be (`discountInputSchema`).
 */
export const discountPatchSchema = z.object(discountFields).partial().superRefine(checkAcrossFields);
export type DiscountPatch = z.output<typeof discountPatchSchema>;

/** A code a customer types at the cart, purchase page or checkout; any text the shop does not have is 'not valid'. */
export const discountCodeEntrySchema = z.string().trim().max(100, discountMessages.notValid);
