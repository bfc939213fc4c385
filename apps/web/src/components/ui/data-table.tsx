import type { CSSProperties, ReactNode } from 'react';

/**
 * Where a table is narrower than its columns need, each row becomes a card, each cell on a line
 * of its own after its column's name (the cell's `data-label`), so nothing hides off to the side:
 * on phones, and wherever the dashboard's menu leaves the table too little room. The frame is a
 * size container, so the table follows the room it has, not the screen. Hence the explicit ARIA
 * table roles: browsers drop a table's semantics once its parts are no longer displayed as table
 * parts. A `oneLine` table keeps each row to one line: nothing wraps, long texts are cut with an
 * ellipsis (`truncate`), and the columns that matter least step aside (`hideBelow`) where the
 * room is short, as on a 1024 px screen beside the dashboard's menu. A link cut short is cut
 * inside its own box, so all of what can be clicked is in view. Tailwind reads class names
 * from the source, so each width's classes are written out.
 */
const stacked = {
  lg: {
    table: '@max-lg:block',
    head: '@max-lg:sr-only',
    body: '@max-lg:block',
    row: '@max-lg:block @max-lg:border-b @max-lg:border-base-300 @max-lg:py-2 @max-lg:last:border-b-0',
    cell: '@max-lg:flex @max-lg:items-start @max-lg:gap-3 @max-lg:border-b-0 @max-lg:py-1.5 @max-lg:before:w-24 @max-lg:before:shrink-0 @max-lg:before:font-medium @max-lg:before:content-[attr(data-label)]',
    oneLine: '@max-lg:wrap-anywhere @lg:whitespace-nowrap @lg:px-2',
    headCell: '@lg:px-2 @lg:align-bottom',
    optionalCell: '@max-lg:empty:hidden',
    truncated: '@lg:block @lg:max-w-(--cell-width) @lg:truncate @lg:[&>a]:block @lg:[&>a]:truncate',
  },
  xl: {
    table: '@max-xl:block',
    head: '@max-xl:sr-only',
    body: '@max-xl:block',
    row: '@max-xl:block @max-xl:border-b @max-xl:border-base-300 @max-xl:py-2 @max-xl:last:border-b-0',
    cell: '@max-xl:flex @max-xl:items-start @max-xl:gap-3 @max-xl:border-b-0 @max-xl:py-1.5 @max-xl:before:w-24 @max-xl:before:shrink-0 @max-xl:before:font-medium @max-xl:before:content-[attr(data-label)]',
    oneLine: '@max-xl:wrap-anywhere @xl:whitespace-nowrap @xl:px-2',
    headCell: '@xl:px-2 @xl:align-bottom',
    optionalCell: '@max-xl:empty:hidden',
    truncated: '@xl:block @xl:max-w-(--cell-width) @xl:truncate @xl:[&>a]:block @xl:[&>a]:truncate',
  },
  '2xl': {
    table: '@max-2xl:block',
    head: '@max-2xl:sr-only',
    body: '@max-2xl:block',
    row: '@max-2xl:block @max-2xl:border-b @max-2xl:border-base-300 @max-2xl:py-2 @max-2xl:last:border-b-0',
    cell: '@max-2xl:flex @max-2xl:items-start @max-2xl:gap-3 @max-2xl:border-b-0 @max-2xl:py-1.5 @max-2xl:before:w-24 @max-2xl:before:shrink-0 @max-2xl:before:font-medium @max-2xl:before:content-[attr(data-label)]',
    oneLine: '@max-2xl:wrap-anywhere @2xl:whitespace-nowrap @2xl:px-2',
    headCell: '@2xl:px-2 @2xl:align-bottom',
    optionalCell: '@max-2xl:empty:hidden',
    truncated: '@2xl:block @2xl:max-w-(--cell-width) @2xl:truncate @2xl:[&>a]:block @2xl:[&>a]:truncate',
  },
  '3xl': {
    table: '@max-3xl:block',
    head: '@max-3xl:sr-only',
    body: '@max-3xl:block',
    row: '@max-3xl:block @max-3xl:border-b @max-3xl:border-base-300 @max-3xl:py-2 @max-3xl:last:border-b-0',
    cell: '@max-3xl:flex @max-3xl:items-start @max-3xl:gap-3 @max-3xl:border-b-0 @max-3xl:py-1.5 @max-3xl:before:w-24 @max-3xl:before:shrink-0 @max-3xl:before:font-medium @max-3xl:before:content-[attr(data-label)]',
    oneLine: '@max-3xl:wrap-anywhere @3xl:whitespace-nowrap @3xl:px-2',
    headCell: '@3xl:px-2 @3xl:align-bottom',
    optionalCell: '@max-3xl:empty:hidden',
    truncated: '@3xl:block @3xl:max-w-(--cell-width) @3xl:truncate @3xl:[&>a]:block @3xl:[&>a]:truncate',
  },
  '4xl': {
    table: '@max-4xl:block',
    head: '@max-4xl:sr-only',
    body: '@max-4xl:block',
    row: '@max-4xl:block @max-4xl:border-b @max-4xl:border-base-300 @max-4xl:py-2 @max-4xl:last:border-b-0',
    cell: '@max-4xl:flex @max-4xl:items-start @max-4xl:gap-3 @max-4xl:border-b-0 @max-4xl:py-1.5 @max-4xl:before:w-24 @max-4xl:before:shrink-0 @max-4xl:before:font-medium @max-4xl:before:content-[attr(data-label)]',
    oneLine: '@max-4xl:wrap-anywhere @4xl:whitespace-nowrap @4xl:px-2',
    headCell: '@4xl:px-2 @4xl:align-bottom',
    optionalCell: '@max-4xl:empty:hidden',
    truncated: '@4xl:block @4xl:max-w-(--cell-width) @4xl:truncate @4xl:[&>a]:block @4xl:[&>a]:truncate',
  },
} as const;

