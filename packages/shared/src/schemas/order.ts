import { z } from 'zod';
import { lineReturnSchema } from './returns.js';
import { MAX_PAGE_SIZE, TEXT_LIMITS } from '../constants.js';
import { adminSearchParam, boundedText, idSchema, integerString } from './common.js';
import { phoneSchema } from './user.js';
import { purchaseMessages, readQuantity } from '../purchase.js';
import { checkPurchaseAddress, purchaseOptionFields } from './purchase-options.js';

/** The largest order total in cents: what a card payment can carry, and within a 32-bit column on every database. */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;

/** SPEC sends the quantity "as typed text"; the server wants a whole number of pieces. */
export const orderQuantitySchema = z.union([z.number(), z.string()], { error: purchaseMessages.quantityRequired }).transform((value, context) => {
  const read = readQuantity(value);
  if ('quantity' in read) return read.quantity;
  context.addIssue({ code: 'custom', message: read.error });
  return z.NEVER;
});

/**
 * POST /orders: SPEC's payload plus productId. Name, email, tool name and price are taken
 * from the account and the catalogue, whatever the client sends for them.
 */
/**
 * The total the customer was shown (dollars), optional: a placement that charges another (a price
 * or a rate changed since) says so in its answer, before payment.
 */
export const expectedTotalSchema = z.number().nonnegative().max(MAX_ORDER_TOTAL_CENTS / 100).optional();

/** What a placement answers beside its id: the purchase, what it charges, and whether that differs from `expectedTotal`. */
export const placedPurchaseFields = { purchaseId: idSchema, total: z.number(), totalChanged: z.boolean() };

/** A placement's answer fields from what it charges (cents) and the total the customer was shown, if sent. */
export const placedAnswer = (purchaseId: string, totalCents: number, expectedTotal: number | undefined) => ({
  purchaseId,
  total: totalCents / 100,
  totalChanged: expectedTotal !== undefined && Math.round(expectedTotal * 100) !== totalCents,
});

/** Where an order goes and whom to call: SPEC's purchase fields, for one part and for a checkout alike. */
export const deliverySchema = z.object({
  location: boundedText(TEXT_LIMITS.location, purchaseMessages.locationRequired),
  phone: phoneSchema,
});

export const createOrderSchema = deliverySchema
  .extend({
    productId: idSchema,
    quantity: orderQuantitySchema,
    toolName: z.string().max(500).optional(),
    toolPrice: z.union([z.string(), z.number()]).optional(),
    name: z.string().max(500).optional(),
    email: z.string().max(500).optional(),
    ...purchaseOptionFields,
    expectedTotal: expectedTotalSchema,
  })
  .superRefine(checkPurchaseAddress);
export type CreateOrderInput = z.input<typeof createOrderSchema>;

/** The texts of shipping and refunds (SPEC-2 section 6). */
export const shippingMessages = {
  carrierTooLong: `Carrier must be at most ${TEXT_LIMITS.carrier} characters`,
  trackingTooLong: `Tracking number must be at most ${TEXT_LIMITS.trackingNumber} characters`,
  trackingCharacters: 'Tracking number may contain only letters, digits, spaces and dashes',
} as const;

/** What the admin may say of a shipment: who carries the parcel, and its tracking number, each optional. */
export const shipmentSchema = z.object({
  carrier: z.string().trim().max(TEXT_LIMITS.carrier, shippingMessages.carrierTooLong).optional(),
  trackingNumber: z
    .string()
    .trim()
    .max(TEXT_LIMITS.trackingNumber, shippingMessages.trackingTooLong)
    .regex(/^[A-Za-z0-9 -]*$/, shippingMessages.trackingCharacters)
    .optional(),
});

/** `PATCH /shiftorders/{id}`'s body: a shipment, or none (SPEC's own call sends no body). */
export const shipOrderSchema = shipmentSchema.nullish().transform((shipment) => shipment ?? {});
export type ShipmentInput = z.input<typeof shipmentSchema>;

