import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataTableColumn } from './data-table';

interface Part {
  id: string;
  name: string;
  brand: string;
}

const parts: Part[] = [
  { id: 'a', name: 'Sintered Front Brake Pads for the 2019 Honda CB500F, a pair', brand: 'EBC' },
  { id: 'b', name: 'Spark plug', brand: '' },
];

const columns: DataTableColumn<Part>[] = [
  { header: 'Name', truncate: { width: '10rem', title: (part) => part.name }, cell: (part) => part.name },
  { header: 'Brand', hideBelow: '4xl', optional: true, cell: (part) => part.brand || null },
];

// jsdom lays nothing out and knows no container queries: these check the structure and the classes
// the browser applies (the layout sweep and the admin journey check the real widths).
describe('DataTable', () => {
  it('is a table with a column header per column and a row header per row, numbered from firstIndex', () => {
    render(<DataTable label="Parts" indexHeader="#" firstIndex={21} columns={columns} rows={parts} rowKey={(part) => part.id} />);
    const table = screen.getByRole('table', { name: 'Parts' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['#', 'Name', 'Brand']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['21', '22']);
    // Each cell carries its column's name for the card it becomes on a phone.
    expect(within(rows[0]!).getAllByRole('cell').map((cell) => cell.dataset.label)).toEqual(['Name', 'Brand']);
  });

  it('keeps a row to one line on a table and cuts long text with an ellipsis, the whole text in its tooltip', () => {
    render(<DataTable label="Parts" indexHeader="#" columns={columns} rows={parts} rowKey={(part) => part.id} fitsFrom="2xl" oneLine />);
    const [nameCell] = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(nameCell).toHaveClass('@2xl:whitespace-nowrap', '@max-2xl:wrap-anywhere');
    const cut = within(nameCell!).getByTitle(parts[0]!.name);
    expect(cut).toHaveTextContent(parts[0]!.name);
    expect(cut).toHaveClass('@2xl:truncate', '@2xl:max-w-(--cell-width)');
    expect(cut.style.getPropertyValue('--cell-width')).toBe('10rem');
  });

  it('lets the columns that matter least step aside on a narrow table, header and cells alike, and shows them on cards', () => {
    render(<DataTable label="Parts" indexHeader="#" columns={columns} rows={parts} rowKey={(part) => part.id} fitsFrom="2xl" />);
    expect(screen.getByRole('columnheader', { name: 'Brand' })).toHaveClass('@max-4xl:hidden');
    const brand = within(screen.getAllByRole('row')[1]!).getAllByRole('cell')[1]!;
    // On a card (below 2xl) the cell's own display comes after the hiding in the style sheet, so it shows.
    expect(brand).toHaveClass('@max-4xl:hidden', '@max-2xl:flex');
    expect(screen.getByRole('columnheader', { name: 'Name' })).not.toHaveClass('@max-4xl:hidden');
  });

  it('becomes cards from 36 rem down and wraps long words in its cells unless told otherwise, as before', () => {
    render(<DataTable label="Parts" indexHeader="#" columns={[{ header: 'Name', cell: (part: Part) => part.name }]} rows={parts} rowKey={(part) => part.id} />);
    expect(screen.getByRole('table')).toHaveClass('@max-xl:block');
    const cell = within(screen.getAllByRole('row')[1]!).getByRole('cell');
    expect(cell).toHaveClass('@max-xl:flex', 'wrap-anywhere');
    expect(cell).not.toHaveClass('@xl:whitespace-nowrap');
    // Without `truncate` the cell is the column's own content, with no tooltip around it.
    expect(cell.querySelector('[title]')).toBeNull();
    expect(cell).toHaveTextContent(parts[0]!.name);
  });

  it('marks the row whose change is under way', () => {
    render(<DataTable label="Parts" indexHeader="#" columns={columns} rows={parts} rowKey={(part) => part.id} busyKey="b" />);
    const [, first, second] = screen.getAllByRole('row');
    expect(first).not.toHaveAttribute('aria-busy');
    expect(second).toHaveAttribute('aria-busy', 'true');
  });
});
