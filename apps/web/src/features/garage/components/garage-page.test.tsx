import type { GarageBikeService, ServiceKit } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@/lib/access-token';
import { CART_STORAGE_KEY } from '@/stores/cart';
import { GARAGE_STORAGE_KEY } from '@/stores/garage';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { GaragePage } from './garage-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refused = (status: number, message: string, fieldErrors?: Record<string, string[]>) =>
  json({ error: { code: status === 422 ? 'VALIDATION_FAILED' : 'CONFLICT', message, ...(fieldErrors ? { fieldErrors } : {}) }, requestId: 'r-1' }, status);
const id = (n: number) => n.toString(16).padStart(24, '0');
const MT07 = 'a'.repeat(24);
const BIKE = 'b'.repeat(24);
const OIL = id(1);
const FILTER = id(2);
const FILTER_IN_STOCK = id(3);
const PLUG = id(4);

/** The 2019 Yamaha MT-07's kit: oil in stock, a filter out of stock with another offered, plugs out of stock, and a washer the shop deleted. */
const kit: ServiceKit = {
  intervalKm: 10_000,
  intervalMonths: 12,
  total: 64.2,
  lines: [
    { productId: OIL, name: 'Engine oil 10W-40 1 l', quantity: 3, note: '3.1 l with filter', price: 13.9, inStock: true, minimum: 1, img: null, available: 30 },
    {
      productId: FILTER,
      name: 'Oil filter HF204',
      quantity: 1,
      note: '',
      price: 9.5,
      inStock: false,
      minimum: 1,
      img: null,
      available: 0,
      alternative: { productId: FILTER_IN_STOCK, name: 'Oil filter KN-204', price: 11, img: null, minimum: 1, available: 8 },
    },
    { productId: PLUG, name: 'Spark plug CR9EK', quantity: 2, note: 'one per cylinder', price: 6.5, inStock: false, minimum: 2, img: null, available: 0 },
    { productId: null, name: 'Crush washer M14', quantity: 1, note: '', price: null, inStock: false },
  ],
};

const serverBike = (overrides: Partial<GarageBikeService> = {}): GarageBikeService => ({
  _id: BIKE,
  vehicleId: MT07,
  make: 'Yamaha',
  model: 'MT-07',
  variant: '',
  year: 2019,
  active: true,
  reminders: false,
  odometerKm: 9_700,
  odometerOn: '2026-10-01',
  kmPerDay: 25.5,
  lastService: null,
  nextService: { km: 10_000, date: '2027-03-01' },
  serviceDue: true,
  readings: [{ _id: id(20), km: 9_700, readOn: '2026-10-01' }],
  services: [],
  ...overrides,
});

function Address() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string; search: string } } | null)?.from;
  return (
    <>
      <output data-testid="address">{location.pathname + location.search}</output>
      <output data-testid="return-to">{from ? from.pathname + from.search : ''}</output>
    </>
  );
}

interface Call {
  method: string;
  path: string;
  body: unknown;
}

