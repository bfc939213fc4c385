import { createOrderSchema, orderQuantitySchema, phoneSchema, purchaseMessages } from '@shop/shared';
import { z } from 'zod';

export interface PurchaseLimits {
  minimum: number;
  /** Pieces in stock: the most one order can take. */
  available: number;
}

/**
 * The typed quantity: a whole number of pieces by the shop's own rule, within this product's
 * minimum and stock. A number outside those limits gets SPEC's message for them, even one the
 * rule refuses anyway (0, -2): to the customer it is below the minimum.
 */
const quantitySchema = ({ minimum, available }: PurchaseLimits) =>
  z.string().transform((typed, context) => {
    const text = typed.trim();
    const number = text === '' ? Number.NaN : Number(text);
    const whole = Number.isInteger(number);
    if (whole && number < minimum) context.addIssue({ code: 'custom', message: purchaseMessages.belowMinimum(minimum) });
    else if (whole && number > available) context.addIssue({ code: 'custom', message: purchaseMessages.notAvailable(number) });
    else {
      const checked = orderQuantitySchema.safeParse(text);
      if (checked.success) return checked.data;
      for (const issue of checked.error.issues) context.addIssue({ code: 'custom', message: issue.message });
    }
    return z.NEVER;
  });

/**
 * SPEC section 5's purchase rules, checked before anything is sent. The shop checks the same
 * again against the stock of the moment, and its answer lands on the same fields.
 */
export const purchaseFormSchema = (limits: PurchaseLimits) =>
  z.object({
    quantity: quantitySchema(limits),
    location: createOrderSchema.shape.location,
    phone: phoneSchema,
  });

export type PurchaseFormInput = z.input<ReturnType<typeof purchaseFormSchema>>;
export type PurchaseFormValues = z.output<ReturnType<typeof purchaseFormSchema>>;

/** The quantity typed so far, when it is one the form would send; for the running total. */
export const acceptedQuantity = (typed: string, limits: PurchaseLimits): number | null => {
  const checked = quantitySchema(limits).safeParse(typed);
  return checked.success ? checked.data : null;
};

/** The order's total as the shop computes it: whole cents times pieces. */
export const orderTotal = (unitPrice: number, quantity: number): number => (Math.round(unitPrice * 100) * quantity) / 100;
