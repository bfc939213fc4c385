import type { ReactNode } from 'react';

/**
 * Below 640 px each row becomes a card, each cell on a line of its own after its column's name
 * (the cell's `data-label`), so nothing hides off to the side of a phone screen. Hence the
 * explicit ARIA table roles: browsers drop a table's semantics once its parts are no longer
 * displayed as table parts.
 */
const classes = {
  frame: 'rounded-box border border-base-300 bg-base-100 sm:overflow-x-auto',
  table: 'table max-sm:block',
  head: 'max-sm:sr-only',
  body: 'max-sm:block',
  row: 'max-sm:block max-sm:border-b max-sm:border-base-300 max-sm:py-2 max-sm:last:border-b-0',
  // A long word that people typed (a name, a review) wraps inside its cell instead of widening the page.
  cell: 'wrap-anywhere max-sm:flex max-sm:items-start max-sm:gap-3 max-sm:border-b-0 max-sm:py-1.5 max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:font-medium max-sm:before:content-[attr(data-label)]',
  /** A cell that is empty for some rows (e.g. no action for this one) is left out of the card then. */
  optionalCell: 'max-sm:empty:hidden',
} as const;

/** A table page whose rows each have Delete, which the page confirms first. */
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
  /** Header of the first column, which numbers the rows and heads each one. */
  indexHeader: string;
  /** The number of the first row: rows are counted across pages. */
  firstIndex?: number;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The key of the row being changed right now, marked busy. */
  busyKey?: string | null;
  rowTestId?: string;
  /** The table's smallest width beside phones, e.g. 'sm:min-w-3xl'. */
  className?: string;
}

/** The dashboard's tables: numbered rows, one column per field, a card per row on phones. */
export function DataTable<Row>({
  label,
  indexHeader,
  firstIndex = 1,
  columns,
  rows,
  rowKey,
  busyKey = null,
  rowTestId,
  className = '',
}: DataTableProps<Row>) {
  return (
    <div className={classes.frame}>
      <table role="table" className={`${classes.table} ${className}`} aria-label={label}>
        <thead role="rowgroup" className={classes.head}>
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
        <tbody role="rowgroup" className={classes.body}>
          {rows.map((row, index) => {
            const key = rowKey(row);
            return (
              <tr role="row" key={key} className={classes.row} aria-busy={busyKey === key || undefined} data-testid={rowTestId}>
                <th role="rowheader" scope="row" className={`${classes.cell} tabular-nums`} data-label={indexHeader}>
                  {firstIndex + index}
                </th>
                {columns.map((column) => (
                  <td
                    key={column.header}
                    role="cell"
                    className={`${classes.cell} ${column.optional ? classes.optionalCell : ''} ${column.className ?? ''}`}
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
