import type { SearchAnswer } from '@shop/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { buildProduct } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { SearchBox } from './search-box';
import { SearchPage } from './search-page';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

const answer = (overrides: Partial<SearchAnswer> = {}): SearchAnswer => ({
  total: 2,
  products: [buildProduct({ name: 'Spin-On Oil Filter, 65 mm', category: 'Filters' }), buildProduct({ name: 'Engine Oil 10W-40, 1 L', category: 'Oils & Fluids' })],
  facets: {
    category: [
      { value: 'Filters', count: 1 },
      { value: 'Oils & Fluids', count: 1 },
    ],
    brand: [{ value: 'HiFlo', count: 2 }],
  },
  ...overrides,
});

describe('SearchPage', () => {
  const fetchMock = stubFetch();
  const renderAt = (route: string) =>
    renderWithProviders(
      <Routes>
        <Route
          path="/search"
          element={
            <>
              <SearchBox />
              <SearchPage renderResults={({ products, empty }) => (products?.length === 0 ? empty : <ul>{products?.map((p) => <li key={p._id}>{p.name}</li>)}</ul>)} />
              <Address />
            </>
          }
        />
      </Routes>,
      { route },
    );
  const requested = () => fetchMock.mock.calls.map(([url]) => decodeURIComponent(String(url)));

  it('shows what was searched, how many parts, and facets with counts; a filter goes into the address and the request', async () => {
    fetchMock.mockImplementation(async () => json(answer()));
    renderAt('/search?q=oil');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for "oil"' })).toBeInTheDocument();
    expect(await screen.findByText('2 parts')).toBeInTheDocument();
    expect(screen.getByText('Spin-On Oil Filter, 65 mm')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search parts' })).toHaveValue('oil');
    const category = screen.getByRole('combobox', { name: 'Category' });
    expect(within(category).getByRole('option', { name: 'Filters (1)' })).toBeInTheDocument();
    expect(requested()[0]).toContain('/search?q=oil&size=12');

    fireEvent.change(category, { target: { value: 'Filters' } });
    expect(screen.getByTestId('address')).toHaveTextContent('/search?q=oil&category=Filters');
    fireEvent.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price-asc' } });
    expect(screen.getByTestId('address')).toHaveTextContent('/search?q=oil&category=Filters&inStock=true&sort=price-asc');
    await screen.findByText('2 parts');
    expect(requested().at(-1)).toContain('/search?q=oil&category=Filters&inStock=true&sort=price-asc&size=12');
  });

  it("offers 'Next' and 'Previous' over pages of twelve, the page in the address", async () => {
    fetchMock.mockImplementation(async () => json(answer({ total: 30 })));
    renderAt('/search?q=brake');
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/search?q=brake&page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(requested().at(-1)).toContain('page=1&size=12');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled());
  });

  it("says 'No parts found' for the text and links to the categories", async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/categories')
        ? json([
            { _id: 'a'.repeat(24), name: 'Brakes', count: 4 },
            { _id: 'b'.repeat(24), name: 'Other', count: 0 },
          ])
        : json(answer({ total: 0, products: [], facets: { category: [], brand: [] } })),
    );
    renderAt('/search?q=xylophone');
    expect(await screen.findByText('No parts found for "xylophone"')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Brakes' })).toHaveAttribute('href', '/search?category=Brakes');
    expect(screen.queryByRole('link', { name: 'Other' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('searches from the box with Enter', async () => {
    fetchMock.mockImplementation(async () => json(answer()));
    renderAt('/search');
    expect(await screen.findByRole('heading', { level: 1, name: 'All parts' })).toBeInTheDocument();
    const box = screen.getByRole('searchbox', { name: 'Search parts' });
    fireEvent.change(box, { target: { value: '  batery ' } });
    fireEvent.submit(box.closest('form')!);
    expect(screen.getByTestId('address')).toHaveTextContent('/search?q=batery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for "batery"' })).toBeInTheDocument();
  });
});