/** The width (of the room the table has) from which its columns fit side by side: 32, 36, 42, 48 or 56 rem. */
export type TableFit = keyof typeof stacked;

/**
 * A column that steps aside on a table whose room is narrower than this (48, 56, 64 or 72 rem),
 * e.g. beside the dashboard's menu on a 1024 px screen; a card, where there is room below, shows
 * it again (the card's own display comes later in the style sheet, so it wins).
 */
const hidden = {
  '3xl': '@max-3xl:hidden',
  '4xl': '@max-4xl:hidden',
  '5xl': '@max-5xl:hidden',
  '6xl': '@max-6xl:hidden',
} as const;
export type ColumnRoom = keyof typeof hidden;

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
  /**
   * Long text (a name, an address): on a table cut to one line at this width (a CSS length such
   * as '14rem') with an ellipsis, the whole text in a tooltip; a card shows it whole.
   */
  truncate?: { width: string; title: (row: Row) => string };
  /** Leaves the column out of a table narrower than this: the columns that matter least. */
  hideBelow?: ColumnRoom;
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
  fitsFrom?: TableFit;
  /**
   * As a table, each row keeps to one line with tighter cells (the dashboard's tables): give long
   * texts `truncate`, and the columns that matter least `hideBelow`. Otherwise cells wrap.
   */
  oneLine?: boolean;
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
  fitsFrom = 'xl',
  oneLine = false,
}: DataTableProps<Row>) {
  const stack = stacked[fitsFrom];
  const cell = `${stack.cell} ${oneLine ? stack.oneLine : classes.cell}`;
  const headCell = oneLine ? stack.headCell : '';
  const hiddenIn = (column: DataTableColumn<Row>) => (column.hideBelow ? hidden[column.hideBelow] : '');
  return (
    <div className={classes.frame}>
      <table role="table" className={`${classes.table} ${stack.table}`} aria-label={label}>
        <thead role="rowgroup" className={stack.head}>
          <tr role="row">
            <th role="columnheader" scope="col" className={headCell}>
              {indexHeader}
            </th>
            {columns.map((column) => (
              <th key={column.header} role="columnheader" scope="col" className={`${headCell} ${column.headerClassName ?? ''} ${hiddenIn(column)}`}>
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
                    className={`${cell} ${column.optional ? stack.optionalCell : ''} ${hiddenIn(column)} ${column.className ?? ''}`}
                    data-label={column.header}
                  >
                    {column.truncate ? (
                      <span
                        className={stack.truncated}
                        style={{ '--cell-width': column.truncate.width } as CSSProperties}
                        title={column.truncate.title(row)}
                      >
                        {column.cell(row)}
                      </span>
                    ) : (
                      column.cell(row)
                    )}
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
