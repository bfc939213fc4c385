import { z } from 'zod';
import { ADMIN_SEARCH_MAX, adminSearchParam, idSchema, pageNumberParam } from './common.js';

/**
 * Every kind of change the activity log records (SPEC-3 section 7), with what the Activity page
 * calls it. An entry's action is one of these; the page's action filter offers them.
 */
export const ACTIVITY_ACTIONS = {
  'product.created': 'Part added',
  'product.updated': 'Part changed',
  'product.deleted': 'Part deleted',
  'product.fitment': 'Fitment changed',
  'category.created': 'Category added',
  'category.updated': 'Category changed',
  'category.moved': 'Category moved',
  'category.deleted': 'Category deleted',
  'vehicle.created': 'Vehicle added',
  'vehicle.updated': 'Vehicle changed',
  'vehicle.deleted': 'Vehicle deleted',
  'service-kit.saved': 'Service kit saved',
  'service-kit.deleted': 'Service kit deleted',
  'catalogue.imported': 'Catalogue imported',
  'review.deleted': 'Review deleted',
  'message.updated': 'Message marked',
  'order.shipped': 'Order shipped',
  'order.cancelled': 'Order cancelled',
  'order.refunded': 'Order refunded',
  'purchase.shipped': 'Purchase shipped',
  'return.approved': 'Return approved',
  'return.rejected': 'Return rejected',
  'return.received': 'Return received',
  'return.refunded': 'Return refunded',
  'user.updated': 'Profile changed',
  'user.role': 'Role changed',
  'user.workshop': 'Workshop changed',
  'user.deleted': 'User removed',
  'settings.updated': 'Settings changed',
  'tax-rates.updated': 'Tax rates changed',
  'discount.created': 'Discount added',
  'discount.updated': 'Discount changed',
  'discount.deleted': 'Discount deleted',
  'shipping-method.created': 'Delivery method added',
  'shipping-method.updated': 'Delivery method changed',
  'shipping-method.deleted': 'Delivery method deleted',
} as const;
export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;
export const ACTIVITY_ACTION_NAMES = Object.keys(ACTIVITY_ACTIONS) as [ActivityAction, ...ActivityAction[]];

/** What an entry's record is. */
export const ACTIVITY_RECORD_TYPES = [
  'product',
  'category',
  'vehicle',
  'catalogue',
  'review',
  'message',
  'order',
  'purchase',
  'return',
  'user',
  'settings',
  'tax-rates',
  'discount',
  'shipping-method',
] as const;
export type ActivityRecordType = (typeof ACTIVITY_RECORD_TYPES)[number];

/** The Activity page's rows per page. */
export const ACTIVITY_PAGE_SIZE = 50;
/** The person filter: an account's email address or id. */
export const ACTIVITY_PERSON_MAX = 254;

export const activityMessages = {
  day: 'Give dates as YYYY-MM-DD.',
  reversed: 'The start date must be on or before the end date.',
  action: 'Please choose one of the actions listed',
  person: `person must be at most ${ACTIVITY_PERSON_MAX} characters`,
  search: `q must be at most ${ADMIN_SEARCH_MAX} characters`,
} as const;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, activityMessages.day)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), activityMessages.day);

/**
 * GET /activity: newest first. `person` (an email address or account id), `action`, `from` and
 * `to` (shop days, UTC, both included), `q` (words looked for in the record, the person and the
 * summary), `page` from 0.
 */
export const activityQuerySchema = z
  .object({
    person: z.string().trim().max(ACTIVITY_PERSON_MAX, activityMessages.person).optional(),
    action: z.enum(ACTIVITY_ACTION_NAMES, { error: activityMessages.action }).optional(),
    from: isoDay.optional(),
    to: isoDay.optional(),
    q: adminSearchParam.optional(),
    page: pageNumberParam.optional(),
  })
  .refine(({ from, to }) => from === undefined || to === undefined || from <= to, { message: activityMessages.reversed, path: ['from'] });
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** A value before or after a change, as the log keeps it. */
const loggedValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const activityChangeSchema = z.object({ field: z.string(), before: loggedValue, after: loggedValue });
export type ActivityChange = z.infer<typeof activityChangeSchema>;

export const activityEntrySchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  actor: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() }),
  action: z.enum(ACTIVITY_ACTION_NAMES),
  record: z.object({ type: z.enum(ACTIVITY_RECORD_TYPES), id: z.string(), label: z.string() }),
  /** The fields the change changed: price, stock, minimum, status, role, settings, amounts. */
  changes: z.array(activityChangeSchema),
  /** An entry of many records: what it did to them ('12 added, 3 changed'). */
  summary: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  /** Whether an older page follows. */
  more: z.boolean(),
  page: z.number().int(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

/**
 * Why a part's stock changed: the key the movement keeps, then ':' and its reference. The order
 * kinds keep the order's id, which the history shows as its number; 'set' and 'created' keep the
 * person's name.
 */
export const STOCK_REASONS = ['placed', 'cancelled', 'reinstated', 'refund', 'refund-failed', 'return', 'set', 'import', 'created', 'opening'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** A movement's reason as Update Product's 'Stock history' shows it (SPEC-3 section 7, verbatim), its order ids already made numbers. */
export function stockReasonText(reason: string): string {
  const colon = reason.indexOf(':');
  const kind = colon === -1 ? reason : reason.slice(0, colon);
  const reference = colon === -1 ? '' : reason.slice(colon + 1);
  switch (kind) {
    case 'placed':
      return `Order #${reference} placed`;
    case 'cancelled':
      return `Order #${reference} cancelled`;
    case 'reinstated':
      return `Order #${reference} paid after it was cancelled`;
    case 'refund':
      return `Refund of order #${reference}`;
    case 'refund-failed':
      return `Refund of order #${reference} failed`;
    case 'return':
      return `Return #${reference} restocked`;
    case 'set':
      return `Set by ${reference}`;
    case 'import':
      return 'Import';
    case 'created':
      return reference ? `Added by ${reference}` : 'Part added';
    case 'opening':
      return 'Stock when the history began';
    default:
      return reason;
  }
}

/** The reason a statement names for the stock it changes (`products.stock_reason`). */
export const stockReason = (kind: StockReason, reference?: string | number): string => (reference === undefined ? kind : `${kind}:${reference}`);
/** The reasons whose reference is an order's id. */
export const ORDER_STOCK_REASONS: readonly StockReason[] = ['placed', 'cancelled', 'reinstated', 'refund', 'refund-failed', 'return'];

/** The newest movements first; a page of them. */
export const STOCK_HISTORY_PAGE_SIZE = 50;
export const stockMovementSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  /** Pieces added (positive) or taken (negative). */
  change: z.number().int(),
  stockAfter: z.number().int(),
  /** The reason's text ('Order #10023 placed'). */
  reason: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;
export const stockHistoryQuerySchema = z.object({ page: pageNumberParam.optional() });
export const stockHistorySchema = z.object({
  productId: idSchema,
  stock: z.number().int(),
  movements: z.array(stockMovementSchema),
  more: z.boolean(),
  page: z.number().int(),
});
export type StockHistory = z.infer<typeof stockHistorySchema>;