const orderStatusSchema = z.enum(['waiting', 'paid', 'shipped', 'cancelled', 'refunded']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;
export const ORDER_STATUSES = orderStatusSchema.options;

/**
 * GET /allorders: every order (SPEC's call), or a page of them (`page` from 0, `size`), of one
 * status and matching a search, newest first.
 */
export const allOrdersQuerySchema = z.object({
  q: adminSearchParam.optional(),
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  page: integerString('page must be a whole number from 0').optional(),
  size: integerString(`size must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .refine((n) => n >= 1 && n <= MAX_PAGE_SIZE, `size must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .optional(),
});
export type AllOrdersQuery = z.output<typeof allOrdersQuerySchema>;

/** GET /allorders/count: how many orders of one status a search finds. */
export const allOrdersCountQuerySchema = allOrdersQuerySchema.pick({ q: true, status: true });
export const orderCountSchema = z.object({ count: z.number().int() });
export type OrderCount = z.infer<typeof orderCountSchema>;

/** An order's short number as people read it: '#10234'. */
export const formatOrderNumber = (number: number): string => `#${number}`;

/** An order as the API answers it (SPEC field names; money in dollars) and its short number. */
export const orderSchema = z.object({
  _id: idSchema,
  number: z.number().int(),
  productId: z.string(),
  name: z.string(),
  email: z.string(),
  toolName: z.string(),
  toolPrice: z.number(),
  quantity: z.number().int(),
  total: z.number(),
  /** What the whole purchase costs (SPEC-3 section 1): its lines with delivery, discount and tax. */
  purchaseTotal: z.number(),
  location: z.string(),
  phone: z.string(),
  paid: z.boolean(),
  shift: z.boolean(),
  status: orderStatusSchema,
  transactionId: z.string().nullable(),
  /** The checkout this order was placed in with other cart lines (paid and cancelled together); null for a one-part purchase. */
  checkoutId: idSchema.nullable(),
  /** The purchase this order is a line of (SPEC-3 section 1): its checkout's id, or the order's own for a one-part purchase. */
  purchaseId: idSchema,
  /** The number customers and emails name the purchase by: its first line's (for a one-part purchase, the order's own). */
  purchaseNumber: z.number().int(),
  /** Given by the shop when it ships the order, each optional. */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** Why the bank sent back a refund it had been given (the order is paid again); null otherwise. */
  refundFailure: z.string().nullable(),
  createdAt: z.string(),
  /** While it waits for payment: when the shop stops holding its parts and cancels it (ISO time); null otherwise. */
  holdUntil: z.string().nullable(),
  /** When the purchase arrives, as placed (calendar days; null before SPEC-3), and its method's longest days (0: collected). */
  arrivesFrom: z.string().nullable(),
  arrivesTo: z.string().nullable(),
  shippingDaysMax: z.number().int().nullable(),
  /** In the customer's own list: whether they have reviewed the part of this order. */
  reviewed: z.boolean().optional(),
  /**
   * In the customer's own list (SPEC-3 section 4): the line's returns, how many pieces can still
   * go back and until when (null: none can), and what has been given back for it, in dollars.
   */
  returns: z.array(lineReturnSchema).optional(),
  returnableQuantity: z.number().int().optional(),
  returnableUntil: z.string().nullable().optional(),
  refunded: z.number().optional(),
});
export type Order = z.infer<typeof orderSchema>;

/** A purchase's status: paid and cancelled as a whole; its lines are shipped and refunded one by one. */
export const purchaseStatusSchema = z.enum(['waiting', 'paid', 'cancelled']);

/**
 * GET /purchases/{id}: what a customer pays for at once (SPEC-3 section 1), named by its first
 * line's number, with every line as an order answer. SPEC-3's delivery and totals join it later.
 */
export const purchaseSchema = z.object({
  _id: idSchema,
  number: z.number().int(),
  status: purchaseStatusSchema,
  total: z.number(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  customerName: z.string(),
  email: z.string(),
  location: z.string(),
  phone: z.string(),
  /** The amounts beside the total (SPEC-3 section 1; decision 033), dollars. */
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  tax: z.number(),
  pricesIncludeTax: z.boolean(),
  /** Where it goes and how; null for a purchase placed before the shop kept them. */
  country: z.string().nullable(),
  region: z.string().nullable(),
  postcode: z.string().nullable(),
  shippingMethod: z.string().nullable(),
  /** YYYY-MM-DD. */
  arrivesFrom: z.string().nullable(),
  arrivesTo: z.string().nullable(),
  /** The delivery method's most working days, for its arrival text: 0 is collected from the shop ('Ready to collect …'); null when none. */
  shippingDaysMax: z.number().int().nullable(),
  discountCode: z.string().nullable(),
  taxName: z.string().nullable(),
  lines: z.array(orderSchema),
});
export type Purchase = z.infer<typeof purchaseSchema>;

/** The text of a purchase the shop cannot ship because every line of it has left or been refunded. */
export const purchaseShippingMessages = {
  nothingToShip: 'Every part of this order is already shipped or refunded',
} as const;

/** The answer of a refund: each order it refunded, by id and number, with its status ('refunded' for a whole line; a partial refund leaves it as it was). */
export const refundAnswerSchema = z.object({
  orders: z.array(z.object({ _id: idSchema, number: z.number().int(), status: orderStatusSchema })),
});
export type RefundAnswer = z.infer<typeof refundAnswerSchema>;
