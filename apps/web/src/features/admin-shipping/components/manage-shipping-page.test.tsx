import type { ShippingMethod } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { ManageShippingPage } from './manage-shipping-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const STANDARD = 'a'.repeat(24);
const EXPRESS = 'b'.repeat(24);
const COLLECT = 'c'.repeat(24);

describe('ManageShippingPage', () => {
  const fetchMock = stubFetch();
  let methods: ShippingMethod[];
  let sent: Array<{ method: string; url: string; body: unknown }>;

  beforeEach(() => {
    sent = [];
    methods = [
      { _id: COLLECT, name: 'Collect from the shop', price: 0, freeFrom: null, daysMin: 0, daysMax: 0, countries: ['US'], active: true },
      { _id: STANDARD, name: 'Standard', price: 4.9, freeFrom: 75, daysMin: 2, daysMax: 4, countries: ['*'], active: true },
      { _id: EXPRESS, name: 'Express', price: 12.9, freeFrom: null, daysMin: 1, daysMax: 1, countries: ['US', 'CA'], active: false },
    ];
  });

  function renderPage(answer: (url: string, init?: RequestInit) => Response | undefined = () => undefined) {
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method && init.method !== 'GET') sent.push({ method: init.method, url: String(url), body: init.body ? JSON.parse(String(init.body)) : undefined });
      return answer(String(url), init) ?? json(methods);
    });
    renderWithProviders(
      <>
        <ManageShippingPage />
        <ToastContainer />
      </>,
    );
    return userEvent.setup();
  }
  const rowOf = (name: string) => within(screen.getAllByTestId('shipping-method-row').find((row) => within(row).queryByText(name))!);

  it("lists every method with its price ('Free' at $0), free-from subtotal, days, countries and whether it is active", async () => {
    renderPage();
    await screen.findByText('Standard');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/admin/shipping-methods');
    expect(rowOf('Collect from the shop').getByText('Free')).toBeInTheDocument();
    expect(rowOf('Collect from the shop').getByText('Same working day')).toBeInTheDocument();
    expect(rowOf('Standard').getByText('$4.90')).toBeInTheDocument();
    expect(rowOf('Standard').getByText('$75.00')).toBeInTheDocument();
    expect(rowOf('Standard').getByText('2–4 working days')).toBeInTheDocument();
    expect(rowOf('Standard').getByText('Every country')).toBeInTheDocument();
    expect(rowOf('Express').getByText('1 working day')).toBeInTheDocument();
    expect(rowOf('Express').getByText('United States, Canada')).toBeInTheDocument();
    expect(rowOf('Express').getByText('Inactive')).toBeInTheDocument();
    expect(rowOf('Express').queryByRole('button', { name: 'Deactivate Express' })).not.toBeInTheDocument();
    expect(rowOf('Standard').getByText('Active')).toBeInTheDocument();
  });

  it("refuses days out of order before asking the shop, then adds the method as typed in 'Add method'", async () => {
    const user = renderPage((_url, init) => {
      if (init?.method !== 'POST') return undefined;
      methods = [...methods, { _id: 'd'.repeat(24), name: 'Courier', price: 7.5, freeFrom: null, daysMin: 1, daysMax: 2, countries: ['US', 'CA'], active: true }];
      return json({ acknowledged: true, insertedId: 'd'.repeat(24) }, 201);
    });
    await screen.findByText('Standard');
    await user.click(screen.getByRole('button', { name: 'Add method' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a delivery method' }));
    await user.type(dialog.getByLabelText('Name'), 'Courier');
    await user.type(dialog.getByLabelText('Price ($)'), '7.50');
    await user.type(dialog.getByLabelText('Days from'), '3');
    await user.type(dialog.getByLabelText('Days to'), '2');
    await user.clear(dialog.getByLabelText('Countries'));
    await user.type(dialog.getByLabelText('Countries'), 'us, ca');
    await user.click(dialog.getByRole('button', { name: 'Add method' }));
    expect(await dialog.findByText('Days to must not be below Days from')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(dialog.getByLabelText('Days from'));
    await user.type(dialog.getByLabelText('Days from'), '1');
    await user.click(dialog.getByRole('button', { name: 'Add method' }));
    expect(await screen.findByText('Delivery method added')).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'POST', url: '/api/shipping-methods', body: { name: 'Courier', price: '7.50', freeFrom: '', daysMin: '1', daysMax: '2', countries: 'us, ca', active: true } },
    ]);
    expect(await screen.findByText('Courier')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the shop's refusal under its field, in 'Edit'", async () => {
    const user = renderPage((_url, init) =>
      init?.method === 'PATCH'
        ? json({ error: { code: 'VALIDATION_FAILED', message: 'Some fields are not valid', fieldErrors: { countries: ['Not a country code: XX'] } }, requestId: 'r1' }, 422)
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Edit Standard' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Standard' }));
    expect(dialog.getByLabelText('Price ($)')).toHaveValue('4.90');
    expect(dialog.getByLabelText('Free from ($)')).toHaveValue('75.00');
    expect(dialog.getByLabelText('Countries')).toHaveValue('*');
    await user.clear(dialog.getByLabelText('Countries'));
    await user.type(dialog.getByLabelText('Countries'), 'XY');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Not a country code: XY', { selector: 'p' })).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(dialog.getByLabelText('Countries'));
    await user.type(dialog.getByLabelText('Countries'), 'US');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Not a country code: XX', { selector: 'p' })).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PATCH', url: `/api/shipping-methods/${STANDARD}`, body: expect.objectContaining({ name: 'Standard', price: '4.90', countries: 'US' }) }]);
  });

  it('deactivates a method after asking, and shows it inactive', async () => {
    const user = renderPage((_url, init) => {
      if (init?.method !== 'DELETE') return undefined;
      methods = methods.map((method) => (method._id === STANDARD ? { ...method, active: false } : method));
      return json({ acknowledged: true, deletedCount: 1 });
    });
    await user.click(await screen.findByRole('button', { name: 'Deactivate Standard' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Deactivate this delivery method?' }));
    await user.click(dialog.getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Delivery method deactivated')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'DELETE', url: `/api/shipping-methods/${STANDARD}`, body: undefined }]);
    await waitFor(() => expect(rowOf('Standard').getByText('Inactive')).toBeInTheDocument());
  });
});
