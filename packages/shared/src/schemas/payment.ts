import { z } from 'zod';
import { idSchema } from './common.js';

/** PATCH /orders/{id}: the client reports a payment; the server verifies it with the provider before the order is paid. */
export const markPaidSchema = z.object({
  order: z.unknown().optional(),
  transactionID: z
    .string()
    .trim()
    .min(1, 'transactionID is required')
    .max(255)
    .regex(/^[A-Za-z0-9_]+$/, 'Not a valid transaction id'),
});

/**
 * POST /create-payment-intent: SPEC's `{ orderId, price }` for one order, or `{ checkoutId }`
 * for every order of a checkout. The server charges their own total whatever `price` says.
 */
export const createPaymentIntentSchema = z
  .object({
    orderId: idSchema.optional(),
    checkoutId: idSchema.optional(),
    price: z.number().optional(),
  })
  .refine((body) => (body.orderId === undefined) !== (body.checkoutId === undefined), {
    message: 'Send the orderId of an order or the checkoutId of a checkout',
    path: ['orderId'],
  });
export const clientSecretAnswerSchema = z.object({ clientSecret: z.string() });

export const paymentConfigSchema = z.object({
  mode: z.enum(['test', 'stripe']),
  publishableKey: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** Test-mode card confirmation (the stand-in for the card provider's client call). */
export const testCardConfirmSchema = z.object({
  clientSecret: z.string().min(1).max(255).regex(/^[A-Za-z0-9_-]+$/, 'Not a valid client secret'),
  card: z.object({
    number: z.string().max(40),
    expiry: z.string().max(10),
    cvc: z.string().max(10),
  }),
  billingDetails: z.object({ name: z.string().max(500).optional(), email: z.string().max(500).optional() }).optional(),
});

export const paymentIntentAnswerSchema = z.object({
  id: z.string(),
  status: z.enum(['requires_payment_method', 'processing', 'succeeded', 'canceled']),
  amount: z.number().int(),
  currency: z.string(),
});
