import { importMessages } from '@shop/shared';
import { type Parser, parse } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';

/** A row of a CSV file: its values by column, and the line of the file it starts on. */
export interface CsvRow<Column extends string> {
  line: number;
  values: Record<Column, string>;
}

export type CsvRead<Column extends string> = { rows: CsvRow<Column>[] } | { problem: { line: number; message: string }; rows?: undefined };

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
 * Reads a CSV file through csv-parse's streaming parser as its text arrives: quotes, commas and
 * line breaks inside fields, a UTF-8 byte order mark, CRLF or LF line ends, blank lines skipped.
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
  const parser = parse({ bom: true, info: true, skip_empty_lines: true, relax_column_count: true, record_delimiter: ['\r\n', '\n', '\r'], max_record_size: MAX_RECORD_CHARACTERS });
  const feeding = (async () => {
    try {
      for await (const chunk of text) {
        if (chunk.includes('\u0000')) throw new Stop({ line: 1, message: importMessages.notCsv });
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
  return { rows };
}

/**
 * A cell a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage
 * return) is written with a leading apostrophe, which spreadsheets show as text; the import
 * takes the apostrophe off again.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
export const neutralise = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);
export const unneutralise = (value: string): string => (value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value);

/** A CSV file with a header line, CRLF line ends, formula cells neutralised. */
export function writeCsv<Column extends string>(columns: readonly Column[], rows: Iterable<Record<Column, string | number>>): string {
  const records: string[][] = [[...columns]];
  for (const row of rows) records.push(columns.map((column) => neutralise(String(row[column]))));
  return stringify(records, { record_delimiter: '\r\n' });
}
