import type { Order } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate, Route, Routes } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changedTotalState } from '@/lib/placement';
import { buildOrder, buildPurchase } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { PaymentPage } from './payment-page';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const failure = (status: number, code: string, message: string) => json({ error: { code, message }, requestId: 'r1' }, status);
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

describe('PaymentPage', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let order: Order;

  beforeEach(() => {
    order = buildOrder({ name: 'Sam Rider', email: 'sam@example.com', toolName: 'Brake Pad Set', quantity: 4, toolPrice: 12.99, total: 51.96 });
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === `/api/specificorders/${order._id}`) return json(order);
      if (url === `/api/purchases/${order.purchaseId}`) return json(buildPurchase([order], { status: order.paid ? 'paid' : 'waiting' }));
      if (url === '/api/payments/config') return json({ mode: 'test', publishableKey: null });
      if (url === '/api/create-payment-intent') return json({ clientSecret: 'pi_test_1_secret_abc' });
      if (url === '/api/payments/test/confirm') return json({ id: 'pi_test_1', status: 'succeeded', amount: 5196, currency: 'usd' });
      if (url === `/api/orders/${order._id}` && init?.method === 'PATCH') {
        order = { ...order, paid: true, status: 'paid', transactionId: 'pi_test_1' };
        return json({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
      }
      return failure(404, 'NOT_FOUND', 'Not found');
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const renderPage = (viewerName: string = order.name) =>
    renderWithProviders(
      <>
        <PaymentPage orderId={order._id} ordersHref="/dashbord/myorders" viewerName={viewerName} />
        <ToastContainer />
      </>,
    );
  const bodyOf = (url: string) => {
    const call = fetchMock.mock.calls.find(([input]) => String(input) === url);
    return JSON.parse(String(call?.[1]?.body)) as unknown;
  };

  it('shows a spinner while the order loads, then greets the buyer and sums the order up', async () => {
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your order');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Sam Rider' })).toBeInTheDocument();
    expect(await screen.findByText('Your Order is almost Done, Please Confirm your Payment.')).toBeInTheDocument();
    expect(screen.getByTestId('payment-part')).toHaveTextContent('Brake Pad Set');
    expect(screen.getByTestId('payment-quantity')).toHaveTextContent('4');
    expect(screen.getByTestId('payment-total')).toHaveTextContent('$51.96');
    expect(await screen.findByRole('note')).toHaveTextContent('Test mode');
  });

  it('says before payment that the total changed since the customer saw it, when the placement said so', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/placed" element={<Navigate to="/pay" state={changedTotalState({ total: 57.5, totalChanged: true })} />} />
        <Route path="/pay" element={<PaymentPage orderId={order._id} />} />
      </Routes>,
      { route: '/placed' },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The total changed to $57.50 since you saw it. Please check it before paying.');
  });

  it('says nothing of the total when it is the one shown', async () => {
    expect(changedTotalState({ total: 51.96, totalChanged: false })).toBeUndefined();
    renderPage();
    expect(await screen.findByTestId('payment-total')).toBeInTheDocument();
    expect(screen.queryByTestId('payment-total-changed')).not.toBeInTheDocument();
  });

  it("says until when the parts are held, in the reader's time zone", async () => {
    order = { ...order, holdUntil: '2026-03-02T17:24:00.000Z' };
    renderPage();
    const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(new Date(order.holdUntil!));
    expect(await screen.findByTestId('payment-hold')).toHaveTextContent(new RegExp(`^We hold these parts until (.+, )?${time}$`));
  });

  it('greets an admin who opens a customer\'s payment page by their own name and says whose order it is', async () => {
    renderPage('Ada Admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Hello, Ada Admin' })).toBeInTheDocument();
    expect(await screen.findByText(`The order of Sam Rider (${order.email}).`)).toBeInTheDocument();
  });

  it('pays by card: confirms, tells the shop, and shows the transaction ID, brought into view', async () => {
    const user = userEvent.setup();
    renderPage();
    // The amount due, as the shop writes money.
    const pay = await screen.findByRole('button', { name: 'Pay $51.96' });
    await waitFor(() => expect(pay).toBeEnabled(), { timeout: 5000 });
    expect(bodyOf('/api/create-payment-intent')).toEqual({ orderId: order._id, price: 51.96 });

    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), `12/${nextYear}`);
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(pay);

    expect(await screen.findByText('Payment successful')).toBeInTheDocument();
    // The card form is gone: the confirmation has the focus, which scrolls it into view.
    expect(screen.getByRole('heading', { name: 'Your Payment is Completed' })).toHaveFocus();
    expect(screen.getByTestId('transaction-id')).toHaveTextContent('pi_test_1');
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(bodyOf('/api/payments/test/confirm')).toEqual({
      clientSecret: 'pi_test_1_secret_abc',
      card: { number: '4242 4242 4242 4242', expiry: `12/${nextYear}`, cvc: '123' },
      // SPEC section 7: the billing name is the part's name.
      billingDetails: { name: 'Brake Pad Set', email: 'sam@example.com' },
    });
    expect(bodyOf(`/api/orders/${order._id}`)).toMatchObject({ transactionID: 'pi_test_1', order: { _id: order._id } });
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute('href', '/dashbord/myorders');
  });

  it('still shows the payment as done when telling the shop fails: its webhook learns it too', async () => {
    const user = userEvent.setup();
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'PATCH' ? failure(503, 'UNAVAILABLE', 'Try again later') : answer(input, init),
    );
    renderPage();
    const pay = await screen.findByRole('button', { name: 'Pay $51.96' });
    await waitFor(() => expect(pay).toBeEnabled(), { timeout: 5000 });
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), `12/${nextYear}`);
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(pay);
    expect(await screen.findByRole('heading', { name: 'Your Payment is Completed' })).toBeInTheDocument();
  });

  it('shows a paid order as paid, without a card form', async () => {
    order = { ...order, paid: true, status: 'shipped', shift: true, transactionId: 'pi_test_old' };
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This order is paid.' })).toBeInTheDocument();
    expect(screen.getByTestId('transaction-id')).toHaveTextContent('pi_test_old');
    expect(screen.getByText('Your parts are on the way.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('payment-hold')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/create-payment-intent')).toBe(false);
  });

  it("says so for an unknown order or someone else's", async () => {
    fetchMock.mockImplementation(async () => failure(404, 'NOT_FOUND', 'Order not found'));
    const { unmount } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('This order was not found.');
    unmount();

    fetchMock.mockImplementation(async () => failure(403, 'FORBIDDEN', 'This is not your order'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('This order belongs to another account.');
  });

  it("pays a checkout's lines, delivery and tax with one payment of the purchase's total, and lists every line under its one number", async () => {
    const user = userEvent.setup();
    const checkoutId = 'c'.repeat(24);
    const first = { ...order, checkoutId, purchaseId: checkoutId, number: 20001, purchaseNumber: 20001, toolName: 'Engine Oil 10W-40', quantity: 2, toolPrice: 13.9, total: 27.8 };
    const second = buildOrder({ ...first, _id: 'd'.repeat(24), number: 20002, toolName: 'Spark Plug', quantity: 4, toolPrice: 6.5, total: 26 });
    order = first;
    const purchase = buildPurchase([first, second], { status: 'waiting', subtotal: 53.8, shipping: 12.9, discount: 5.38, tax: 3.51, total: 64.83, shippingMethod: 'Express', arrivesFrom: '2026-11-30', arrivesTo: '2026-11-30', shippingDaysMax: 1 });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => (String(input) === `/api/purchases/${checkoutId}` ? json(purchase) : answer(input, init)));
    renderPage();
    const lines = await screen.findAllByTestId('payment-line');
    expect(lines.map((line) => line.textContent)).toEqual(['2 x Engine Oil 10W-40 at $13.90$27.80', '4 x Spark Plug at $6.50$26.00']);
    expect(screen.getByTestId('payment-order-number')).toHaveTextContent(/^#20001$/);
    expect(screen.queryByText(/#20002/)).not.toBeInTheDocument();
    expect(screen.getByTestId('payment-delivery')).toHaveTextContent('ExpressArrives Mon 30 Nov');
    const totals = within(screen.getByRole('region', { name: 'Totals' }));
    expect(totals.getByText('Delivery').nextSibling).toHaveTextContent('$12.90');
    expect(totals.getByText('Discount').nextSibling).toHaveTextContent('−$5.38');
    expect(totals.getByText('Tax').nextSibling).toHaveTextContent('$3.51');
    expect(screen.getByTestId('payment-total')).toHaveTextContent('$64.83');
    const pay = await screen.findByRole('button', { name: 'Pay $64.83' });
    await waitFor(() => expect(pay).toBeEnabled(), { timeout: 5000 });
    expect(bodyOf('/api/create-payment-intent')).toEqual({ checkoutId });

    await user.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(screen.getByLabelText('Expiry (MM/YY)'), `12/${nextYear}`);
    await user.type(screen.getByLabelText('CVC'), '123');
    await user.click(pay);
    expect(await screen.findByRole('heading', { name: 'Your Payment is Completed' })).toBeInTheDocument();
    expect(bodyOf('/api/payments/test/confirm')).toMatchObject({ billingDetails: { name: 'Engine Oil 10W-40 and 1 more', email: 'sam@example.com' } });
  });
});
