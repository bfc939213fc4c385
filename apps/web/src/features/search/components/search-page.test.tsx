import type { SearchAnswer } from '@shop/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { GARAGE_STORAGE_KEY } from '@/stores/garage';
import { stubFetch } from '@/test/fetch-stub';
import { buildProduct } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { stubViewportWidth } from '@/test/viewport';
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
  // A laptop's window: the filters beside the results.
  beforeEach(() => stubViewportWidth(1280));
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

  it('keeps every choice made before the address has taken the one before (a category, then at once a brand)', async () => {
    fetchMock.mockImplementation(async () => json(answer()));
    renderAt('/search?q=oil&inStock=true');
    const category = await screen.findByRole('combobox', { name: 'Category' });
    const brand = screen.getByRole('combobox', { name: 'Brand' });
    await waitFor(() => expect(brand).toHaveTextContent('HiFlo (2)'));
    // Both in one batch: the router renders the first choice only after the second is made.
    act(() => {
      fireEvent.change(category, { target: { value: 'Filters' } });
      fireEvent.change(brand, { target: { value: 'HiFlo' } });
    });
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/search?q=oil&category=Filters&brand=HiFlo&inStock=true'));
    // The next choice, once the router has caught up, starts from both.
    act(() => fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price-asc' } }));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('/search?q=oil&category=Filters&brand=HiFlo&inStock=true&sort=price-asc'));
  });

  it('below the lg breakpoint keeps the filters in a sheet behind one Filters button that counts those on; each choice applies at once', async () => {
    stubViewportWidth(768);
    fetchMock.mockImplementation(async () => json(answer()));
    renderAt('/search?q=oil&brand=HiFlo');
    expect(await screen.findByText('2 parts')).toBeInTheDocument();
    expect(screen.getByText('Spin-On Oil Filter, 65 mm')).toBeInTheDocument();
    // One markup at every width (jsdom applies no CSS): folded, the filters are hidden below lg.
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    expect(filters).toHaveClass('hidden', 'lg:block');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const open = screen.getByRole('button', { name: 'Filters (1 filter on)' });
    expect(open).toHaveClass('lg:hidden');
    fireEvent.click(open);
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(sheet).toBe(filters);
    expect(sheet).not.toHaveClass('hidden');
    expect(within(sheet).getByRole('combobox', { name: 'Brand' })).toHaveValue('HiFlo');
    fireEvent.change(within(sheet).getByRole('combobox', { name: 'Category' }), { target: { value: 'Filters' } });
    fireEvent.click(within(sheet).getByRole('checkbox', { name: 'In stock only' }));
    fireEvent.change(within(sheet).getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price-asc' } });
    expect(screen.getByTestId('address')).toHaveTextContent('/search?q=oil&category=Filters&brand=HiFlo&inStock=true&sort=price-asc');
    await waitFor(() => expect(requested().at(-1)).toContain('/search?q=oil&category=Filters&brand=HiFlo&inStock=true&sort=price-asc&size=12'));
    expect(screen.getByRole('button', { name: 'Filters (3 filters on)' })).toBeInTheDocument();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/search\?q=oil&sort=price-asc$/);
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Show 2 parts' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Filters' })).toHaveClass('hidden');
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    // Sending the sheet changed nothing more: each choice had applied.
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/search\?q=oil&sort=price-asc$/);
  });

  it('from the lg breakpoint shows the filters beside the results; the Filters button is for smaller screens', async () => {
    fetchMock.mockImplementation(async () => json(answer()));
    renderAt('/search?q=oil');
    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    expect(filters).toHaveClass('lg:block');
    expect(within(filters).getByRole('combobox', { name: 'Category' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Filters/ })).toHaveClass('lg:hidden');
  });

  it('is a plain GET form of /search too, so the filters work without JavaScript: the text and the bike list kept, each filter named as in the address', async () => {
    fetchMock.mockImplementation(async () => json(answer()));
    renderAt('/search?q=oil&brand=HiFlo&inStock=true&show=unconfirmed');
    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    await waitFor(() => expect(within(filters).getByRole('combobox', { name: 'Brand' })).toHaveValue('HiFlo'));
    const form = filters.closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/search');
    const sent = new URLSearchParams(new FormData(form) as unknown as Record<string, string>);
    expect(sent.toString()).toBe('q=oil&show=unconfirmed&category=&brand=HiFlo&inStock=true&sort=relevance');
    expect(within(filters).getByRole('button', { name: 'Show 2 parts' })).toHaveAttribute('type', 'submit');
  });

  it("offers 'Next' and 'Previous' over pages of twelve, the page in the address, as links that work without JavaScript", async () => {
    fetchMock.mockImplementation(async () => json(answer({ total: 30 })));
    renderAt('/search?q=brake&show=unconfirmed');
    const next = await screen.findByRole('link', { name: 'Next' });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(next).toHaveAttribute('href', '/search?q=brake&page=2&show=unconfirmed');
    fireEvent.click(next);
    expect(screen.getByTestId('address')).toHaveTextContent('/search?q=brake&page=2&show=unconfirmed');
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(requested().at(-1)).toContain('page=1&size=12');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/search?q=brake&show=unconfirmed'));
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

describe('SearchPage with an active bike', () => {
  const fetchMock = stubFetch();
  beforeEach(() => stubViewportWidth(1280));
  const CB500F = 'c'.repeat(24);
  const ride = () =>
    localStorage.setItem(GARAGE_STORAGE_KEY, JSON.stringify([{ vehicleId: CB500F, make: 'Honda', model: 'CB500F', variant: '', year: 2019, active: true }]));
  const oils = ['Engine Oil 10W-40, 1 L', 'Engine Oil 10W-40, 4 L', 'Semi-Synthetic 10W-40'].map((name) => ({ ...buildProduct({ name, category: 'Oils & Fluids' }), fit: 'unknown' as const }));
  const nothing = { total: 0, products: [], facets: { category: [], brand: [] } };
  /** The shop's answers: for the bike's fitting parts, and for those without fitment data. */
  const shop = (fitting: SearchAnswer, unconfirmed: SearchAnswer = nothing) =>
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://shop');
      if (url.pathname === '/api/categories') return json([{ _id: 'a'.repeat(24), name: 'Oils & Fluids', count: 3 }]);
      return json(url.searchParams.get('show') === 'unconfirmed' ? unconfirmed : fitting);
    });
  const renderAt = (route: string) =>
    renderWithProviders(
      <Routes>
        <Route
          path="/search"
          element={
            <>
              <SearchPage
                renderResults={({ products, empty }) =>
                  products?.length === 0 ? empty : <ul>{products?.map((p) => <li key={p._id}>{`${p.name}: ${p.fit}`}</li>)}</ul>
                }
              />
              <Address />
            </>
          }
        />
      </Routes>,
      { route },
    );
  const searched = () => fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://shop')).filter((url) => url.pathname === '/api/search');

  it("never says 'No parts found' while parts match unconfirmed: offers them, kept in the address with the filters, and every part", async () => {
    ride();
    shop({ ...nothing, unconfirmed: 3 }, { total: 3, products: oils, facets: { category: [{ value: 'Oils & Fluids', count: 3 }], brand: [] } });
    renderAt('/search?q=10w40');
    expect(await screen.findByText('No part found for "10w40" is confirmed for your 2019 Honda CB500F yet.')).toBeInTheDocument();
    expect(screen.getByText('3 more parts match but are not confirmed for your CB500F')).toBeInTheDocument();
    expect(screen.queryByText('No parts found for "10w40"')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show all parts' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Show unconfirmed parts' });
    expect(link).toHaveAttribute('href', '/search?q=10w40&show=unconfirmed');

    fireEvent.click(link);
    expect(await screen.findByText('Engine Oil 10W-40, 1 L: unknown')).toBeInTheDocument();
    expect(screen.getByText('3 parts')).toBeInTheDocument();
    expect(Object.fromEntries(searched().at(-1)!.searchParams)).toEqual({ q: '10w40', size: '12', vehicle: CB500F, year: '2019', show: 'unconfirmed' });
    // A filter or the sort keeps the list in the address.
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price-asc' } });
    expect(screen.getByTestId('address')).toHaveTextContent('/search?q=10w40&sort=price-asc&show=unconfirmed');
    fireEvent.click(await screen.findByRole('button', { name: 'Back to the parts that fit your CB500F' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/search\?q=10w40&sort=price-asc$/);
  });

  it('after the parts found that fit, says how many more match unconfirmed, one part in the singular', async () => {
    ride();
    const filter = { ...buildProduct({ name: 'Spin-On Oil Filter' }), fit: 'fits' as const };
    shop({ total: 1, products: [filter], facets: { category: [], brand: [] }, unconfirmed: 1 });
    renderAt('/search?q=oil&category=Filters');
    expect(await screen.findByText('Spin-On Oil Filter: fits')).toBeInTheDocument();
    expect(screen.getByText('1 more part matches but is not confirmed for your CB500F')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show unconfirmed parts' })).toHaveAttribute('href', '/search?q=oil&category=Filters&show=unconfirmed');
  });

  it("when every part found fits other bikes, says none fits the rider's and offers every part; 'No parts found' only when nothing matches at all", async () => {
    ride();
    shop({ ...nothing, unconfirmed: 0, withoutBike: 2 });
    renderAt('/search?q=brake%20pads');
    expect(await screen.findByText('None of the parts found for "brake pads" fit your 2019 Honda CB500F.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Show unconfirmed parts' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show all parts' }));
    await waitFor(() => expect(searched().at(-1)!.searchParams.get('show')).toBe('all'));
    cleanup();
    sessionStorage.clear();

    shop({ ...nothing, unconfirmed: 0, withoutBike: 0 });
    renderAt('/search?q=xylophone');
    expect(await screen.findByText('No parts found for "xylophone"')).toBeInTheDocument();
  });
});
