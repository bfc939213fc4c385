import { z } from 'zod';
import { idSchema } from './common.js';

/** The texts of 'Notify me' (SPEC-2 section 6). */
export const stockAlertMessages = {
  inStock: 'This part is in stock: you can order it now.',
} as const;

/** Whether the signed-in customer waits to hear that a part is back in stock. */
export const stockAlertSchema = z.object({ subscribed: z.boolean() });
export type StockAlert = z.infer<typeof stockAlertSchema>;

/** Manage Products: how many customers wait for each part that has any. */
export const stockAlertCountsSchema = z.array(z.object({ productId: idSchema, waiting: z.number().int() }));
export type StockAlertCounts = z.infer<typeof stockAlertCountsSchema>;
