import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { GARAGE_STORAGE_KEY } from '@/stores/garage';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { ShopByBike } from './shop-by-bike';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search + location.hash}</output>;
}

describe("Shop by bike's banner", () => {
  const fetchMock = stubFetch();

  it('says the list holds the parts not confirmed for the bike, and leads to the fitting parts or to every part, on the page the list is on', async () => {
    fetchMock.mockImplementation(async () => json([]));
    localStorage.setItem(GARAGE_STORAGE_KEY, JSON.stringify([{ vehicleId: 'c'.repeat(24), make: 'Honda', model: 'CB500F', variant: '', year: 2019, active: true }]));
    renderWithProviders(
      <>
        <ShopByBike anchor="products" />
        <Address />
      </>,
      { route: '/?show=unconfirmed&page=2' },
    );
    expect(screen.getByText('Showing parts not confirmed for your 2019 Honda CB500F')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show parts that fit' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/#products$/);
    expect(screen.getByText('Showing parts that fit your 2019 Honda CB500F')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show parts that fit' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all parts' }));
    expect(screen.getByText('Showing all parts, each marked for your 2019 Honda CB500F')).toBeInTheDocument();
  });
});
