/**
 * Classes that turn a daisyUI table into one card per row below 640 px, each cell on a line of its
 * own after its column's name (the cell's `data-label`), so nothing hides off to the side of a
 * phone screen. Tables given these also need explicit ARIA table roles: browsers drop a table's
 * semantics once its parts are no longer displayed as table parts.
 */
export const responsiveTable = {
  frame: 'rounded-box border border-base-300 bg-base-100 sm:overflow-x-auto',
  table: 'table max-sm:block',
  head: 'max-sm:sr-only',
  body: 'max-sm:block',
  row: 'max-sm:block max-sm:border-b max-sm:border-base-300 max-sm:py-2 max-sm:last:border-b-0',
  cell: 'max-sm:flex max-sm:items-start max-sm:gap-3 max-sm:border-b-0 max-sm:py-1.5 max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:font-medium max-sm:before:content-[attr(data-label)]',
  /** A cell that may be empty (e.g. no action for this row): left out of the card when it is. */
  optionalCell: 'max-sm:empty:hidden',
} as const;
