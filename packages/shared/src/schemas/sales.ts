import { z } from 'zod';
import { idSchema } from './common.js';
import { ORDER_STATUSES } from './order.js';

/** The ranges the sales page offers: the last 7, 30 or 90 days, today included (SPEC-2 section 6). */
export const SALES_RANGES = [7, 30, 90] as const;
export type SalesRange = (typeof SALES_RANGES)[number];
/** The longest range the sales calls answer: a year, leap day included. */
export const SALES_RANGE_MAX_DAYS = 366;
/** A part runs low when its stock lasts fewer days than this at the range's rate of sale. */
export const LOW_STOCK_DAYS = 14;
/** The best sellers and the parts running low: this many at most. */
export const SALES_LIST_SIZE = 10;

export const salesMessages = {
  day: 'Give dates as YYYY-MM-DD.',
  reversed: 'The start date must be on or before the end date.',
  tooLong: `Choose a range of at most ${SALES_RANGE_MAX_DAYS} days.`,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, salesMessages.day)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), salesMessages.day);

/** How many days from `from` to `to`, both included (UTC days, YYYY-MM-DD). */
export const daysInRange = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** The UTC day `days` days after `day` (before, when negative), as YYYY-MM-DD. */
export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The UTC days from `from` to `to`, both included. */
export const eachDay = (from: string, to: string): string[] => Array.from({ length: Math.max(0, daysInRange(from, to)) }, (_, index) => addDays(from, index));

/** The last `days` UTC days, today (of `now`) included. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  return { from: addDays(to, 1 - days), to };
}

/** The sales calls' range: UTC days, both included, at most a year. */
export const salesQuerySchema = z
  .object({ from: isoDay, to: isoDay })
  .refine(({ from, to }) => from <= to, { message: salesMessages.reversed, path: ['from'] })
  .refine(({ from, to }) => daysInRange(from, to) <= SALES_RANGE_MAX_DAYS, { message: salesMessages.tooLong, path: ['from'] });
export type SalesQuery = z.infer<typeof salesQuerySchema>;

const range = { from: z.string(), to: z.string() };

/**
 * GET /sales/revenue: each day of the range (money in dollars), and the range's totals. Revenue
 * (`paid`, `refunded`, `net`) is what the lines sold for after their discounts, without tax and
 * delivery; `tax` is the tax collected apart, less the tax refunds gave back.
 */
const revenueFiguresSchema = z.object({
  paidOrders: z.number().int(),
  paid: z.number(),
  refundedOrders: z.number().int(),
  refunded: z.number(),
  net: z.number(),
  tax: z.number(),
});
export const salesRevenueSchema = z.object({
  ...range,
  days: z.array(revenueFiguresSchema.extend({ day: z.string() })),
  totals: revenueFiguresSchema,
});
export type SalesRevenue = z.infer<typeof salesRevenueSchema>;
export type SalesRevenueDay = SalesRevenue['days'][number];

/** GET /sales/statuses: the orders placed in the range, by their status now (every status, zero included). */
export const salesStatusesSchema = z.object({
  ...range,
  statuses: z.array(z.object({ status: z.enum(ORDER_STATUSES), orders: z.number().int() })),
});
export type SalesStatuses = z.infer<typeof salesStatusesSchema>;

/** GET /sales/best-sellers: the parts that sold the most pieces in the range, refunds taken off. */
export const salesBestSellersSchema = z.object({
  ...range,
  parts: z.array(z.object({ productId: idSchema, name: z.string(), partNumber: z.string().nullable(), quantity: z.number().int(), revenue: z.number() })),
});
export type SalesBestSellers = z.infer<typeof salesBestSellersSchema>;

/**
 * GET /sales/low-stock: parts that cannot be ordered now (stock under the minimum) or whose
 * stock lasts fewer than LOW_STOCK_DAYS days at the rate the range sold them; soonest first.
 */
export const salesLowStockSchema = z.object({
  ...range,
  parts: z.array(
    z.object({
      productId: idSchema,
      name: z.string(),
      partNumber: z.string().nullable(),
      quantity: z.number().int(),
      minimum: z.number().int(),
      sold: z.number().int(),
      daysLeft: z.number().int(),
    }),
  ),
});
export type SalesLowStock = z.infer<typeof salesLowStockSchema>;
