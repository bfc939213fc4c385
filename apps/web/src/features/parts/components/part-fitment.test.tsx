import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GARAGE_STORAGE_KEY } from '@/stores/garage';
import { stubFetch } from '@/test/fetch-stub';
import { buildProduct } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { PartFitBadge, PartFitment } from './part-fitment';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const MT07 = 'a'.repeat(24);
const Z650 = 'b'.repeat(24);
const activeBike = () =>
  localStorage.setItem(GARAGE_STORAGE_KEY, JSON.stringify([{ vehicleId: MT07, make: 'Yamaha', model: 'MT-07', variant: '', year: 2019, active: true }]));

describe('the part page fitment block', () => {
  const fetchMock = stubFetch();
  const pads = buildProduct({ name: 'Sintered Front Brake Pads', category: 'Brakes' });
  const fitting = [buildProduct({ name: 'Radial Brake Pads', category: 'Brakes' }), buildProduct({ name: 'Rear Brake Pads', category: 'Brakes' })];
  const answer = (fitment: unknown) =>
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/fitment')) return json(fitment);
      if (url.startsWith('/api/search')) return json({ total: 2, products: fitting.map((part) => ({ ...part, fit: 'fits' })), facets: { category: [], brand: [] } });
      throw new Error(`unexpected call ${url}`);
    });

  it("lists the bikes it fits; for an active bike it does not fit, says so and offers up to three parts of its category that do", async () => {
    activeBike();
    answer({ universal: false, vehicles: [{ vehicleId: Z650, make: 'Kawasaki', model: 'Z650', variant: '', yearFrom: 2017, yearTo: 2024, note: 'front' }] });
    renderWithProviders(
      <>
        <PartFitBadge productId={pads._id} />
        <PartFitment part={pads} />
      </>,
    );
    expect(await screen.findByText('Does not fit your 2019 Yamaha MT-07')).toBeInTheDocument();
    expect(screen.getByText('Does not fit your MT-07')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Make', 'Model', 'Years', 'Note']);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('KawasakiZ6502017–2024front');
    const alternatives = await screen.findByRole('region', { name: 'Parts that fit your bike' });
    expect(within(alternatives).getByRole('link', { name: 'Radial Brake Pads' })).toHaveAttribute('href', `/parts/${fitting[0]!._id}`);
    expect(within(alternatives).getAllByText('Fits your MT-07')).toHaveLength(2);
    const search = new URL(String(fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/search'))![0]), 'http://shop');
    expect(Object.fromEntries(search.searchParams)).toEqual({ category: 'Brakes', size: '48', vehicle: MT07, year: '2019' });
  });

  it("offers parts of the part's own category that fit the bike, those made for it before universal ones however the catalogue orders them", async () => {
    activeBike();
    const universal = [1, 2, 3, 4].map((n) => ({ ...buildProduct({ name: `Brake Cleaner ${n}`, category: 'Brakes' }), fit: 'universal' as const }));
    const madeFor = [1, 2].map((n) => ({ ...buildProduct({ name: `MT-07 Pads ${n}`, category: 'Brakes' }), fit: 'fits' as const }));
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/fitment')) return json({ universal: false, vehicles: [] });
      // The category's fitting parts in catalogue order: the universal ones come first.
      return json({ total: 6, products: [...universal, ...madeFor], facets: { category: [], brand: [] } });
    });
    renderWithProviders(<PartFitment part={pads} />);
    expect(await screen.findByText('Fit not confirmed for your 2019 Yamaha MT-07')).toBeInTheDocument();
    const alternatives = await screen.findByRole('region', { name: 'Parts that fit your bike' });
    expect(within(alternatives).getAllByRole('link').map((link) => link.textContent)).toEqual(['MT-07 Pads 1', 'MT-07 Pads 2', 'Brake Cleaner 1']);
    const search = new URL(String(fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/search'))![0]), 'http://shop');
    expect(search.searchParams.get('category')).toBe('Brakes');
  });

  it("says a universal part fits every bike and fits the rider's", async () => {
    activeBike();
    answer({ universal: true, vehicles: [] });
    renderWithProviders(<PartFitment part={pads} />);
    expect(await screen.findByText('Universal part: fits every bike')).toBeInTheDocument();
    expect(screen.getByText('Fits your 2019 Yamaha MT-07')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Parts that fit your bike' })).not.toBeInTheDocument();
  });

  it('without an active bike shows the table alone, and no badge', async () => {
    answer({ universal: false, vehicles: [{ vehicleId: MT07, make: 'Yamaha', model: 'MT-07', variant: '', yearFrom: 2014, yearTo: 2020, note: '' }] });
    renderWithProviders(
      <>
        <PartFitBadge productId={pads._id} />
        <PartFitment part={pads} />
      </>,
    );
    expect(await screen.findByRole('table')).toHaveTextContent('2014–2020');
    expect(screen.queryByText(/fit your/i)).not.toBeInTheDocument();
    // The badge's line leads to the list instead.
    expect(screen.getByRole('link', { name: 'See which bikes it fits' })).toHaveAttribute('href', '#part-fitment');
  });
});
