/**
 * The one rule for values the shop writes into CSV files a spreadsheet opens (the catalogue and
 * orders exports, an import's rows to fix).
 *
 * A spreadsheet runs a cell that starts with =, +, -, @ (or a tab or carriage return, which some
 * strip first) as a formula, and a formula can call functions (HYPERLINK, WEBSERVICE, DDE) that
 * leak data or start programs. Such a cell is written with a leading apostrophe, which keeps it
 * text. A value that starts with + or - and holds only digits, spaces and the punctuation of phone
 * numbers and amounts ( ) . / + - is not one: without a letter it names no function and no cell,
 * so a phone '+44 7700 900000' or an amount '-12.50' is written as it is, no apostrophe to show.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const DIGITS_ONLY = /^[+-][\d ()./+-]*$/;

const isFormula = (value: string): boolean => FORMULA_START.test(value) && !DIGITS_ONLY.test(value);

/** The value as a spreadsheet cell of text: a formula behind an apostrophe, anything else as it is. */
export const spreadsheetText = (value: string): string => (isFormula(value) ? `'${value}` : value);

/** A cell the shop's own export wrote, back to its value: the apostrophe it put before a formula taken off. */
export const fromSpreadsheetText = (value: string): string => (value.startsWith("'") && isFormula(value.slice(1)) ? value.slice(1) : value);
