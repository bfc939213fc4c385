/**
 * What the card fields show as a person types, whatever their keyboard can type: a phone's number
 * pad has no '/' and no space, so the fields add them. Pasted text is taken apart the same way.
 */

const digitsOf = (text: string, max: number): string => text.replace(/\D/g, '').slice(0, max);

/** The card number in groups of four, at most 19 digits: "4242424242424242" → "4242 4242 4242 4242". */
export const formatCardNumber = (typed: string): string => digitsOf(typed, 19).replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * The expiry as MM/YY, the '/' added once the year begins: "1230" → "12/30", "123" → "12/3". A
 * first digit that cannot start a month is the month itself: "4" → "04". Two digits stay as they
 * are, so deleting back over the '/' works.
 */
export function formatExpiry(typed: string): string {
  let digits = digitsOf(typed, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The security code: three or four digits. */
export const formatCvc = (typed: string): string => digitsOf(typed, 4);
