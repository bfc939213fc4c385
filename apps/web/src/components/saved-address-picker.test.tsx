import type { Address, DeliveryAddress } from '@shop/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '@/lib/access-token';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { SavedAddressPicker } from './saved-address-picker';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

const WORK: Address = { _id: 'b'.repeat(24), fullName: 'Ada Rider', line1: '5 Rue Grimaldi', line2: '', city: '', region: null, postcode: '98000', country: 'MC', phone: '+377 93 15 00 00', isDefault: false };
const HOME: Address = { _id: 'a'.repeat(24), fullName: 'Ada Rider', line1: '1 Market Street', line2: 'Unit 4', city: 'San Francisco', region: 'CA', postcode: '94105', country: 'US', phone: '+1 415 555 0100', isDefault: true };

describe('SavedAddressPicker', () => {
  const fetchMock = stubFetch();
  let onPick: ReturnType<typeof vi.fn<(delivery: DeliveryAddress) => void>>;

  beforeEach(() => {
    onPick = vi.fn<(delivery: DeliveryAddress) => void>();
  });

  const renderPicker = (addresses: Address[]) => {
    fetchMock.mockImplementation(async () => json(addresses));
    return renderWithProviders(
      <form aria-label="Purchase">
        <SavedAddressPicker onPick={onPick} />
      </form>,
    );
  };

  it('offers a signed-in customer their addresses, the default chosen first and filling the page', async () => {
    setAccessToken('token-1');
    renderPicker([WORK, HOME]);
    const select = await screen.findByLabelText<HTMLSelectElement>('Saved address');
    expect(select).toHaveValue(HOME._id);
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Ada Rider, 5 Rue Grimaldi, 98000, Monaco',
      'Ada Rider, 1 Market Street, Unit 4, San Francisco, 94105, United States',
    ]);
    await waitFor(() => expect(onPick).toHaveBeenCalledTimes(1));
    expect(onPick).toHaveBeenLastCalledWith({ location: '1 Market Street, Unit 4, San Francisco', phone: '+1 415 555 0100', postcode: '94105', region: 'CA', country: 'US' });
    expect(fetchMock).toHaveBeenCalledWith('/api/addresses', expect.objectContaining({ headers: expect.anything() }));

    await userEvent.setup().selectOptions(select, WORK._id);
    expect(onPick).toHaveBeenLastCalledWith({ location: '5 Rue Grimaldi', phone: '+377 93 15 00 00', postcode: '98000', region: '', country: 'MC' });
    expect(onPick).toHaveBeenCalledTimes(2);
  });

  it('shows nothing, and asks nothing, for a visitor', async () => {
    const { container } = renderPicker([HOME]);
    await Promise.resolve();
    expect(container.querySelector('form')).toBeEmptyDOMElement();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onPick).not.toHaveBeenCalled();
  });

  it('shows nothing for a customer who has saved no address', async () => {
    setAccessToken('token-1');
    const { container } = renderPicker([]);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(container.querySelector('form')).toBeEmptyDOMElement());
    expect(screen.queryByLabelText('Saved address')).not.toBeInTheDocument();
    expect(onPick).not.toHaveBeenCalled();
  });
});
