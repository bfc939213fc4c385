import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { GARAGE_STORAGE_KEY } from '@/stores/garage';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { stubIntersectionObserver, stubViewportWidth } from '@/test/viewport';
import { ShopByBike } from './shop-by-bike';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const CB500F = 'c'.repeat(24);
const MT07 = 'a'.repeat(24);
const activeCb500f = () =>
  localStorage.setItem(GARAGE_STORAGE_KEY, JSON.stringify([{ vehicleId: CB500F, make: 'Honda', model: 'CB500F', variant: '', year: 2019, active: true }]));

/** The shop's bikes: Hondas and one Yamaha MT-07 of 2019. */
const vehicles = async (input: RequestInfo | URL) => {
  const url = new URL(String(input), 'http://shop');
  if (url.pathname === '/api/vehicles/makes') return json(['Honda', 'Yamaha']);
  if (url.pathname === '/api/vehicles/models') return json(['MT-07']);
  if (url.pathname === '/api/vehicles/years') return json([2019]);
  if (url.pathname === '/api/vehicles') return json([{ _id: MT07, make: 'Yamaha', model: 'MT-07', variant: '', yearFrom: 2014, yearTo: 2024, cc: 689, parts: 12 }]);
  return json([]);
};

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search + location.hash}</output>;
}