describe('My Garage: service kit, odometer and reminders', () => {
  const fetchMock = stubFetch();

  /** The shop: its bikes, the MT-07's kit, and (signed in) the rider's garage and cart, answering `answer` first. */
  function serve(answer: (call: Call) => Response | undefined = () => undefined, garage: GarageBikeService[] = [serverBike()]) {
    const calls: Call[] = [];
    let cart: Array<{ productId: string; quantity: number }> = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://shop');
      const call = { method: init?.method ?? 'GET', path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const answered = answer(call);
      if (answered) return answered;
      if (call.path === `/api/vehicles/${MT07}/service-kit`) return json(kit);
      if (call.path === '/api/vehicles' && url.searchParams.get('model') === 'MT-07') {
        return json([{ _id: MT07, make: 'Yamaha', model: 'MT-07', variant: '', yearFrom: 2014, yearTo: 2024, cc: 689, parts: 12, serviceKit: true }]);
      }
      if (call.path === '/api/garage') return json(garage);
      if (call.path === '/api/cart') {
        if (call.method === 'PUT') cart = (call.body as { lines: typeof cart }).lines;
        return json({ lines: cart.map((line) => ({ ...line, name: line.productId, img: null, price: 1, seenPrice: 1, minimum: 1, available: 99, lineTotal: line.quantity, problem: null })), total: 0 });
      }
      return json([]);
    });
    return calls;
  }

  const page = (route = '/garage') =>
    renderWithProviders(
      <StrictMode>
        <GaragePage />
        <Address />
        <ToastContainer />
      </StrictMode>,
      { route },
    );
  const visitorMt07 = () =>
    localStorage.setItem(GARAGE_STORAGE_KEY, JSON.stringify([{ vehicleId: MT07, make: 'Yamaha', model: 'MT-07', variant: '', year: 2019, active: true }]));

  it("shows a visitor's bike its kit: lines, stock, the part offered instead, a deleted part and the total", async () => {
    serve();
    visitorMt07();
    page();
    const user = userEvent.setup();
    await user.click(await screen.findByText('Service kit'));
    const lines = within(screen.getByRole('list', { name: 'Parts of the kit' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Engine oil 10W-40 1 l$41.703.1 l with filterQty 3 × $13.90 eachIn stock',
      'Oil filter HF204$9.50Qty 1 × $9.50 eachOut of stockInstead: Oil filter KN-204 $11.00',
      'Spark plug CR9EK$13.00one per cylinderQty 2 × $6.50 eachOut of stock',
      'Crush washer M14Qty 1This part is no longer sold',
    ]);
    expect(within(lines[0]!).getByRole('link', { name: 'Engine oil 10W-40 1 l' })).toHaveAttribute('href', `/parts/${OIL}`);
    expect(within(lines[1]!).getByRole('link', { name: 'Oil filter KN-204' })).toHaveAttribute('href', `/parts/${FILTER_IN_STOCK}`);
    expect(within(lines[3]!).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Total').parentElement).toHaveTextContent('Total$64.20');
    // A visitor keeps no odometer: signing in is offered instead.
    expect(screen.queryByRole('form', { name: /Odometer \(km\)/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  it("asks nothing of a visitor's bike whose vehicle has no kit", async () => {
    const calls = serve();
    localStorage.setItem(GARAGE_STORAGE_KEY, JSON.stringify([{ vehicleId: id(9), make: 'Yamaha', model: 'XSR700', variant: '', year: 2019, active: true }]));
    page();
    expect(await screen.findByRole('heading', { name: /2019 Yamaha XSR700/ })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/vehicles')).toBe(true));
    expect(screen.queryByText('Service kit')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/service-kit'))).toBe(false);
  });

  it("'Add kit to cart' merges the kit into the visitor's cart in one go and says what went in and what did not", async () => {
    serve();
    visitorMt07();
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ productId: OIL, quantity: 2, name: 'Engine oil 10W-40 1 l', price: 13.9, img: null, minimum: 1, available: 30 }]));
    page();
    const user = userEvent.setup();
    await user.click(await screen.findByText('Service kit'));
    await user.click(screen.getByRole('button', { name: 'Add kit to cart 2019 Yamaha MT-07' }));
    const toast = await screen.findByText('Service kit for your 2019 Yamaha MT-07 added to the cart');
    expect(toast.parentElement).toHaveTextContent(
      '3 × Engine oil 10W-40 1 l1 × Oil filter KN-204 (instead of Oil filter HF204)Not added, out of stock with nothing to offer instead: Spark plug CR9EK, Crush washer M14View cart',
    );
    expect((JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!) as Array<{ productId: string; quantity: number }>).map((line) => [line.productId, line.quantity])).toEqual([
      [OIL, 5],
      [FILTER_IN_STOCK, 1],
    ]);
    await user.click(screen.getByRole('link', { name: 'View cart' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/cart$/);
  });

  it("shows a signed-in rider's odometer, next service and 'Service due', and saves a reading with the shop's message under the field", async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    const calls = serve(({ method, path, body }) => {
      if (method !== 'POST' || path !== `/api/garage/${BIKE}/readings`) return undefined;
      if ((body as { km: number }).km < 9_700) return refused(422, 'Invalid input', { km: ['The odometer cannot go back: the last reading was 9,700 km on 1 Oct 2026'] });
      return json({ acknowledged: true, insertedId: id(21) }, 201);
    });
    page();
    const user = userEvent.setup();
    expect(await screen.findByText('Next service at 10,000 km or by 1 Mar 2027, whichever comes first')).toBeInTheDocument();
    expect(screen.getByText('Service due')).toBeInTheDocument();
    expect(screen.getByText('Odometer: 9,700 km on 1 Oct 2026')).toBeInTheDocument();
    expect(screen.getByText('About 25.5 km a day')).toBeInTheDocument();

    await user.click(screen.getByText('Odometer and services'));
    const form = within(screen.getByRole('form', { name: 'Odometer (km) 2019 Yamaha MT-07' }));
    const km = form.getByLabelText('Odometer (km)');
    await user.click(form.getByRole('button', { name: 'Save reading' }));
    expect(km).toHaveAccessibleDescription('Odometer (km) must be a whole number from 0 to 2,000,000');
    await user.type(km, '9,500');
    await user.click(form.getByRole('button', { name: 'Save reading' }));
    await waitFor(() => expect(km).toHaveAccessibleDescription('The odometer cannot go back: the last reading was 9,700 km on 1 Oct 2026'));
    await user.clear(km);
    await user.type(km, '10 250');
    await user.type(form.getByLabelText(/^Date/), '2026-11-02');
    await user.click(form.getByRole('button', { name: 'Save reading' }));
    expect(await screen.findByText('Reading saved')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { km: 9_500 },
      { km: 10_250, readOn: '2026-11-02' },
    ]);
    // The garage is asked for again, with the reading in it.
    expect(calls.filter((call) => call.path === '/api/garage').length).toBeGreaterThan(1);
  });

  it("saves 'Service done', removes a reading, and turns 'Email me when a service is due' on", async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    const calls = serve(({ method }) => (method === 'POST' ? json({ acknowledged: true, insertedId: id(22) }, 201) : method === 'DELETE' || method === 'PATCH' ? json({ acknowledged: true }) : undefined));
    page();
    const user = userEvent.setup();
    await user.click(await screen.findByText('Odometer and services'));
    const form = within(screen.getByRole('form', { name: 'Service done 2019 Yamaha MT-07' }));
    await user.type(form.getByLabelText('Date'), '2026-10-20');
    await user.type(form.getByLabelText('Odometer (km)'), '9900');
    await user.click(form.getByRole('button', { name: 'Save service' }));
    expect(await screen.findByText('Service saved')).toBeInTheDocument();

    const readings = within(screen.getByRole('region', { name: 'Readings 2019 Yamaha MT-07' }));
    await user.click(readings.getByRole('button', { name: 'Remove 9,700 km on 1 Oct 2026' }));
    expect(await screen.findByText('Reading removed')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Email me when a service is due' }));
    expect(await screen.findByText('We will email you when your 2019 Yamaha MT-07 is due for a service')).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET').map(({ method, path, body }) => [method, path, body])).toEqual([
      ['POST', `/api/garage/${BIKE}/services`, { doneOn: '2026-10-20', km: 9_900 }],
      ['DELETE', `/api/garage/${BIKE}/readings/${id(20)}`, undefined],
      ['PATCH', `/api/garage/${BIKE}`, { reminders: true }],
    ]);
  });

  it("asks nothing of a signed-in rider's bike without a next service: its vehicle has no kit", async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    const calls = serve(undefined, [serverBike({ nextService: null, serviceDue: false, odometerKm: null, odometerOn: null, kmPerDay: null, readings: [] })]);
    page();
    expect(await screen.findByRole('checkbox', { name: 'Email me when a service is due' })).not.toBeChecked();
    expect(screen.queryByText(/^Next service/)).not.toBeInTheDocument();
    expect(screen.queryByText('Service kit')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.endsWith('/service-kit'))).toBe(false);
  });

  it("follows a reminder's link signed out to sign-in, which brings the rider back to it", async () => {
    serve();
    page(`/garage?addKit=${BIKE}`);
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/singin$/));
    expect(screen.getByTestId('return-to')).toHaveTextContent(`/garage?addKit=${BIKE}`);
  });

  it("follows a reminder's link signed in: the kit goes into the cart once, the link's parameter leaves, and the rider goes on to the cart", async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    const calls = serve();
    page(`/garage?addKit=${BIKE}`);
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/cart$/));
    expect(await screen.findByText('Service kit for your 2019 Yamaha MT-07 added to the cart')).toBeInTheDocument();
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.body)).toEqual([
      {
        lines: [
          { productId: OIL, quantity: 3 },
          { productId: FILTER_IN_STOCK, quantity: 1 },
        ],
      },
    ]);
  });

  it("says so when the link's bike is not in this garage, and adds nothing", async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    const calls = serve();
    page(`/garage?addKit=${'c'.repeat(24)}`);
    expect(await screen.findByText('That bike is not in your garage any more, so its service kit was not added')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/garage$/));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
