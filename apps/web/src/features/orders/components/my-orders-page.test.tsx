import type { Order } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getMyOrdersQueryOptions } from '@/api/orders/get-my-orders';
import { buildOrder, buildPurchase } from '@/test/fixtures';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { MyOrdersPage } from './my-orders-page';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('MyOrdersPage', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let orders: Order[];

  beforeEach(() => {
    orders = [buildOrder({ toolName: 'Brake Pad Set', quantity: 4 }), buildOrder({ toolName: 'Chain Kit', status: 'paid', paid: true, transactionId: 'pi_1' })];
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => json(orders));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  function renderPage(initial: Order[] = orders) {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(getMyOrdersQueryOptions('sam@example.com').queryKey, initial);
    renderWithProviders(
      <>
        <MyOrdersPage email="sam@example.com" />
        <ToastContainer />
      </>,
      { queryClient },
    );
    return { user: userEvent.setup(), row: (part: string) => within(screen.getByRole('row', { name: new RegExp(part) })) };
  }

  it("cancels an unpaid order only after 'Are You Sure You Want to Delete !' is confirmed", async () => {
    const target = orders[0]!;
    fetchMock.mockImplementation(async (_input, init) => {
      if (init?.method === 'DELETE') {
        orders = orders.filter((order) => order._id !== target._id);
        return json({ acknowledged: true, deletedCount: 1 });
      }
      return json(orders);
    });
    const { user, row } = renderPage();

    await user.click(row('Brake Pad Set').getByRole('button', { name: /^Cancel/ }));
    const dialog = screen.getByRole('dialog', { name: 'Are You Sure You Want to Delete !' });
    expect(dialog).toHaveTextContent('4 × Brake Pad Set');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Delete Order' }));
    expect(await screen.findByText('Delete Order successfully')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(`/api/orders/${target._id}`);
    expect(init?.method).toBe('DELETE');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Brake Pad Set/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the order when the customer changes their mind', async () => {
    const { user, row } = renderPage();
    await user.click(row('Brake Pad Set').getByRole('button', { name: /^Cancel/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep Order' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the shop's reason when it refuses, e.g. paid meanwhile", async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'DELETE'
        ? json({ error: { code: 'CONFLICT', message: 'A paid order cannot be cancelled' }, requestId: 'r1' }, 409)
        : json(orders),
    );
    const { user, row } = renderPage();
    await user.click(row('Brake Pad Set').getByRole('button', { name: /^Cancel/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete Order' }));
    expect(await screen.findByText('A paid order cannot be cancelled')).toBeInTheDocument();
  });

  it("shows a purchase's delivery method, arrival and amounts in its details, as the shop kept them", async () => {
    const paid = orders[1]!;
    const purchase = buildPurchase([paid], {
      subtotal: paid.total,
      shipping: 12.9,
      discount: 2.5,
      tax: 1.2,
      total: Math.round((paid.total + 12.9 - 2.5 + 1.2) * 100) / 100,
      shippingMethod: 'Express',
      arrivesFrom: '2026-11-30',
      arrivesTo: '2026-11-30',
      shippingDaysMax: 1,
    });
    fetchMock.mockImplementation(async (input) => (String(input).endsWith(`/purchases/${paid.purchaseId}`) ? json(purchase) : json(orders)));
    const { user, row } = renderPage();
    await user.click(row('Chain Kit').getByRole('button', { name: `#${paid.purchaseNumber} details` }));
    const details = within(screen.getByRole('dialog', { name: `Order #${paid.purchaseNumber}` }));
    expect(await details.findByTestId('order-details-method')).toHaveTextContent('Express');
    expect(details.getByTestId('order-details-arrival')).toHaveTextContent('Arrives Mon 30 Nov');
    const totals = within(details.getByRole('region', { name: 'Totals' }));
    expect(totals.getAllByRole('term').map((term) => term.textContent)).toEqual(['Subtotal', 'Delivery', 'Discount', 'Tax', 'Total']);
    expect(totals.getAllByRole('definition').map((amount) => amount.textContent)).toEqual([
      `$${paid.total.toFixed(2)}`,
      '$12.90',
      '−$2.50',
      '$1.20',
      `$${purchase.total.toFixed(2)}`,
    ]);
  });

  it("downloads a paid purchase's invoice under the shop's name for it, and says why when there is none", async () => {
    const paid = orders[1]!;
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:invoice');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    let refuse = false;
    fetchMock.mockImplementation(async (input) => {
      if (String(input).endsWith(`/purchases/${paid.purchaseId}/invoice`)) {
        if (refuse) return json({ error: { code: 'CONFLICT', message: 'This order was cancelled, so it has no invoice' }, requestId: 'r-1' }, 409);
        return new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="INV-2026-00007.pdf"' } });
      }
      return json(orders);
    });
    const { user, row } = renderPage();
    // Only a paid purchase has one.
    expect(row('Brake Pad Set').queryByRole('button', { name: /^Invoice/ })).not.toBeInTheDocument();
    await user.click(row('Chain Kit').getByRole('button', { name: new RegExp(`^Invoice\\s*of order #${paid.purchaseNumber}$`) }));
    await waitFor(() => expect(saved).toEqual(['INV-2026-00007.pdf']));

    refuse = true;
    await user.click(row('Chain Kit').getByRole('button', { name: /^Invoice/ }));
    expect(await screen.findByText('This order was cancelled, so it has no invoice')).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('leads to the products when there are no orders', () => {
    renderPage([]);
    expect(screen.getByText('You have not ordered any parts yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/allproducts');
  });
});
