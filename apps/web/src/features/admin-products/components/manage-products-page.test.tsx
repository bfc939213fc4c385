import type { Product } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildProduct } from '@/test/fixtures';
import { jsonResponse } from '@/test/image-upload-stub';
import { renderWithProviders } from '@/test/render';
import { ManageProductsPage } from './manage-products-page';

describe('ManageProductsPage', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let catalogue: Product[];

  beforeEach(() => {
    catalogue = Array.from({ length: 45 }, (_, index) => buildProduct({ name: `Part ${index + 1}` }));
    fetchMock.mockReset();
    // The shop's paged list and count, from `catalogue`.
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://shop.test');
      if (init?.method === 'DELETE') {
        const id = url.pathname.split('/').pop();
        catalogue = catalogue.filter((product) => product._id !== id);
        return jsonResponse({ acknowledged: true, deletedCount: 1 });
      }
      if (url.pathname === '/api/productCount') return jsonResponse({ count: catalogue.length });
      if (url.pathname === '/api/search') {
        const q = url.searchParams.get('q') ?? '';
        const found = catalogue.filter((product) => product.name.endsWith(` ${q}`));
        return jsonResponse({ total: found.length, products: found, facets: { category: [], brand: [] } });
      }
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('size'));
      return jsonResponse(catalogue.slice(page * size, page * size + size));
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderPage = (route = '/dashbord/manageProducts') =>
    renderWithProviders(
      <>
        <ManageProductsPage />
        <ToastContainer />
      </>,
      { route },
    );

  const requested = () => fetchMock.mock.calls.map(([input]) => String(input));

  it('shows 20 products a page from the paged list, with the count and a pager', async () => {
    renderPage();
    expect(await screen.findByRole('row', { name: /Part 1\b/ })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(21);
    expect(requested()).toContain('/api/products?page=0&size=20');
    expect(await screen.findByText('45 products in the shop')).toBeInTheDocument();
    const pager = within(screen.getByRole('navigation', { name: 'Product pages' }));
    expect(pager.getByText('Page 1 of 3')).toBeInTheDocument();

    await userEvent.click(pager.getByRole('button', { name: 'Last' }));
    expect(await screen.findByRole('row', { name: /Part 45/ })).toBeInTheDocument();
    expect(requested()).toContain('/api/products?page=2&size=20');
    expect(screen.getAllByRole('row')).toHaveLength(6);
    expect(within(screen.getByRole('row', { name: /Part 41/ })).getByRole('rowheader')).toHaveTextContent('41');
  });

  it("deletes only after 'Are you Sure, You Want to Delete?' is confirmed", async () => {
    const user = userEvent.setup();
    renderPage();
    const row = within(await screen.findByRole('row', { name: /Part 2\b/ }));
    const partTwo = catalogue[1]!;

    await user.click(row.getByRole('button', { name: /Delete/ }));
    const dialog = screen.getByRole('dialog', { name: 'Are you Sure, You Want to Delete?' });
    expect(dialog).toHaveTextContent('Part 2 will be removed from the shop.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(row.getByRole('button', { name: /Delete/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product Delete Successfully.')).toBeInTheDocument();
    const deletion = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(deletion?.[0]).toBe(`/api/products/${partTwo._id}`);
    await waitFor(() => expect(screen.queryByRole('row', { name: /Part 2\b/ })).not.toBeInTheDocument());
    expect(await screen.findByText('44 products in the shop')).toBeInTheDocument();
  });

  it('shows the last page when asked for one past the end', async () => {
    renderPage('/dashbord/manageProducts?page=9');
    expect(await screen.findByRole('row', { name: /Part 45/ })).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
  });

  it('searches on the server from the box, keeps the search in the address, and says when nothing is found', async () => {
    renderPage('/dashbord/manageProducts?q=7');
    expect(await screen.findByText('1 product found')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('7');
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByRole('row', { name: /Part 7/ })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/search?q=7&size=20')).toBe(true);

    const user = userEvent.setup();
    const box = screen.getByRole('searchbox', { name: 'Search products' });
    await user.clear(box);
    await user.type(box, 'nothing{Enter}');
    expect(await screen.findByText('No products found for "nothing".')).toBeInTheDocument();
  });

  it('offers to add the first product to an empty shop', async () => {
    catalogue = [];
    renderPage();
    expect(await screen.findByText('No products yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Product' })).toHaveAttribute('href', '/dashbord/addproducts');
  });
});
