import { importMessages } from '@shop/shared';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/** A row of a CSV file: its values by column, and the line of the file it starts on. */
export interface CsvRow<Column extends string> {
  line: number;
  values: Record<Column, string>;
}

export type CsvRead<Column extends string> = { rows: CsvRow<Column>[] } | { problem: { line: number; message: string }; rows?: undefined };

const lineBreaks = (text: string) => (text.match(/\r\n|\n|\r/g) ?? []).length;

/**
 * Reads a CSV file through csv-parse: quotes, commas and line breaks inside fields, a UTF-8 byte
 * order mark, CRLF or LF line ends, blank lines skipped. The first line must name exactly the
 * columns, in any order; each row keeps the line it starts on, for the messages.
 */
export function readCsv<Column extends string>(text: string, columns: readonly Column[]): CsvRead<Column> {
  if (text.includes('\u0000')) return { problem: { line: 1, message: importMessages.notCsv } };
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, { bom: true, info: true, skip_empty_lines: true, relax_column_count: true, record_delimiter: ['\r\n', '\n', '\r'] }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { problem: { line, message: `${importMessages.notCsv}: ${(error as Error).message}` } };
  }
  const [header, ...body] = records;
  if (!header) return { problem: { line: 1, message: importMessages.empty } };
  const names = header.record.map((name) => name.trim());
  const unknown = names.find((name) => !columns.includes(name as Column));
  if (unknown !== undefined) return { problem: { line: 1, message: `${importMessages.header(columns)}. ${importMessages.unknownColumn(unknown)}` } };
  const missing = columns.find((column) => !names.includes(column));
  if (missing !== undefined) return { problem: { line: 1, message: `${importMessages.header(columns)}. ${importMessages.missingColumn(missing)}` } };
  if (body.length === 0) return { problem: { line: 2, message: importMessages.empty } };

  const rows: CsvRow<Column>[] = [];
  for (const { record, info } of body) {
    const line = info.lines - record.reduce((breaks, value) => breaks + lineBreaks(value), 0);
    if (record.length !== names.length) return { problem: { line, message: importMessages.columnCount(record.length, names.length) } };
    const values = {} as Record<Column, string>;
    names.forEach((name, index) => (values[name as Column] = record[index]!));
    rows.push({ line, values });
  }
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
