import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildProduct } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ProductsTable } from './products-table';

const pads = buildProduct({ name: 'Brake Pad Set', price: 12.5, quantity: 40, minimum: 4 });
const chain = buildProduct({ name: 'Chain Kit', price: 89, quantity: 2, minimum: 5 });

describe('ProductsTable', () => {
  it('lists thumbnail, name, part number, category, brand, price, stock and minimum, numbered across pages', () => {
    renderWithProviders(<ProductsTable products={[pads, chain]} firstIndex={21} onDelete={vi.fn()} />);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '#',
      'Image',
      'Name',
      'Part number',
      'Category',
      'Brand',
      'Price',
      'Stock',
      'Minimum',
      'Actions',
    ]);
    const [first, second] = screen.getAllByRole('row').slice(1);
    expect(within(first!).getByRole('rowheader')).toHaveTextContent('21');
    expect(within(first!).getAllByRole('cell').map((cell) => cell.textContent?.trim())).toEqual(
      expect.arrayContaining(['Brake Pad Set', 'FDB2012P', 'Brakes', 'Ferodo', '$12.50', '40', '4']),
    );
    // On a table the name keeps to one line, whole in its tooltip.
    expect(within(first!).getByTitle('Brake Pad Set')).toHaveTextContent('Brake Pad Set');
    expect(first!.querySelector('img')).toHaveAttribute('src', pads.img);
    expect(within(second!).getByRole('rowheader')).toHaveTextContent('22');
    expect(second).toHaveTextContent('Out OF Stock.');
  });

  it('says how many customers wait for a part to be back in stock', () => {
    renderWithProviders(<ProductsTable products={[pads, chain]} onDelete={vi.fn()} waiting={new Map([[chain._id, 3]])} />);
    const [first, second] = screen.getAllByRole('row').slice(1);
    expect(within(second!).getByTestId('stock-alerts-waiting')).toHaveTextContent('3 waiting');
    expect(within(first!).queryByTestId('stock-alerts-waiting')).not.toBeInTheDocument();
  });

  it("links each product's 'Update Product' to its update page and asks to delete it", async () => {
    const onDelete = vi.fn();
    renderWithProviders(<ProductsTable products={[pads, chain]} onDelete={onDelete} />);
    const row = within(screen.getByRole('row', { name: /Chain Kit/ }));
    expect(row.getByRole('link', { name: 'Update Product Chain Kit' })).toHaveAttribute('href', `/dashbord/updateproducts/${chain._id}`);
    await userEvent.click(row.getByRole('button', { name: 'Delete Chain Kit' }));
    expect(onDelete).toHaveBeenCalledWith(chain);
  });

  it('disables the row whose deletion is under way', () => {
    renderWithProviders(<ProductsTable products={[pads, chain]} onDelete={vi.fn()} deletingId={pads._id} />);
    expect(screen.getByRole('button', { name: 'Delete Brake Pad Set' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Chain Kit' })).toBeEnabled();
  });
});
