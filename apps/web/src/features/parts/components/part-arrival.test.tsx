import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@/lib/access-token';
import { buildProduct, buildSession } from '@/test/fixtures';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { PartPage } from './part-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const SETTINGS = { shopName: 'Moto Parts', country: 'US', pricesIncludeTax: false, cutoff: '14:00', timeZone: 'America/New_York', returnWindowDays: 30 };
/** Half a minute more than 3 h 20 min from now: the page shows 3 h 20 min for that half minute. */
const inThreeHoursTwenty = () => new Date(Date.now() + (200 * 60 + 30) * 1000).toISOString();
const methods = (dispatchBy: string | null) => [
  { _id: 'a'.repeat(24), name: 'Collect from the shop', price: 0, freeFrom: null, daysMin: 0, daysMax: 0, countries: ['US'], arrivesFrom: '2025-11-27', arrivesTo: '2025-11-27', dispatchBy },
  { _id: 'b'.repeat(24), name: 'Standard', price: 4.9, freeFrom: 75, daysMin: 2, daysMax: 4, countries: ['*'], arrivesFrom: '2025-11-28', arrivesTo: '2025-12-02', dispatchBy },
];

describe("the part page's arrival line", () => {
  const fetchMock = stubFetch();

  /** The shop's answers; `answer` first, for what a test changes. */
  function renderPart(part = buildProduct({ quantity: 20, minimum: 1 }), answer: (url: string) => Response | undefined = () => undefined) {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      const own = answer(url);
      if (own) return own;
      if (url.endsWith('/settings')) return json(SETTINGS);
      if (url.includes('/shipping-methods?country=US')) return json(methods(inThreeHoursTwenty()));
      if (url.endsWith('/fitment')) return json({ universal: false, vehicles: [] });
      if (url.includes('/reviews')) return json({ reviews: [], total: 0, average: 0 });
      if (url.includes(`/products/${part._id}`)) return json(part);
      return json(url.includes('/cart') ? { lines: [], total: 0 } : []);
    });
    renderWithProviders(<PartPage productId={part._id} notFound={<p>Not found here</p>} />);
    return part;
  }
  const calledFor = (fragment: string) => fetchMock.mock.calls.some(([input]) => String(input).includes(fragment));

  it("shows a visitor the cheapest delivery to the shop's country, and the countdown while dispatch today is possible", async () => {
    renderPart();
    expect(await screen.findByText('Arrives Fri 28 Nov – Tue 2 Dec')).toBeInTheDocument();
    expect(screen.getByTestId('dispatch-countdown')).toHaveTextContent('Order within 3 h 20 min for dispatch today');
    expect(screen.queryByText(/Ready to collect/)).not.toBeInTheDocument();
    expect(calledFor('/addresses')).toBe(false);
  });

  it('shows no countdown after the cut-off', async () => {
    renderPart(undefined, (url) => (url.includes('/shipping-methods') ? json(methods(null)) : undefined));
    expect(await screen.findByText('Arrives Fri 28 Nov – Tue 2 Dec')).toBeInTheDocument();
    expect(screen.queryByTestId('dispatch-countdown')).not.toBeInTheDocument();
  });

  it("uses a signed-in customer's default address's country", async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    const address = { fullName: 'Ana', line1: '1 Main St', line2: '', city: 'Toronto', postcode: 'M5V 2T6', phone: '+1 416 555 0100' };
    renderPart(undefined, (url) => {
      if (url.endsWith('/auth/get-session')) return json(buildSession());
      if (url.endsWith('/addresses'))
        return json([
          { _id: 'c'.repeat(24), ...address, region: 'ON', country: 'CA', isDefault: true },
          { _id: 'd'.repeat(24), ...address, region: 'NY', country: 'US', isDefault: false },
        ]);
      if (url.includes('/shipping-methods?country=CA')) return json([{ ...methods(null)[1], arrivesFrom: '2025-12-01', arrivesTo: '2025-12-04' }]);
      return undefined;
    });
    expect(await screen.findByText('Arrives Mon 1 Dec – Thu 4 Dec')).toBeInTheDocument();
    expect(calledFor('country=US')).toBe(false);
  });

  it('is not shown for an out-of-stock part', async () => {
    renderPart(buildProduct({ quantity: 0, minimum: 1 }));
    expect(await screen.findByText('Out OF Stock.')).toBeInTheDocument();
    await waitFor(() => expect(calledFor('/products/')).toBe(true));
    expect(screen.queryByTestId('part-arrival')).not.toBeInTheDocument();
    expect(calledFor('/shipping-methods')).toBe(false);
  });
});
