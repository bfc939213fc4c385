import type { Product, ProductCount } from '@shop/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { GARAGE_STORAGE_KEY, keptShowParams } from '@/stores/garage';
import { stubFetch } from '@/test/fetch-stub';
import { buildProduct } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { pageSearchParams, parsePageParam } from '@/utils/page-param';
import { ProductCatalog } from './product-catalog';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const CB500F = 'c'.repeat(24);

/** The list as /allproducts shows it: its page in the address, beside the rider's choice of list. */
function Catalog() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  return (
    <>
      <ProductCatalog page={parsePageParam(params.get('page'))} onPageChange={(page) => setParams({ ...keptShowParams(params), ...pageSearchParams(page) })} />
      <output data-testid="address">{location.pathname + location.search}</output>
    </>
  );
}

describe('ProductCatalog with an active bike', () => {
  const fetchMock = stubFetch();
  const fitting = [buildProduct({ name: 'Spin-On Oil Filter' }), buildProduct({ name: 'Chain Lube Spray' })].map((part, index) => ({ ...part, fit: index === 0 ? ('fits' as const) : ('universal' as const) }));
  const unconfirmed = Array.from({ length: 6 }, (_, index) => ({ ...buildProduct({ name: `Engine Oil 10W-40 No. ${index + 1}` }), fit: 'unknown' as const }));

  /** The shop's answers: the bike's list (fitting, unconfirmed or all) and its count. */
  const shop = ({ counts, fitted = fitting, others = unconfirmed }: { counts: { fitting: ProductCount; unconfirmed: ProductCount }; fitted?: Product[]; others?: Product[] }) =>
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://shop');
      const show = url.searchParams.get('show');
      if (url.pathname === '/api/productCount') return json(show === 'unconfirmed' ? counts.unconfirmed : show === null ? counts.fitting : { count: 63 });
      if (url.pathname === '/api/products') return json(show === 'unconfirmed' ? others : show === 'all' ? [...fitted, ...others] : fitted);
      throw new Error(`unexpected call ${url.href}`);
    });
  const requested = () => fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://shop'));
  const ride = () =>
    localStorage.setItem(GARAGE_STORAGE_KEY, JSON.stringify([{ vehicleId: CB500F, make: 'Honda', model: 'CB500F', variant: '', year: 2019, active: true }]));
  const renderAt = (route: string) => renderWithProviders(<Routes><Route path="/allproducts" element={<Catalog />} /></Routes>, { route });

  it('after the fitting parts, says how many more match unconfirmed and links to them: in the address, each with its badge, pages by their count, and back', async () => {
    ride();
    shop({ counts: { fitting: { count: 2, unconfirmed: 31 }, unconfirmed: { count: 31 } } });
    renderAt('/allproducts');
    expect(await screen.findByText('31 more parts match but are not confirmed for your CB500F')).toBeInTheDocument();
    expect(screen.getByText('Fits your CB500F')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Show unconfirmed parts' });
    expect(link).toHaveAttribute('href', '/allproducts?show=unconfirmed');

    fireEvent.click(link);
    expect(screen.getByTestId('address')).toHaveTextContent('/allproducts?show=unconfirmed');
    await waitFor(() => expect(screen.getAllByText('Fit not confirmed')).toHaveLength(6));
    const pages = screen.getByRole('navigation', { name: 'Product pages' });
    expect(within(pages).getAllByRole('link')).toHaveLength(6);
    expect(requested().filter((url) => url.searchParams.get('show') === 'unconfirmed').map((url) => url.pathname).sort()).toEqual(['/api/productCount', '/api/products']);
    expect(screen.queryByText(/more parts match/)).not.toBeInTheDocument();

    fireEvent.click(within(pages).getByRole('link', { name: '2' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/allproducts?show=unconfirmed&page=2');
    fireEvent.click(screen.getByRole('button', { name: 'Back to the parts that fit your CB500F' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/allproducts$/);
    expect(await screen.findByText('31 more parts match but are not confirmed for your CB500F')).toBeInTheDocument();
  });

  it("with nothing fitting, says none is confirmed and offers the unconfirmed part and every part, never 'No parts for your bike yet'", async () => {
    ride();
    shop({ counts: { fitting: { count: 0, unconfirmed: 1 }, unconfirmed: { count: 1 } }, fitted: [], others: unconfirmed.slice(0, 1) });
    renderAt('/allproducts');
    expect(await screen.findByText('No parts are confirmed for your 2019 Honda CB500F yet.')).toBeInTheDocument();
    expect(screen.getByText('1 more part matches but is not confirmed for your CB500F')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show unconfirmed parts' })).toHaveAttribute('href', '/allproducts?show=unconfirmed');
    expect(screen.queryByText('No parts for your 2019 Honda CB500F yet.')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Show all parts' }));
    expect(await screen.findByRole('heading', { name: 'Engine Oil 10W-40 No. 1' })).toBeInTheDocument();
    expect(requested().filter((url) => url.pathname === '/api/products').at(-1)!.searchParams.get('show')).toBe('all');
  });

  it('when every part fits other bikes, says none of them fits and offers every part', async () => {
    ride();
    shop({ counts: { fitting: { count: 0, unconfirmed: 0, withoutBike: 63 }, unconfirmed: { count: 0 } }, fitted: [], others: [] });
    renderAt('/allproducts');
    expect(await screen.findByText('None of the parts fit your 2019 Honda CB500F.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show all parts' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Show unconfirmed parts' })).not.toBeInTheDocument();
    expect(screen.queryByText('No parts for your 2019 Honda CB500F yet.')).not.toBeInTheDocument();
  });

  it('an unconfirmed list opened from a link, with none left, says so and leads back to the fitting parts', async () => {
    ride();
    shop({ counts: { fitting: { count: 2, unconfirmed: 0 }, unconfirmed: { count: 0 } }, others: [] });
    renderAt('/allproducts?show=unconfirmed');
    expect(await screen.findByText('Every part here is confirmed for your CB500F or ruled out.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Back to the parts that fit your CB500F' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/allproducts$/);
    expect(await screen.findByRole('heading', { name: 'Spin-On Oil Filter' })).toBeInTheDocument();
    // No part left out: nothing to offer under the list.
    expect(screen.queryByRole('link', { name: 'Show unconfirmed parts' })).not.toBeInTheDocument();
  });

  it('without a bike, lists the catalogue as SPEC says, with nothing about fit', async () => {
    fetchMock.mockImplementation(async (input) => json(String(input).startsWith('/api/productCount') ? { count: 2 } : fitting.map(({ fit: _fit, ...part }) => part)));
    renderAt('/allproducts?show=unconfirmed');
    expect(await screen.findByRole('heading', { name: 'Spin-On Oil Filter' })).toBeInTheDocument();
    expect(requested().every((url) => !url.searchParams.has('show') && !url.searchParams.has('vehicle'))).toBe(true);
    expect(screen.queryByText(/not confirmed/)).not.toBeInTheDocument();
  });
});
