import type { Order, Purchase } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/test/fetch-stub';
import { buildOrder, buildPurchase } from '@/test/fixtures';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { signedInAs } from '@/test/viewer';
import { ManageAllOrdersPage } from './manage-all-orders-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const paid = buildOrder({ name: 'Pat Paid', email: 'pat@example.com', toolName: 'Chain Kit', status: 'paid', paid: true, transactionId: 'pi_p', quantity: 2, total: 25 });

describe('ManageAllOrdersPage', () => {
  const fetchMock = stubFetch();
  /** The calls the page made, as method and path with query. */
  const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url).replace(/^.*\/api/, '')}`);
  const bodyOf = (method: string, path: string) => {
    const call = fetchMock.mock.calls.find(([url, init]) => (init?.method ?? 'GET') === method && String(url).endsWith(path));
    return call ? JSON.parse(String(call[1]?.body)) : undefined;
  };

  function renderPage(route = '/dashbord/manageAllorders', { orders = [paid], count = 1, purchase, staff = false }: { orders?: Order[]; count?: number; purchase?: Purchase; staff?: boolean } = {}) {
    fetchMock.mockImplementation(async (url, init) => {
      const path = String(url);
      if (purchase && path.endsWith(`/purchases/${purchase._id}/ship`)) return json(purchase);
      if (purchase && path.endsWith(`/purchases/${purchase._id}`)) return json(purchase);
      if (path.includes('/allorders/count')) return json({ count });
      if (path.includes('/allorders/export')) return new Response('\uFEFForder\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
      if (path.includes('/allorders')) return json(orders);
      if (path.includes('/refund')) return json({ orders: [{ _id: paid._id, number: paid.number, status: 'refunded' }] });
      if (init?.method === 'PATCH') return json({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      return json({}, 404);
    });
    renderWithProviders(
      <>
        <ManageAllOrdersPage />
        <ToastContainer />
      </>,
      { route, ...(staff ? { queryClient: signedInAs(createTestQueryClient(), 'staff') } : {}) },
    );
    return userEvent.setup();
  }

  it('asks for the status, search and page in the address, and shows how many orders there are', async () => {
    renderPage('/dashbord/manageAllorders?status=refunded&q=sam&page=3', { count: 45 });
    expect(await screen.findByText('45 orders')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('refunded');
    await waitFor(() => expect(calls()).toContain('GET /allorders?q=sam&status=refunded&page=2&size=20'));
    expect(calls()).toContain('GET /allorders/count?q=sam&status=refunded');
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
  });

  it('filters by status from the first page, and pages on', async () => {
    const user = renderPage('/dashbord/manageAllorders?page=2', { count: 60 });
    await screen.findByText('60 orders');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Paid');
    await waitFor(() => expect(calls()).toContain('GET /allorders?status=paid&page=0&size=20'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(calls()).toContain('GET /allorders?status=paid&page=1&size=20'));
  });

  it('ships with the carrier and tracking number given, refusing markup in the tracking number', async () => {
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: /^Shifting/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Are you Sure For Shifting?' }));
    await user.type(dialog.getByLabelText(/Carrier/), 'Royal Mail');
    await user.type(dialog.getByLabelText(/Tracking number/), '<b>1</b>');
    await user.click(dialog.getByRole('button', { name: 'Yes, Shift' }));
    expect(await dialog.findByText('Tracking number may contain only letters, digits, spaces and dashes')).toBeInTheDocument();
    expect(calls().some((call) => call.startsWith('PATCH'))).toBe(false);

    await user.clear(dialog.getByLabelText(/Tracking number/));
    await user.type(dialog.getByLabelText(/Tracking number/), 'RM 1234 5678 5GB');
    await user.click(dialog.getByRole('button', { name: 'Yes, Shift' }));
    expect(await screen.findByText('Order get to Shifting.')).toBeInTheDocument();
    expect(bodyOf('PATCH', `/shiftorders/${paid._id}`)).toEqual({ carrier: 'Royal Mail', trackingNumber: 'RM 1234 5678 5GB' });
  });

  it('refunds an order once the admin confirms the amount going back', async () => {
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: /^Refund/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Refund this order?' }));
    expect(dialog.getByText('$25.00 goes back to the card Pat Paid paid with, for 2 × Chain Kit; the parts go back on the shelf.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Yes, Refund' }));
    expect(await screen.findByText('Order refunded.')).toBeInTheDocument();
    expect(calls()).toContain(`POST /orders/${paid._id}/refund`);
  });

  it('offers staff shipping but no refund, of a line or of a whole checkout (SPEC-3 section 7)', async () => {
    const user = renderPage(undefined, { orders: lines, purchase: checkout, staff: true });
    const rows = await screen.findAllByTestId('admin-order-row');
    expect(within(rows[0]!).getByRole('button', { name: /^Shifting/ })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '#40002 details' }));
    const details = within(await screen.findByRole('dialog', { name: 'Order #40001' }));
    expect(details.getByRole('button', { name: 'Ship all 3' })).toBeInTheDocument();
    expect(details.queryByRole('button', { name: /^Refund/ })).not.toBeInTheDocument();
  });

  const checkoutId = 'c'.repeat(24);
  const lines = [40001, 40002, 40003].map((number, n) =>
    buildOrder({ ...paid, _id: String(n + 1).repeat(24), number, purchaseNumber: 40001, checkoutId, purchaseId: checkoutId, toolName: ['Fork Oil', 'Chain Lube', 'Brake Fluid'][n]!, total: 10 }),
  );
  const checkout: Purchase = buildPurchase(lines, { total: 30, customerName: 'Pat Paid', email: 'pat@example.com' });

  it("ships every line of a purchase as one parcel from its details, with one carrier and tracking number", async () => {
    const user = renderPage(undefined, { orders: lines, purchase: checkout });
    await user.click(await screen.findByRole('button', { name: '#40002 details' }));
    const details = within(await screen.findByRole('dialog', { name: 'Order #40001' }));
    await user.click(details.getByRole('button', { name: 'Ship all 3' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Ship all as one parcel?' }));
    expect(dialog.getByText(/^The 3 paid parts of order #40001 for Pat Paid not yet shipped leave together/)).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/Carrier/), 'DHL');
    await user.type(dialog.getByLabelText(/Tracking number/), 'JD0146');
    await user.click(dialog.getByRole('button', { name: 'Yes, Ship all' }));
    expect(await screen.findByText('All parts of the order are on their way.')).toBeInTheDocument();
    expect(bodyOf('POST', `/purchases/${checkoutId}/ship`)).toEqual({ carrier: 'DHL', trackingNumber: 'JD0146' });
    expect(calls().filter((call) => call.startsWith('PATCH'))).toEqual([]);
  });

  it("shows the purchase's delivery method, when it is ready and its amounts in its details", async () => {
    const collected = buildPurchase(lines, {
      total: 32.18,
      subtotal: 30,
      shipping: 0,
      discount: 0,
      tax: 2.18,
      shippingMethod: 'Collect from the shop',
      arrivesFrom: '2026-11-27',
      arrivesTo: '2026-11-27',
      shippingDaysMax: 0,
    });
    const user = renderPage(undefined, { orders: lines, purchase: collected });
    await user.click(await screen.findByRole('button', { name: '#40001 details' }));
    const details = within(await screen.findByRole('dialog', { name: 'Order #40001' }));
    expect(details.getByTestId('order-details-method')).toHaveTextContent('Collect from the shop');
    expect(details.getByTestId('order-details-arrival')).toHaveTextContent('Ready to collect Fri 27 Nov');
    const totals = within(details.getByRole('region', { name: 'Totals' }));
    expect(totals.getAllByRole('term').map((term) => term.textContent)).toEqual(['Subtotal', 'Delivery', 'Tax', 'Total']);
    expect(totals.getAllByRole('definition').map((amount) => amount.textContent)).toEqual(['$30.00', 'Free', '$2.18', '$32.18']);
  });

  it('refunds the whole checkout of a line once the admin confirms', async () => {
    const user = renderPage(undefined, { orders: lines, purchase: checkout });
    await user.click(await screen.findByRole('button', { name: '#40001 details' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Order #40001' })).getByRole('button', { name: /^Refund checkout/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Refund the whole checkout?' }));
    expect(dialog.getByText(/^Every paid line of this checkout not yet shipped goes back to the card Pat Paid paid with/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Yes, Refund all' }));
    expect(await screen.findByText('Checkout refunded.')).toBeInTheDocument();
    expect(calls()).toContain(`POST /checkouts/${'c'.repeat(24)}/refund`);
  });

  it('exports the orders the filter finds as a CSV file the browser saves', async () => {
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:orders');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = renderPage('/dashbord/manageAllorders?status=paid&q=sam');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual([expect.stringMatching(/^orders-paid-\d{4}-\d{2}-\d{2}\.csv$/)]));
    expect(calls()).toContain('GET /allorders/export?status=paid&q=sam');
    vi.restoreAllMocks();
  });
});
