import { isAscii, isUtf8 } from 'node:buffer';
import { importMessages, spreadsheetText } from '@shop/shared';
import { type Parser, parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import iconv from 'iconv-lite';

/** A row of a CSV file: its values by column, and the line of the file it starts on. */
export interface CsvRow<Column extends string> {
  line: number;
  values: Record<Column, string>;
}

/** A file's rows and the separator its header line showed, or why it cannot be read. */
export type CsvRead<Column extends string> = { rows: CsvRow<Column>[]; delimiter: CsvDelimiter } | { problem: { line: number; message: string }; rows?: undefined };

/** The field separators a spreadsheet writes: a comma, a semicolon (where the decimal mark is a comma), a tab. */
const DELIMITERS = [',', ';', '\t'] as const;
type CsvDelimiter = (typeof DELIMITERS)[number];

/**
 * The separator of a file, from its header line: the one it holds most of. Column names hold
 * none of them, so the header tells the file's dialect before a value can mislead it.
 */
const delimiterOf = (header: string): CsvDelimiter => {
  const count = (delimiter: string) => header.split(delimiter).length - 1;
  return DELIMITERS.reduce((best, delimiter) => (count(delimiter) > count(best) ? delimiter : best));
};

/** A file that is not text in any encoding the import reads. */
export class NotText extends Error {
  constructor() {
    super(`${importMessages.notCsv}. ${importMessages.resave}`);
  }
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => prefix.every((byte, index) => bytes[index] === byte);
type Decoder = { decode(bytes?: Uint8Array, options?: { stream?: boolean }): string };
/**
 * Windows-1252 through iconv-lite: one byte a character, so chunks decode on their own. (Node's
 * TextDecoder('windows-1252') reads the bytes as ISO-8859-1, losing € and ’ to control characters.)
 */
const windows1252: Decoder = { decode: (bytes) => (bytes ? iconv.decode(bytes, 'windows-1252') : '') };

/** How many bytes a UTF-8 sequence of this first byte has; 0 for a byte no sequence starts with. */
const sequenceLength = (lead: number): number => (lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0);

/**
 * A file's bytes as text, chunk by chunk as they arrive, in the encoding it was saved in: UTF-8
 * (with or without a byte order mark), UTF-16 with its byte order mark (Excel's 'Unicode Text'),
 * or Windows-1252 (Excel's 'CSV (Comma delimited)' in Western Europe and the Americas). ASCII
 * reads the same in all of them; the first character beyond it tells: a valid UTF-8 sequence
 * ('ä' is C3 A4) makes the file UTF-8, anything else Windows-1252 ('ä' is E4), whose text
 * practically never forms one ('Ã¤'). A UTF-8 file with bytes that are not UTF-8 further on
 * (two encodings in one file) throws NotText.
 */
export async function* decodeText(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const ascii = new TextDecoder('utf-8');
  let decoder: Decoder | undefined;
  let started = false;
  let pending: Uint8Array = new Uint8Array(0);
  /** The decoder the bytes ask for, or undefined while they are ASCII (or the first sequence is cut off) and more may come. */
  const choose = (bytes: Uint8Array, end: boolean): Decoder | undefined => {
    if (isAscii(bytes)) return undefined;
    const first = bytes.findIndex((byte) => byte >= 0x80);
    const length = sequenceLength(bytes[first]!);
    if (length > 0 && bytes.length - first < length && !end) return undefined;
    // ignoreBOM keeps a UTF-8 mark in the text, where csv-parse's `bom` takes it off.
    if (length > 0 && isUtf8(bytes.subarray(first, first + length))) return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    return windows1252;
  };
  try {
    for await (const chunk of chunks) {
      if (decoder) {
        yield decoder.decode(chunk, { stream: true });
        continue;
      }
      let bytes: Uint8Array = chunk;
      if (pending.length > 0) {
        bytes = new Uint8Array(pending.length + chunk.length);
        bytes.set(pending);
        bytes.set(chunk, pending.length);
      }
      pending = bytes;
      if (!started) {
        if (bytes.length < UTF8_BOM.length) continue;
        started = true;
        if (startsWith(bytes, UTF8_BOM)) decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
        else if (startsWith(bytes, [0xff, 0xfe])) decoder = new TextDecoder('utf-16le');
        else if (startsWith(bytes, [0xfe, 0xff])) decoder = new TextDecoder('utf-16be');
      }
      decoder ??= choose(bytes, false);
      if (decoder) {
        pending = new Uint8Array(0);
        yield decoder.decode(bytes, { stream: true });
        continue;
      }
      // ASCII so far, which every encoding the import takes reads the same; the undecided rest waits.
      const upTo = isAscii(bytes) ? bytes.length : bytes.findIndex((byte) => byte >= 0x80);
      yield ascii.decode(bytes.subarray(0, upTo));
      pending = bytes.slice(upTo);
    }
    if (!decoder && !started && startsWith(pending, [0xff, 0xfe])) decoder = new TextDecoder('utf-16le');
    decoder ??= choose(pending, true) ?? ascii;
    yield decoder.decode(pending);
  } catch (error) {
    if (error instanceof TypeError && (error as { code?: string }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA') throw new NotText();
    throw error;
  }
}

const lineBreaks = (text: string) => (text.match(/\r\n|\n|\r/g) ?? []).length;

/** Far above the longest row the shop takes (a 2 000-character description and the rest), so a file without line ends is not held whole. */
const MAX_RECORD_CHARACTERS = 64 * 1024;

/** The text parsed between turns of the event loop. */
const PIECE_CHARACTERS = 64 * 1024;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Resolves when the parser takes more text, or has stopped. */
const drained = (parser: Parser) =>
  new Promise<void>((resolve) => {
    const done = () => {
      parser.off('drain', done).off('close', done);
      resolve();
    };
    parser.on('drain', done).on('close', done);
  });

/** Stops a read that found what it answers (a bad header, a bad line) without reading the rest. */
class Stop extends Error {
  constructor(readonly problem: { line: number; message: string }) {
    super(problem.message);
  }
}

/**
 * Reads a CSV file through csv-parse's streaming parser as its text arrives: quotes, separators and
 * line breaks inside fields, a byte order mark, CRLF or LF line ends, blank lines skipped; fields
 * separated by commas, semicolons or tabs, as the header line shows (delimiterOf).
 * The first line must name exactly the columns (and any of the optional ones), in any order; each
 * row keeps the line it starts on, for the messages. A file of more than `maxRows` rows throws
 * `tooManyRows()` as soon as the row after the last is read, so a long file is neither held nor
 * parsed whole. The source is not destroyed when the read stops early: the caller drains it.
 */
export async function readCsv<Column extends string>(
  text: AsyncIterable<string>,
  columns: readonly Column[],
  { optional = [], maxRows, tooManyRows }: { optional?: readonly Column[]; maxRows: number; tooManyRows: () => Error },
): Promise<CsvRead<Column>> {
  // The header line first (it is short: column names), for the separator the parser is made with.
  const source = text[Symbol.asyncIterator]();
  let head = '';
  let ended = false;
  while (!/[\r\n]/.test(head) && head.length < MAX_RECORD_CHARACTERS) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    head += next.value;
  }
  const delimiter = delimiterOf(head.split(/[\r\n]/, 1)[0]!);
  async function* chunks() {
    yield head;
    while (!ended) {
      const next = await source.next();
      if (next.done) return;
      yield next.value;
    }
  }
  const parser = parse({ bom: true, info: true, delimiter, skip_empty_lines: true, relax_column_count: true, record_delimiter: ['\r\n', '\n', '\r'], max_record_size: MAX_RECORD_CHARACTERS });
  const feeding = (async () => {
    try {
      for await (const chunk of chunks()) {
        // A workbook or an image: control bytes no text file holds.
        if (chunk.includes('\u0000')) throw new Stop({ line: 1, message: new NotText().message });
        for (let from = 0; from < chunk.length; from += PIECE_CHARACTERS) {
          if (!parser.write(chunk.slice(from, from + PIECE_CHARACTERS))) await drained(parser);
          if (parser.destroyed) return;
          // The other requests' turn: a piece is parsed in a few milliseconds, a whole file would take seconds.
          await nextTurn();
        }
      }
      parser.end();
    } catch (error) {
      parser.destroy(error as Error);
    }
  })();
  let names: string[] | undefined;
  const rows: CsvRow<Column>[] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!names) {
        names = record.map((name) => name.trim());
        const unknown = names.find((name) => !columns.includes(name as Column));
        if (unknown !== undefined) throw new Stop({ line: 1, message: `${importMessages.header(columns.filter((column) => !optional.includes(column)))}. ${importMessages.unknownColumn(unknown)}` });
        const missing = columns.find((column) => !optional.includes(column) && !names!.includes(column));
        if (missing !== undefined) throw new Stop({ line: 1, message: `${importMessages.header(columns.filter((column) => !optional.includes(column)))}. ${importMessages.missingColumn(missing)}` });
        continue;
      }
      const line = info.lines - record.reduce((breaks, value) => breaks + lineBreaks(value), 0);
      if (record.length !== names.length) throw new Stop({ line, message: importMessages.columnCount(record.length, names.length) });
      if (rows.length === maxRows) throw tooManyRows();
      const values = {} as Record<Column, string>;
      names.forEach((name, index) => (values[name as Column] = record[index]!));
      rows.push({ line, values });
    }
  } catch (error) {
    parser.destroy();
    await feeding;
    if (error instanceof Stop) return { problem: error.problem };
    if ((error as { code?: string }).code?.startsWith('CSV_')) {
      const line = (error as { lines?: number }).lines ?? 1;
      return { problem: { line, message: `${importMessages.notCsv}: ${(error as Error).message}` } };
    }
    throw error;
  }
  await feeding;
  if (!names) return { problem: { line: 1, message: importMessages.empty } };
  if (rows.length === 0) return { problem: { line: 2, message: importMessages.empty } };
  return { rows, delimiter };
}

/** A CSV file with a header line, CRLF line ends, formulas kept as text (spreadsheetText; the import takes the mark off again). */
export function writeCsv<Column extends string>(columns: readonly Column[], rows: Iterable<Record<Column, string | number>>): string {
  const records: string[][] = [[...columns]];
  for (const row of rows) records.push(columns.map((column) => spreadsheetText(String(row[column]))));
  return stringify(records, { record_delimiter: '\r\n' });
}
