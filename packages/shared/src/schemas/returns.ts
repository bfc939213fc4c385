import { z } from 'zod';
import { dollarsText } from '../written.js';
import { adminSearchParam, boundedText, idSchema, pageNumberParam } from './common.js';

/** Why a customer sends a part back (SPEC-3 section 4, verbatim). */
export const RETURN_REASONS = ['Does not fit my bike', 'Damaged', 'Wrong part sent', 'No longer needed', 'Other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** requested -> approved | rejected; approved -> received; received -> refunded. */
export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_COMMENT_MAX = 1000;
export const RETURN_REJECT_REASON_MAX = 500;
/** The Returns page's rows per page. */
export const RETURNS_PAGE_SIZE = 20;

/** The texts of returns and partial refunds: field messages, refusals and what a line shows. */
export const returnMessages = {
  quantityInvalid: 'Quantity must be a whole number from 1',
  reasonInvalid: 'Please choose a reason',
  commentTooLong: `Comment must be at most ${RETURN_COMMENT_MAX} characters`,
  rejectReasonRequired: 'Please give a reason',
  amountInvalid: 'Amount must be above 0, with at most 2 decimals',
  actionInvalid: "action must be one of 'approve', 'reject', 'receive', 'refund'",
  /** Refusals of a return request. */
  notShipped: 'Only a shipped part can be returned',
  windowClosed: (days: number) => `The return window of ${days} days for this part has closed`,
  tooMany: (left: number) => (left === 0 ? 'Every piece of this part is already being returned' : `You can return at most ${left} of this part`),
  allRefunded: 'This part has already been refunded in full',
  /** Refusals of an admin step, by the status the return is in. */
  cannot: (action: 'approve' | 'reject' | 'receive' | 'refund', status: ReturnStatus) => `A return that is ${status} cannot be ${ACTION_PAST[action]}`,
  /** A refund above what is left of the purchase's payment. */
  amountAboveLeft: (leftCents: number) => `The refund can be at most ${dollarsText(leftCents / 100)}, what is left of the payment`,
  refundUnderWay: 'A refund of this return is already under way',
} as const;

const ACTION_PAST = { approve: 'approved', reject: 'rejected', receive: 'marked received', refund: 'refunded' } as const;

/** What a line shows for one of its returns (SPEC-3 section 4, verbatim). */
export function returnStatusText(status: ReturnStatus, rejectReason: string | null): string {
  switch (status) {
    case 'requested':
      return 'Return requested';
    case 'approved':
      return 'Return approved';
    case 'rejected':
      return `Return rejected: ${rejectReason ?? ''}`;
    case 'received':
      return 'Return received';
    case 'refunded':
      return 'Refunded';
  }
}

/** POST /orders/{id}/returns: pieces of a shipped line going back. */
export const createReturnSchema = z.object({
  quantity: z.number({ error: returnMessages.quantityInvalid }).int(returnMessages.quantityInvalid).min(1, returnMessages.quantityInvalid),
  reason: z.enum(RETURN_REASONS, { error: returnMessages.reasonInvalid }),
  comment: z
    .string()
    .trim()
    .max(RETURN_COMMENT_MAX, returnMessages.commentTooLong)
    .optional()
    .transform((comment) => comment ?? ''),
});
export type CreateReturnInput = z.input<typeof createReturnSchema>;

/** Dollars above 0 with at most two decimals, as prices are. */
const refundAmountSchema = z
  .number({ error: returnMessages.amountInvalid })
  .positive(returnMessages.amountInvalid)
  .max(1_000_000, returnMessages.amountInvalid)
  .refine((amount) => Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6, returnMessages.amountInvalid);

/** PATCH /returns/{id}: one admin step. */
export const updateReturnSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('approve') }),
    z.object({ action: z.literal('reject'), reason: boundedText(RETURN_REJECT_REASON_MAX, returnMessages.rejectReasonRequired) }),
    z.object({ action: z.literal('receive') }),
    z.object({ action: z.literal('refund'), amount: refundAmountSchema, restock: z.boolean().optional().default(false) }),
  ],
  { error: returnMessages.actionInvalid },
);
export type UpdateReturnInput = z.input<typeof updateReturnSchema>;

/** POST /orders/{id}/refund's optional body: part of a line's amount (SPEC-3 section 4), with or without its pieces back in stock. */
export const partialRefundSchema = z
  .object({ amount: refundAmountSchema.optional(), restock: z.number().int().min(0).optional() })
  .nullish()
  .transform((body) => body ?? {});

/** GET /returns: a page of returns, newest first, of one status and matching a search (order number, part, customer). */
export const returnsQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES, { error: `status must be one of ${RETURN_STATUSES.join(', ')}` }).optional(),
  q: adminSearchParam.optional(),
  page: pageNumberParam.optional(),
});
export type ReturnsQuery = z.output<typeof returnsQuerySchema>;

/** A return as the API answers it; money in dollars. */
export const returnSchema = z.object({
  _id: idSchema,
  orderId: idSchema,
  orderNumber: z.number().int(),
  purchaseId: idSchema,
  purchaseNumber: z.number().int(),
  productId: z.string(),
  toolName: z.string(),
  /** Pieces going back, of `orderQuantity` bought. */
  quantity: z.number().int(),
  orderQuantity: z.number().int(),
  reason: z.enum(RETURN_REASONS),
  comment: z.string(),
  status: z.enum(RETURN_STATUSES),
  /** What the line shows: 'Return requested', ..., 'Refunded'. */
  statusText: z.string(),
  rejectReason: z.string().nullable(),
  customerName: z.string(),
  email: z.string(),
  /** The returned pieces' share of what was paid for the line (the refund's prefilled amount), and what is left of the purchase's payment. */
  shareAmount: z.number(),
  refundableLeft: z.number(),
  /** Given back, once refunded, and whether its pieces went back in stock. */
  refundAmount: z.number().nullable(),
  restocked: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Return = z.infer<typeof returnSchema>;

export const returnsPageSchema = z.object({
  returns: z.array(returnSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReturnsPage = z.infer<typeof returnsPageSchema>;

/** A line's returns as the customer's order answer carries them. */
export const lineReturnSchema = z.object({
  _id: idSchema,
  quantity: z.number().int(),
  status: z.enum(RETURN_STATUSES),
  statusText: z.string(),
});
export type LineReturn = z.infer<typeof lineReturnSchema>;
