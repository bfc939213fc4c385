/**
 * Quick order (SPEC-3 section 6): the text a workshop pastes, or its CSV file's text, read line
 * by line into part numbers and quantities. Written for what people really paste: 'HF204 x10',
 * 'hf-204, 2', 'CR9EIX 4', 'x10 HF204', '10 x HF204', spreadsheet rows with commas, semicolons or
 * tabs, quoted cells, empty cells ('HF204,,10'), a byte order mark and a header row.
 */
import { quickOrderMessages } from './schemas/cart.js';

/**
 * One line of a quick order as read: what it asks for, or why it could not be read. Lines count
 * from 1, blank ones included. `orPartNumber`: a line that ends in a bare number may be a part
 * number with a space in it ('HF 204', '90013 KEV 001'): the whole line, for one piece, when
 * `partNumber` names no part.
 */
export type QuickOrderLine = { line: number; partNumber: string; quantity: number; orPartNumber?: string } | { line: number; message: string };

type Read = { partNumber: string; quantity: Quantity; orPartNumber?: string };

/** The most digits a quantity is read with: more is no quantity anyone orders. */
const QUANTITY_DIGITS_MAX = 9;

/** Cells are split on these, outside quotes; a line with none is split on its spaces. */
const DELIMITERS = /[,;\t]/;
/** A quantity cell: `10`, `x10`, `x 10`, `10x`, `10 pcs`. */
const QUANTITY = /^(?:[x×*]\s*)?(\d+)(?:\s*(?:[x×*]|pcs?|pieces?))?$/i;
/** A number that is no whole quantity from 1: `-3`, `1.5`, `2,5`, `x0`. */
const NUMBER_LIKE = /^(?:[x×*]\s*)?[+-]?\d+(?:[.,]\d+)?(?:\s*[x×*])?$/i;
/** Names a header row's cells may have, compared without case, spaces, dashes, underscores or dots. */
const PART_HEADERS = new Set(['partnumber', 'partno', 'part', 'sku', 'number']);
const QUANTITY_HEADERS = new Set(['quantity', 'qty', 'pieces', 'amount']);

type Quantity = { quantity: number } | { invalid: true } | null;

/** What a cell says as a quantity: a whole number from 1, a number that is not one, or no number at all. */
function quantityOf(cell: string): Quantity {
  const text = cell.trim();
  const match = QUANTITY.exec(text);
  if (match) {
    const digits = match[1]!;
    const quantity = Number(digits);
    return digits.replace(/^0+/, '').length <= QUANTITY_DIGITS_MAX && quantity >= 1 ? { quantity } : { invalid: true };
  }
  return NUMBER_LIKE.test(text) ? { invalid: true } : null;
}

/** A delimited line's cells, each unquoted ('"HF204","10"', '"a ""quoted"" cell"') and trimmed; empty ones dropped. */
function cellsOf(text: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (DELIMITERS.test(char)) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells.map((value) => value.trim()).filter((value) => value !== '');
}

/** Whether a line has a delimiter outside quotes. */
function isDelimited(text: string): boolean {
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && DELIMITERS.test(char)) return true;
  }
  return false;
}

const headerName = (cell: string) => cell.toLowerCase().replace(/[\s_.-]/g, '');

/** A CSV header row: 'partNumber,quantity', 'Part Number;Qty', '"partnumber"\t"quantity"'. */
function isHeader(text: string): boolean {
  const cells = cellsOf(text).map(headerName);
  return cells.length === 2 && PART_HEADERS.has(cells[0]!) && QUANTITY_HEADERS.has(cells[1]!);
}

/** A part number cell as typed, with quotes around it taken off. */
const partNumberOf = (cell: string) => cell.replace(/^"(.*)"$/, '$1').trim();

/**
 * One line without delimiters: 'HF204 x10', 'HF204 x 10', 'CR9EIX 4', 'x10 HF204', '10 x HF204',
 * '10x HF204', or a part number alone (one piece). A part number may hold spaces ('15410 MFJ D01 2'):
 * a number at the end is the quantity.
 */
function readSpaced(text: string): Read | null {
  // A quantity alone names no part.
  if (quantityOf(text) !== null) return null;
  // The quantity last: 'HF204 x10', 'HF204 x 10', 'HF204 10', 'HF204 10 pcs'; read first when a line reads both ways ('X100 x2').
  const last = /^(.+?)\s+((?:[x×*]\s*)?[+-]?\d+(?:[.,]\d+)?(?:\s*(?:[x×*]|pcs?|pieces?))?)$/i.exec(text);
  if (last) {
    const read: Read = { partNumber: partNumberOf(last[1]!), quantity: quantityOf(last[2]!) ?? { invalid: true } };
    return /^\d+$/.test(last[2]!) ? { ...read, orPartNumber: partNumberOf(text) } : read;
  }
  // The quantity first: 'x10 HF204', 'x 10 HF204', '10 x HF204', '10x HF204'.
  const first = /^(?:[x×*]\s*([+-]?\d+(?:[.,]\d+)?)|([+-]?\d+(?:[.,]\d+)?)\s*[x×*])\s+(.+)$/i.exec(text);
  if (first) return { partNumber: partNumberOf(first[3]!), quantity: quantityOf(first[1] ?? first[2]!) ?? { invalid: true } };
  return { partNumber: partNumberOf(text), quantity: { quantity: 1 } };
}

/** One delimited line: its first two cells, the part number and the quantity in either order ('HF204;10', '10,HF204'). */
function readCells(cells: string[]): Read | null {
  if (cells.length === 0) return null;
  if (cells.length === 1) return readSpaced(cells[0]!);
  const [a, b] = [cells[0]!, cells[1]!];
  const [quantityA, quantityB] = [quantityOf(a), quantityOf(b)];
  if (quantityB !== null) return quantityA === null ? { partNumber: partNumberOf(a), quantity: quantityB } : null;
  if (quantityA !== null) return { partNumber: partNumberOf(b), quantity: quantityA };
  // Neither cell a number ('HF204, ten'): the second cell is an unreadable quantity.
  return { partNumber: partNumberOf(a), quantity: { invalid: true } };
}

/**
 * Reads a quick order's text, one entry per line that is neither blank nor a CSV header: a part
 * number and its quantity (1 when none is written), or the message saying why the line could not
 * be read. Lines are numbered as the customer sees them: from 1, every line counted.
 */
export function parseQuickOrder(text: string): QuickOrderLine[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const read: QuickOrderLine[] = [];
  let seenContent = false;
  lines.forEach((raw, index) => {
    const line = index + 1;
    const content = raw.replace(/^\uFEFF/, '').trim();
    if (content === '' || /^[,;\t\s"]*$/.test(content)) return;
    if (!seenContent) {
      seenContent = true;
      if (isHeader(content)) return;
    }
    const entry = isDelimited(content) ? readCells(cellsOf(content)) : readSpaced(content);
    if (!entry || entry.partNumber === '' || entry.quantity === null) {
      read.push({ line, message: quickOrderMessages.unreadable(line) });
    } else if ('invalid' in entry.quantity) {
      read.push({ line, message: quickOrderMessages.quantityInvalid(line) });
    } else {
      read.push({ line, partNumber: entry.partNumber, quantity: entry.quantity.quantity, ...(entry.orPartNumber === undefined ? {} : { orPartNumber: entry.orPartNumber }) });
    }
  });
  return read;
}
