import { createOrderSchema, phoneSchema, purchaseMessages } from '@shop/shared';
import { z } from 'zod';

export interface PurchaseLimits {
  minimum: number;
  /** Pieces in stock: the most one order can take. */
  available: number;
}

/**
 * SPEC section 5's purchase rules, checked before anything is sent. The shop checks the same
 * again against the stock of the moment, and its answer lands on the same fields.
 */
export const purchaseFormSchema = ({ minimum, available }: PurchaseLimits) =>
  z.object({
    quantity: z
      .string()
      .trim()
      .min(1, purchaseMessages.quantityRequired)
      .regex(/^-?\d+$/, purchaseMessages.quantityWhole)
      .transform(Number)
      .superRefine((quantity, context) => {
        if (quantity < minimum) context.addIssue({ code: 'custom', message: purchaseMessages.belowMinimum(minimum) });
        else if (quantity > available) context.addIssue({ code: 'custom', message: purchaseMessages.notAvailable(quantity) });
      }),
    location: createOrderSchema.shape.location,
    phone: phoneSchema,
  });

export type PurchaseFormInput = z.input<ReturnType<typeof purchaseFormSchema>>;
export type PurchaseFormValues = z.output<ReturnType<typeof purchaseFormSchema>>;

/** The order's total as the shop computes it: whole cents times pieces. */
export const orderTotal = (unitPrice: number, quantity: number): number => (Math.round(unitPrice * 100) * quantity) / 100;
