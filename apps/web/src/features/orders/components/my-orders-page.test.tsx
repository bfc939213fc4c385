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

  describe("'Return' on a shipped line", () => {
    const until = new Date(Date.now() + 20 * 24 * 60 * 60 * 1000).toISOString();
    let shipped: Order;
    let posted: unknown[];
    beforeEach(() => {
      shipped = buildOrder({ toolName: 'Spark Plug', quantity: 3, status: 'shipped', paid: true, shift: true, transactionId: 'pi_s', returns: [], returnableQuantity: 2, returnableUntil: until });
      orders = [shipped];
      posted = [];
    });
    /** The shop: takes the request (or refuses it as `refusal` says) and lists the line with its return. */
    const serve = (refusal?: { status: number; body: unknown }) =>
      fetchMock.mockImplementation(async (input, init) => {
        if (init?.method === 'POST' && String(input).endsWith(`/orders/${shipped._id}/returns`)) {
          posted.push(JSON.parse(String(init.body)));
          if (refusal) return json(refusal.body, refusal.status);
          orders = [{ ...shipped, returns: [{ _id: 'r'.repeat(24), quantity: 1, status: 'requested', statusText: 'Return requested' }], returnableQuantity: 1 }];
          return json({ _id: 'r'.repeat(24) }, 201);
        }
        return json(orders);
      });
    const openDialog = async (user: ReturnType<typeof userEvent.setup>, row: (part: string) => ReturnType<typeof within>) => {
      await user.click(row('Spark Plug').getByRole('button', { name: /^Return\s*Spark Plug$/ }));
      return within(screen.getByRole('dialog', { name: 'Return Spark Plug' }));
    };

    it('asks how many pieces (up to what can still go back), why, and a comment, then sends the request and shows it on the line', async () => {
      serve();
      const { user, row } = renderPage();
      const dialog = await openDialog(user, row);
      expect(screen.getByRole('dialog')).toHaveAccessibleDescription(/^You can send back up to 2 pieces of this part until \d{1,2} \w{3} \d{4}\./);
      // The whole of what can go back, unless the customer says less.
      expect(dialog.getByLabelText(/^Quantity/)).toHaveValue(2);
      expect(dialog.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Choose a reason',
        'Does not fit my bike',
        'Damaged',
        'Wrong part sent',
        'No longer needed',
        'Other',
      ]);

      // More than can go back, and no reason: said under each field, and nothing is sent.
      await user.clear(dialog.getByLabelText(/^Quantity/));
      await user.type(dialog.getByLabelText(/^Quantity/), '3');
      await user.click(dialog.getByRole('button', { name: 'Request return' }));
      expect(await dialog.findByText('You can return at most 2 of this part')).toBeInTheDocument();
      expect(dialog.getByText('Please choose a reason')).toBeInTheDocument();
      await user.clear(dialog.getByLabelText(/^Quantity/));
      await user.type(dialog.getByLabelText(/^Quantity/), '0');
      await user.click(dialog.getByRole('button', { name: 'Request return' }));
      expect(await dialog.findByText('Quantity must be a whole number from 1')).toBeInTheDocument();
      expect(posted).toEqual([]);

      await user.clear(dialog.getByLabelText(/^Quantity/));
      await user.type(dialog.getByLabelText(/^Quantity/), '1');
      await user.selectOptions(dialog.getByLabelText('Reason'), 'Damaged');
      await user.type(dialog.getByLabelText(/^Comment/), '  Cracked insulator  ');
      await user.click(dialog.getByRole('button', { name: 'Request return' }));
      expect(await screen.findByText('Your return request has been sent. We will email you once it is approved.')).toBeInTheDocument();
      expect(posted).toEqual([{ quantity: 1, reason: 'Damaged', comment: 'Cracked insulator' }]);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(await row('Spark Plug').findByText('Return requested')).toBeInTheDocument();
      // One piece can still go back.
      expect(row('Spark Plug').getByRole('button', { name: /^Return\s*Spark Plug$/ })).toBeInTheDocument();
    });

    it("keeps the dialog open with the shop's reason when it refuses, and its field messages under their fields", async () => {
      serve({ status: 409, body: { error: { code: 'CONFLICT', message: 'The return window of 30 days for this part has closed' }, requestId: 'r1' } });
      const { user, row } = renderPage();
      const dialog = await openDialog(user, row);
      await user.selectOptions(dialog.getByLabelText('Reason'), 'No longer needed');
      await user.click(dialog.getByRole('button', { name: 'Request return' }));
      expect(await dialog.findByRole('alert')).toHaveTextContent('The return window of 30 days for this part has closed');
      expect(await screen.findByText('The return could not be requested.')).toBeInTheDocument();
      expect(posted).toEqual([{ quantity: 2, reason: 'No longer needed', comment: '' }]);

      serve({ status: 422, body: { error: { code: 'VALIDATION', message: 'Invalid fields', fieldErrors: { comment: ['Comment must be at most 1000 characters'] } }, requestId: 'r2' } });
      await user.click(dialog.getByRole('button', { name: 'Request return' }));
      const comment = dialog.getByLabelText(/^Comment/);
      await waitFor(() => expect(comment).toHaveAccessibleDescription(/Comment must be at most 1000 characters/));
      expect(comment).toHaveAttribute('aria-invalid', 'true');

      await user.click(dialog.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it('leads to the products when there are no orders', () => {
    renderPage([]);
    expect(screen.getByText('You have not ordered any parts yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/allproducts');
  });
});