/** Picks a 2019 Yamaha MT-07 in the open picker, each choice once its options came, and adds it. */
async function addMt07(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('option', { name: 'Yamaha' });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Make' }), 'Yamaha');
  await screen.findByRole('option', { name: 'MT-07' });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'MT-07');
  await screen.findByRole('option', { name: '2019' });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Year' }), '2019');
  const add = screen.getByRole('button', { name: 'Add bike' });
  await expect.poll(() => add.hasAttribute('disabled')).toBe(false);
  await user.click(add);
}
describe("Shop by bike's line", () => {
  const fetchMock = stubFetch();

  it('says the list holds the parts not confirmed for the bike, and leads to the fitting parts or to every part, on the page the list is on', async () => {
    fetchMock.mockImplementation(async () => json([]));
    activeCb500f();
    renderWithProviders(
      <>
        <ShopByBike anchor="products" />
        <Address />
      </>,
      { route: '/?show=unconfirmed&page=2' },
    );
    const line = within(screen.getByRole('region', { name: 'Shop by bike' })).getByRole('status');
    expect(line).toHaveTextContent('Showing parts not confirmed for your 2019 Honda CB500F');
    await userEvent.click(screen.getByRole('button', { name: 'Show parts that fit' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/#products$/);
    expect(line).toHaveTextContent('Showing parts that fit your 2019 Honda CB500F');
    expect(screen.queryByRole('button', { name: 'Show parts that fit' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all parts' }));
    expect(line).toHaveTextContent('Showing all parts, each marked for your 2019 Honda CB500F');
  });

  it("is one line, '2019 Honda CB500F · Change · Show all parts', in the region 'Shop by bike', with no picker until 'Change'", () => {
    fetchMock.mockImplementation(vehicles);
    activeCb500f();
    renderWithProviders(<ShopByBike />);
    const region = screen.getByRole('region', { name: 'Shop by bike' });
    // The bike, then its two actions; the sentence before the bike is for wider screens and screen readers.
    expect(region).toHaveTextContent(/^Shop by bike\s*Showing parts that fit your 2019 Honda CB500F\s*·\s*Change\s*·\s*Show all parts$/);
    expect(within(region).getAllByRole('button').map((button) => button.textContent)).toEqual(['Change', 'Show all parts']);
    expect(screen.queryByRole('combobox', { name: 'Make' })).not.toBeInTheDocument();
  });

  it("'Change' unfolds the picker; another bike added folds it and becomes the line, the keyboard on its 'Change'", async () => {
    fetchMock.mockImplementation(vehicles);
    activeCb500f();
    const user = userEvent.setup();
    renderWithProviders(<ShopByBike />);
    const change = screen.getByRole('button', { name: 'Change' });
    expect(change).toHaveAttribute('aria-expanded', 'false');
    await user.click(change);
    expect(change).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'My Garage' })).toHaveAttribute('href', '/garage');
    await addMt07(user);
    expect(await screen.findByRole('status')).toHaveTextContent('Showing parts that fit your 2019 Yamaha MT-07');
    expect(screen.queryByRole('combobox', { name: 'Make' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Change' })).toHaveFocus();
  });
});

describe("Shop by bike's picker without a bike", () => {
  const fetchMock = stubFetch();

  it("on a phone is one 'Shop by bike' button that unfolds it, so the list comes first; the first bike added leaves its line with the keyboard on 'Change'", async () => {
    fetchMock.mockImplementation(vehicles);
    stubViewportWidth(390);
    const user = userEvent.setup();
    renderWithProviders(<ShopByBike />);
    expect(screen.getByRole('region', { name: 'Shop by bike' })).toBeInTheDocument();
    const unfold = screen.getByRole('button', { name: 'Shop by bike' });
    expect(unfold).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('combobox', { name: 'Make' })).not.toBeInTheDocument();
    await user.click(unfold);
    expect(unfold).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(unfold.getAttribute('aria-controls')!)).toContainElement(await screen.findByRole('combobox', { name: 'Make' }));
    expect(screen.getByText('Pick your bike to see only the parts that fit it.')).toBeInTheDocument();
    await user.click(unfold);
    expect(screen.queryByRole('combobox', { name: 'Make' })).not.toBeInTheDocument();

    await user.keyboard('{Enter}');
    await addMt07(user);
    expect(await screen.findByRole('status')).toHaveTextContent('Showing parts that fit your 2019 Yamaha MT-07');
    expect(screen.getByRole('button', { name: 'Change' })).toHaveFocus();
  });

  it('from the md breakpoint stays open under its heading, its button (for phones) hidden, in the same markup as on a phone', async () => {
    fetchMock.mockImplementation(vehicles);
    stubViewportWidth(768);
    renderWithProviders(<ShopByBike />);
    expect(screen.getByRole('heading', { level: 2, name: 'Shop by bike' })).toBeInTheDocument();
    // jsdom applies no CSS: the classes are what hide the button and show the panel from md.
    const unfold = screen.getByRole('button', { name: 'Shop by bike' });
    expect(unfold).toHaveClass('md:hidden');
    const panel = document.getElementById(unfold.getAttribute('aria-controls')!)!;
    expect(panel).toHaveClass('hidden', 'md:flex');
    expect(panel).toContainElement(await screen.findByRole('combobox', { name: 'Make' }));
  });
});

describe("When Shop by bike's picker loads", () => {
  const fetchMock = stubFetch();
  const makesCalls = () => fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://shop').pathname === '/api/vehicles/makes').length;

  it('below the first screen, neither the picker nor the makes until the visitor scrolls it near', async () => {
    fetchMock.mockImplementation(vehicles);
    stubViewportWidth(1280);
    const screenEdge = stubIntersectionObserver();
    renderWithProviders(<ShopByBike />);
    screenEdge.report(false);
    expect(screen.getByRole('heading', { level: 2, name: 'Shop by bike' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Make' })).not.toBeInTheDocument();
    expect(makesCalls()).toBe(0);

    screenEdge.report(true);
    await screen.findByRole('option', { name: 'Yamaha' });
    expect(makesCalls()).toBe(1);
  });

  it('on the first screen, the selects at once but the makes only once the keyboard or the pointer comes to them', async () => {
    fetchMock.mockImplementation(vehicles);
    stubViewportWidth(1280);
    const screenEdge = stubIntersectionObserver();
    const user = userEvent.setup();
    renderWithProviders(<ShopByBike />);
    screenEdge.report(true);
    const make = await screen.findByRole('combobox', { name: 'Make' });
    expect(within(make).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a make']);
    expect(makesCalls()).toBe(0);

    // jsdom applies no CSS: the phone's button, hidden from md, takes the first Tab here.
    await user.tab();
    expect(makesCalls()).toBe(0);
    await user.tab();
    expect(make).toHaveFocus();
    await screen.findByRole('option', { name: 'Yamaha' });
    expect(makesCalls()).toBe(1);
  });

  it('on a phone, nothing of the picker until its button is pressed', async () => {
    fetchMock.mockImplementation(vehicles);
    stubViewportWidth(390);
    stubIntersectionObserver().report(true);
    const user = userEvent.setup();
    renderWithProviders(<ShopByBike />);
    expect(screen.queryByRole('combobox', { name: 'Make' })).not.toBeInTheDocument();
    expect(makesCalls()).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Shop by bike' }));
    await screen.findByRole('option', { name: 'Yamaha' });
    expect(makesCalls()).toBe(1);
  });
});
