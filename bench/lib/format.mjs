// @ts-check
/** Number formats shared by the report and the targets. */

/** @param {number} value @param {number} [digits] */
export const number = (value, digits = 0) =>
  value.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
/** Kilobytes of 1 000 bytes. @param {number} bytes */
export const kb = (bytes) => number(bytes / 1000, 1);
/** @param {number} value */
export const ms = (value) => number(value, value < 10 ? 1 : 0);
