import type { ReactNode } from 'react';

/**
 * Where a table is narrower than its columns need, each row becomes a card, each cell on a line
 * of its own after its column's name (the cell's `data-label`), so nothing hides off to the side:
 * on phones, and wherever the dashboard's menu leaves the table too little room. The frame is a
 * size container, so the table follows the room it has, not the screen. Hence the explicit ARIA
 * table roles: browsers drop a table's semantics once its parts are no longer displayed as table
 * parts. Tailwind reads class names from the source, so each width's classes are written out.
 */
const stacked = {
  xl: {
    table: '@max-xl:block',
    head: '@max-xl:sr-only',
    body: '@max-xl:block',
    row: '@max-xl:block @max-xl:border-b @max-xl:border-base-300 @max-xl:py-2 @max-xl:last:border-b-0',
    cell: '@max-xl:flex @max-xl:items-start @max-xl:gap-3 @max-xl:border-b-0 @max-xl:py-1.5 @max-xl:before:w-24 @max-xl:before:shrink-0 @max-xl:before:font-medium @max-xl:before:content-[attr(data-label)]',
    optionalCell: '@max-xl:empty:hidden',
  },
  '2xl': {
    table: '@max-2xl:block',
    head: '@max-2xl:sr-only',
    body: '@max-2xl:block',
    row: '@max-2xl:block @max-2xl:border-b @max-2xl:border-base-300 @max-2xl:py-2 @max-2xl:last:border-b-0',
    cell: '@max-2xl:flex @max-2xl:items-start @max-2xl:gap-3 @max-2xl:border-b-0 @max-2xl:py-1.5 @max-2xl:before:w-24 @max-2xl:before:shrink-0 @max-2xl:before:font-medium @max-2xl:before:content-[attr(data-label)]',
    optionalCell: '@max-2xl:empty:hidden',
  },
  '3xl': {
    table: '@max-3xl:block',
    head: '@max-3xl:sr-only',
    body: '@max-3xl:block',
    row: '@max-3xl:block @max-3xl:border-b @max-3xl:border-base-300 @max-3xl:py-2 @max-3xl:last:border-b-0',
    cell: '@max-3xl:flex @max-3xl:items-start @max-3xl:gap-3 @max-3xl:border-b-0 @max-3xl:py-1.5 @max-3xl:before:w-24 @max-3xl:before:shrink-0 @max-3xl:before:font-medium @max-3xl:before:content-[attr(data-label)]',
    optionalCell: '@max-3xl:empty:hidden',
  },
  '4xl': {
    table: '@max-4xl:block',
    head: '@max-4xl:sr-only',
    body: '@max-4xl:block',
    row: '@max-4xl:block @max-4xl:border-b @max-4xl:border-base-300 @max-4xl:py-2 @max-4xl:last:border-b-0',
    cell: '@max-4xl:flex @max-4xl:items-start @max-4xl:gap-3 @max-4xl:border-b-0 @max-4xl:py-1.5 @max-4xl:before:w-24 @max-4xl:before:shrink-0 @max-4xl:before:font-medium @max-4xl:before:content-[attr(data-label)]',
    optionalCell: '@max-4xl:empty:hidden',
  },
} as const;

/** The width (of the room the table has) from which its columns fit side by side: 36, 42, 48 or 56 rem. */
export type TableFit = keyof typeof stacked;

const classes = {
  frame: '@container rounded-box border border-base-300 bg-base-100 overflow-x-auto',
  table: 'table',
  // A long word that people typed (a name, a review) wraps inside its cell instead of widening the page.
  cell: 'wrap-anywhere',
} as const;

export interface DeletableRowsProps<Row> {
  /** The number of the first row: rows are counted across pages. */
  firstIndex?: number;
  /** Asks to delete; the page confirms before anything happens. */
  onDelete: (row: Row) => void;
  /** The id of the row whose deletion is under way. */
  deletingId?: string | null;
}

export interface DataTableColumn<Row> {
  /** The column's name, also shown before the cell on phones. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Classes of the column's cells, e.g. widths and alignment. */
  className?: string;
  headerClassName?: string;
  /** The cell renders nothing for some rows. */
  optional?: boolean;
}

export interface DataTableProps<Row> {
  /** Names the table for assistive technology. */
  label: string;
  /** Header of the first column, which heads each row: its number, unless rowHeader says otherwise. */
  indexHeader: string;
  /** The number of the first row: rows are counted across pages. */
  firstIndex?: number;
  /** What heads a row in place of its number, e.g. an order's own number. */
  rowHeader?: (row: Row) => ReactNode;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The key of the row being changed right now, marked busy. */
  busyKey?: string | null;
  rowTestId?: string;
  /** From which width of its room the table shows as a table; below it, a card per row. */
  fitsFrom: TableFit;
}

/** The dashboard's tables: numbered (or otherwise headed) rows, one column per field, a card per row where the columns do not fit. */
export function DataTable<Row>({
  label,
  indexHeader,
  firstIndex = 1,
  rowHeader,
  columns,
  rows,
  rowKey,
  busyKey = null,
  rowTestId,
  fitsFrom,
}: DataTableProps<Row>) {
  const stack = stacked[fitsFrom];
  const cell = `${classes.cell} ${stack.cell}`;
  return (
    <div className={classes.frame}>
      <table role="table" className={`${classes.table} ${stack.table}`} aria-label={label}>
        <thead role="rowgroup" className={stack.head}>
          <tr role="row">
            <th role="columnheader" scope="col">
              {indexHeader}
            </th>
            {columns.map((column) => (
              <th key={column.header} role="columnheader" scope="col" className={column.headerClassName}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className={stack.body}>
          {rows.map((row, index) => {
            const key = rowKey(row);
            return (
              <tr role="row" key={key} className={stack.row} aria-busy={busyKey === key || undefined} data-testid={rowTestId}>
                <th role="rowheader" scope="row" className={`${cell} tabular-nums`} data-label={indexHeader}>
                  {rowHeader ? rowHeader(row) : firstIndex + index}
                </th>
                {columns.map((column) => (
                  <td
                    key={column.header}
                    role="cell"
                    className={`${cell} ${column.optional ? stack.optionalCell : ''} ${column.className ?? ''}`}
                    data-label={column.header}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
