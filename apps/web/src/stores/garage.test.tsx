import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient } from '@/test/render';
import { GARAGE_STORAGE_KEY, useBikeFilter, useGarage } from './garage';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={createTestQueryClient()}>
    <MemoryRouter initialEntries={['/allproducts?page=3']}>{children}</MemoryRouter>
  </QueryClientProvider>
);
const vehicleId = (n: number) => n.toString(16).padStart(24, '0');
const mt07 = { vehicleId: vehicleId(1), make: 'Yamaha', model: 'MT-07', variant: '', year: 2019 };
const cb500f = { vehicleId: vehicleId(2), make: 'Honda', model: 'CB500F', variant: '', year: 2016 };

describe("a visitor's garage in this browser", () => {
  it('ignores whatever in storage is not a garage, keeping the bikes that are well formed', () => {
    for (const stored of ['not json', '{"a":1}', '42', JSON.stringify([{ vehicleId: 'nope', make: 'Yamaha', model: 'MT-07', variant: '', year: 2019, active: true }])]) {
      localStorage.setItem(GARAGE_STORAGE_KEY, stored);
      const { result, unmount } = renderHook(() => useGarage(), { wrapper });
      expect(result.current.bikes).toEqual([]);
      expect(result.current.active).toBeNull();
      unmount();
    }
    localStorage.setItem(
      GARAGE_STORAGE_KEY,
      JSON.stringify([
        { ...mt07, active: false },
        { ...cb500f, year: 'soon', active: true },
        null,
        { ...cb500f, make: '<b>'.repeat(40), active: false },
      ]),
    );
    const { result } = renderHook(() => useGarage(), { wrapper });
    // The one good bike, made active as the only one.
    expect(result.current.bikes).toEqual([{ ...mt07, id: `${mt07.vehicleId}:2019`, active: true }]);
  });

  it('adds bikes, each becoming the active one; the same bike twice is one; removing the active one hands over to the newest', async () => {
    const { result } = renderHook(() => useGarage(), { wrapper });
    await act(() => result.current.add(mt07));
    await act(() => result.current.add(cb500f));
    await act(() => result.current.add(mt07));
    expect(result.current.bikes.map((bike) => [bike.model, bike.active])).toEqual([
      ['CB500F', false],
      ['MT-07', true],
    ]);
    await act(() => result.current.activate(result.current.bikes[0]!));
    expect(result.current.active?.model).toBe('CB500F');
    await act(() => result.current.remove(result.current.active!));
    expect(result.current.bikes).toEqual([expect.objectContaining({ model: 'MT-07', active: true })]);
    expect(JSON.parse(localStorage.getItem(GARAGE_STORAGE_KEY)!)).toEqual([{ ...mt07, active: true }]);
  });

  it('holds at most ten bikes and says so', async () => {
    const { result } = renderHook(() => useGarage(), { wrapper });
    for (let n = 1; n <= 10; n++) await act(() => result.current.add({ ...mt07, vehicleId: vehicleId(n) }));
    await expect(result.current.add({ ...mt07, vehicleId: vehicleId(11) })).rejects.toThrow('Your garage holds at most 10 bikes. Remove one to add another.');
    expect(result.current.bikes).toHaveLength(10);
  });

  it("filters the catalogue by the active bike until the rider asks for every part, and again once they choose a bike", async () => {
    const { result } = renderHook(() => ({ garage: useGarage(), filter: useBikeFilter() }), { wrapper });
    expect(result.current.filter.query).toBeNull();
    await act(() => result.current.garage.add(mt07));
    expect(result.current.filter.query).toEqual({ vehicle: mt07.vehicleId, year: 2019 });
    act(() => result.current.filter.setShow('all'));
    expect(result.current.filter.query).toEqual({ vehicle: mt07.vehicleId, year: 2019, show: 'all' });
    await act(() => result.current.garage.add(cb500f));
    expect(result.current.filter.query).toEqual({ vehicle: cb500f.vehicleId, year: 2016 });
  });

  it('shows the parts without fitment data from the address, from the first page, until the rider goes back to the fitting ones', async () => {
    const { result } = renderHook(() => ({ garage: useGarage(), filter: useBikeFilter(), location: useLocation() }), { wrapper });
    await act(() => result.current.garage.add(mt07));
    expect(result.current.filter.showHref('unconfirmed')).toEqual({ search: 'show=unconfirmed', hash: '' });
    act(() => result.current.filter.setShow('unconfirmed'));
    expect(result.current.location.search).toBe('?show=unconfirmed');
    expect(result.current.filter.show).toBe('unconfirmed');
    expect(result.current.filter.query).toEqual({ vehicle: mt07.vehicleId, year: 2019, show: 'unconfirmed' });
    act(() => result.current.filter.setShow('all'));
    expect(result.current.location.search).toBe('');
    expect(result.current.filter.query).toEqual({ vehicle: mt07.vehicleId, year: 2019, show: 'all' });
    act(() => result.current.filter.setShow('fitting'));
    expect(result.current.filter.query).toEqual({ vehicle: mt07.vehicleId, year: 2019 });
  });
});
