import { createOrderSchema, lineProblem, lineProblemMessage, type PartLimits, phoneSchema, readQuantity } from '@shop/shared';
import { z } from 'zod';
import { deliveryFormFields, regionRule } from '@/lib/delivery-form';

/**
 * The typed quantity: a whole number of pieces by the shop's own rule, within this product's
 * minimum and stock. A number outside those limits gets SPEC's message for them, even one the
 * rule refuses anyway (0, -2): to the customer it is below the minimum.
 */
const quantitySchema = (limits: PartLimits) =>
  z.string().transform((typed, context) => {
    const text = typed.trim();
    const number = text === '' ? Number.NaN : Number(text);
    const problem = Number.isInteger(number) ? lineProblem(number, limits) : null;
    // The form has the part: never 'gone' here.
    if (problem) context.addIssue({ code: 'custom', message: lineProblemMessage(problem, { quantity: number, minimum: limits.minimum }, '') });
    else {
      const read = readQuantity(text);
      if ('quantity' in read) return read.quantity;
      context.addIssue({ code: 'custom', message: read.error });
    }
    return z.NEVER;
  });

/**
 * SPEC section 5's purchase rules and SPEC-3's address, checked before anything is sent. The shop checks the same
 * again against the stock of the moment, and its answer lands on the same fields.
 */
export const purchaseFormSchema = (limits: PartLimits) =>
  z
    .object({
      quantity: quantitySchema(limits),
      location: createOrderSchema.shape.location,
      phone: phoneSchema,
      ...deliveryFormFields,
    })
    .refine(...regionRule);

export type PurchaseFormInput = z.input<ReturnType<typeof purchaseFormSchema>>;
export type PurchaseFormValues = z.output<ReturnType<typeof purchaseFormSchema>>;

/** The quantity typed so far, when it is one the form would send; for the running total. */
export const acceptedQuantity = (typed: string, limits: PartLimits): number | null => {
  const checked = quantitySchema(limits).safeParse(typed);
  return checked.success ? checked.data : null;
};
