import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GARAGE_STORAGE_KEY } from '@/stores/garage';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { stubViewportWidth } from '@/test/viewport';
import { BikePicker } from './bike-picker';
import { ShopByBike } from './shop-by-bike';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const MT07 = 'a'.repeat(24);

describe('Shop by bike', () => {
  const fetchMock = stubFetch();

  it("names its selects exactly 'Make', 'Model' and 'Year', whatever they show", async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://shop');
      if (url.pathname === '/api/vehicles/makes') return json(['Honda', 'Yamaha']);
      if (url.pathname === '/api/vehicles/models') return json(['MT-07']);
      if (url.pathname === '/api/vehicles/years') return json([2019]);
      throw new Error(`unexpected call ${url}`);
    });
    const user = userEvent.setup();
    renderWithProviders(<BikePicker />);
    const make = screen.getByRole('combobox', { name: 'Make' });
    expect(screen.getByRole('combobox', { name: 'Model' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Year' })).toBeDisabled();
    await screen.findByRole('option', { name: 'Yamaha' });
    await user.selectOptions(make, 'Yamaha');
    await screen.findByRole('option', { name: 'MT-07' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'MT-07');
    expect(await screen.findByRole('combobox', { name: 'Year' })).toBeEnabled();
    expect(screen.getByRole('combobox', { name: 'Make' })).toHaveValue('Yamaha');
  });

  it('lists makes, then the make’s models, then the model’s years, adds the bike as the active one and shows the banner', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://shop');
      if (url.pathname === '/api/vehicles/makes') return json(['Honda', 'Yamaha']);
      if (url.pathname === '/api/vehicles/models') return json(url.searchParams.get('make') === 'Yamaha' ? ['MT-07', 'MT-09'] : ['CB500F']);
      if (url.pathname === '/api/vehicles/years') return json([2014, 2015, 2019]);
      if (url.pathname === '/api/vehicles')
        return json([{ _id: MT07, make: 'Yamaha', model: 'MT-07', variant: '', yearFrom: 2014, yearTo: 2024, cc: 689, parts: 12 }]);
      throw new Error(`unexpected call ${url}`);
    });
    const user = userEvent.setup();
    stubViewportWidth(1280);
    renderWithProviders(<ShopByBike />);
    expect(screen.getByRole('heading', { name: 'Shop by bike' })).toBeInTheDocument();
    // The picker's script loads on its own.
    expect(await screen.findByLabelText('Model')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add bike' })).toBeDisabled();
    await screen.findByRole('option', { name: 'Yamaha' });
    await user.selectOptions(screen.getByLabelText('Make'), 'Yamaha');
    await screen.findByRole('option', { name: 'MT-09' });
    await user.selectOptions(screen.getByLabelText('Model'), 'MT-07');
    await screen.findByRole('option', { name: '2019' });
    await user.selectOptions(screen.getByLabelText('Year'), '2019');
    const add = screen.getByRole('button', { name: 'Add bike' });
    await expect.poll(() => add.hasAttribute('disabled')).toBe(false);
    await user.click(add);
    expect(await screen.findByRole('status')).toHaveTextContent('Showing parts that fit your 2019 Yamaha MT-07');
    expect(JSON.parse(localStorage.getItem(GARAGE_STORAGE_KEY)!)).toEqual([{ vehicleId: MT07, make: 'Yamaha', model: 'MT-07', variant: '', year: 2019, active: true }]);
    await user.click(screen.getByRole('button', { name: 'Show all parts' }));
    expect(screen.getByRole('status')).toHaveTextContent('Showing all parts, each marked for your 2019 Yamaha MT-07');
  });
});
