import type { Product } from '@shop/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildProduct } from '@/test/fixtures';
import { jsonResponse } from '@/test/image-upload-stub';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { signedInAs } from '@/test/viewer';
import { ManageProductsPage } from './manage-products-page';

/** The row showing this text, found by the text: naming every row of a 20-row table is slow in jsdom. */
const rowWith = async (text: string) => (await screen.findAllByText(text))[0]!.closest('tr')!;
const queryRowWith = (text: string) => screen.queryAllByText(text)[0]?.closest('tr') ?? null;

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
      if (url.pathname === '/api/search') {
        const q = url.searchParams.get('q') ?? '';
        const found = catalogue.filter((product) => product.name.endsWith(` ${q}`));
        return jsonResponse({ total: found.length, products: found, facets: { category: [], brand: [] } });
      }
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('size'));
      // Manage Products' own sort and filter (the shop's rules are tested on the server).
      const filter = url.searchParams.get('filter');
      const listed = filter === 'low' ? catalogue.filter((product) => product.quantity < product.minimum) : filter === 'waiting' ? [] : catalogue;
      if (url.pathname === '/api/productCount') return jsonResponse({ count: listed.length });
      const sorted = url.searchParams.get('sort') === '-price' ? [...listed].sort((a, b) => b.price - a.price) : listed;
      return jsonResponse(sorted.slice(page * size, page * size + size));
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderPage = (route = '/dashbord/manageProducts', { staff = false } = {}) =>
    renderWithProviders(
      <>
        <ManageProductsPage />
        <ToastContainer />
      </>,
      { route, ...(staff ? { queryClient: signedInAs(createTestQueryClient(), 'staff') } : {}) },
    );

  const requested = () => fetchMock.mock.calls.map(([input]) => String(input));

  it('shows 20 products a page from the paged list, with the count and a pager', async () => {
    renderPage();
    expect(await rowWith('Part 1')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(21);
    expect(requested()).toContain('/api/products?page=0&size=20');
    expect(await screen.findByText('45 products in the shop')).toBeInTheDocument();
    const pager = within(screen.getByRole('navigation', { name: 'Product pages' }));
    expect(pager.getByText('Page 1 of 3')).toBeInTheDocument();

    await userEvent.click(pager.getByRole('button', { name: 'Last' }));
    expect(await rowWith('Part 45')).toBeInTheDocument();
    expect(requested()).toContain('/api/products?page=2&size=20');
    expect(screen.getAllByRole('row')).toHaveLength(6);
    expect(within(await rowWith('Part 41')).getByRole('rowheader')).toHaveTextContent('41');
  });

  it("sorts by price and shows only the parts below their minimum with 'Low stock', kept in the address", async () => {
    catalogue[3] = { ...catalogue[3]!, name: 'Dear part', price: 999 };
    catalogue[7] = { ...catalogue[7]!, name: 'Short part', quantity: 1, minimum: 4 };
    const user = userEvent.setup();
    renderPage();
    await rowWith('Part 1');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price, highest first');
    await waitFor(() => expect(screen.getAllByRole('row')[1]).toHaveTextContent('Dear part'));
    expect(within(screen.getAllByRole('row')[1]!).getByRole('rowheader')).toHaveTextContent('1');
    expect(requested()).toContain('/api/products?page=0&size=20&sort=-price');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Low stock');
    expect(await screen.findByText('1 part below its minimum order: it shows as out of stock')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(screen.getAllByRole('row')[1]).toHaveTextContent('Short part');
    expect(requested()).toContain('/api/products?page=0&size=20&sort=-price&filter=low');
    expect(requested()).toContain('/api/productCount?filter=low');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('-price');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Waiting');
    expect(await screen.findByText('No order waiting for payment holds a part.')).toBeInTheDocument();
  });

  it('opens with the sort and filter of the address, and ignores ones the shop does not offer', async () => {
    renderPage('/dashbord/manageProducts?sort=-price&filter=soon');
    expect(await rowWith('Part 1')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('-price');
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('');
    expect(requested()).toContain('/api/products?page=0&size=20&sort=-price');
  });

  it('offers staff Update Product but no Delete, and no Add Product on an empty catalogue (SPEC-3 section 7)', async () => {
    renderPage(undefined, { staff: true });
    const row = within(await rowWith('Part 1'));
    expect(row.getByRole('link', { name: /Update Product/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    cleanup();
    catalogue = [];
    renderPage(undefined, { staff: true });
    expect(await screen.findByText('No products yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add Product' })).not.toBeInTheDocument();
  });

  it("deletes only after 'Are you Sure, You Want to Delete?' is confirmed", async () => {
    const user = userEvent.setup();
    renderPage();
    const row = within(await rowWith('Part 2'));
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
    await waitFor(() => expect(queryRowWith('Part 2')).not.toBeInTheDocument());
    expect(await screen.findByText('44 products in the shop')).toBeInTheDocument();
  });

  it('shows the last page when asked for one past the end', async () => {
    renderPage('/dashbord/manageProducts?page=9');
    expect(await rowWith('Part 45')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
  });

  it('searches on the server from the box, keeps the search in the address, and says when nothing is found', async () => {
    renderPage('/dashbord/manageProducts?q=7');
    expect(await screen.findByText('1 product found')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('7');
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(await rowWith('Part 7')).toBeInTheDocument();
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
