/** The discount code applied in the cart travels to /checkout with the navigation. */
export const carriedCodeState = (code: string | null) => (code ? { discountCode: code } : undefined);

/** The code the cart sent along, or null. */
export const carriedDiscountCode = (state: unknown): string | null =>
  typeof state === 'object' && state !== null && 'discountCode' in state && typeof state.discountCode === 'string' ? state.discountCode : null;
