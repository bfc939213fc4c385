import type { Cart } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@/lib/access-token';
import { stubFetch } from '@/test/fetch-stub';
import { buildOrder } from '@/test/fixtures';
import { answerDeliveryCalls, METHODS, quoteFor, quoteRequests } from '@/test/quote-stub';
import { renderWithProviders } from '@/test/render';
import { CheckoutPage } from './checkout-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const id = (n: number) => n.toString(16).padStart(24, '0');
const CART: Cart = {
  lines: [
    { productId: id(1), name: 'Engine oil 10W-40', img: null, price: 13.9, seenPrice: 13.9, quantity: 2, minimum: 1, available: 30, lineTotal: 27.8, problem: null },
    { productId: id(2), name: 'Spark plug CR9EK', img: null, price: 6.5, seenPrice: 6.5, quantity: 4, minimum: 4, available: 40, lineTotal: 26, problem: null },
  ],
  total: 53.8,
};
const buyer = { name: 'Sam Rider', email: 'sam@example.com' };

/** The calls beside the test's own: settings, methods, the quote, and no saved addresses. */
const withDelivery =
  (own: (input: Parameters<typeof fetch>[0], init?: RequestInit) => Response) =>
  async (input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    answerDeliveryCalls(input, init) ?? (String(input).endsWith('/api/addresses') ? json([]) : own(input, init));

async function fillDelivery(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^Location/), '7 Throttle Lane, Leeds');
  await user.type(screen.getByLabelText('Phone'), '+44 113 496 0000');
  await user.type(screen.getByLabelText('Postcode'), 'ls1 4ap');
  await user.selectOptions(screen.getByLabelText('Country'), 'GB');
}

async function placeOrder(user: ReturnType<typeof userEvent.setup>) {
  const button = screen.getByRole('button', { name: 'Place Order' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
}

function renderCheckout() {
  return renderWithProviders(
    <Routes>
      <Route path="/checkout" element={<CheckoutPage buyer={buyer} />} />
      <Route path="/dashbord/payment/:orderid" element={<p>Payment page</p>} />
    </Routes>,
    { route: '/checkout' },
  );
}

describe('the checkout page', () => {
  const fetchMock = stubFetch();
  beforeEach(() => localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1'));

  it('shows the buyer, the lines and the quote of the cart, and checks the purchase rules before sending anything', async () => {
    fetchMock.mockImplementation(
      withDelivery((input, init) =>
        String(input).endsWith('/checkout') && init?.method === 'POST' ? json({ checkoutId: id(10), orderIds: [id(11), id(12)] }, 201) : json(CART),
      ),
    );
    renderCheckout();
    const user = userEvent.setup();
    expect(await screen.findByText('2 x Engine oil 10W-40')).toBeInTheDocument();
    expect(screen.getByText('4 x Spark plug CR9EK')).toBeInTheDocument();
    // The server cart is priced: no lines are sent.
    expect(await screen.findByTestId('quote-total')).toHaveTextContent(`$${quoteFor({ country: 'US' }).total.toFixed(2)}`);
    expect(quoteRequests(fetchMock.mock.calls)[0]).toEqual({ country: 'US' });
    expect(screen.getByLabelText('Name')).toHaveValue('Sam Rider');
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');

    // The purchase rules first, before anything is sent.
    await placeOrder(user);
    expect(await screen.findByText('Location is Required')).toBeInTheDocument();
    expect(screen.getByText('Postcode is Required')).toBeInTheDocument();
    expect(screen.getByText('Please choose a region')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/checkout'))).toBe(false);
  });

  it('places every line with the address, method and total shown, then goes on to the payment', async () => {
    fetchMock.mockImplementation(
      withDelivery((input, init) =>
        String(input).endsWith('/checkout') && init?.method === 'POST' ? json({ checkoutId: id(10), orderIds: [id(11), id(12)] }, 201) : json(CART),
      ),
    );
    renderCheckout();
    const user = userEvent.setup();
    expect(await screen.findByTestId('quote-total')).toBeInTheDocument();
    await fillDelivery(user);
    await user.click(within(screen.getByRole('group', { name: 'Delivery method' })).getByRole('radio', { name: /^Express/ }));
    await placeOrder(user);
    expect(await screen.findByText('Payment page')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/checkout'))!;
    expect(JSON.parse(String(init!.body))).toEqual({
      location: '7 Throttle Lane, Leeds',
      phone: '+44 113 496 0000',
      country: 'GB',
      postcode: 'LS1 4AP',
      shippingMethodId: METHODS.express._id,
      expectedTotal: quoteFor({ country: 'GB', shippingMethodId: METHODS.express._id }).total,
    });
  });

  it('names the part the shop cannot fill and leads back to the cart', async () => {
    fetchMock.mockImplementation(
      withDelivery((input, init) =>
      String(input).endsWith('/checkout') && init?.method === 'POST'
        ? json(
            {
              error: { code: 'OUT_OF_STOCK', message: 'Spark plug CR9EK: 4 Peace is Not Available', fieldErrors: { 'lines.1.quantity': ['Spark plug CR9EK: 4 Peace is Not Available'] } },
              requestId: 'r-1',
            },
            409,
          )
        : json(CART),
      ),
    );
    renderCheckout();
    const user = userEvent.setup();
    await screen.findByText('2 x Engine oil 10W-40');
    await fillDelivery(user);
    await placeOrder(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Spark plug CR9EK: 4 Peace is Not Available');
    expect(screen.getByRole('link', { name: 'Change it in the cart' })).toHaveAttribute('href', '/cart');
  });

  it('says when there is nothing to check out', async () => {
    fetchMock.mockImplementation(withDelivery((input) => json(String(input).includes('/api/orders/') ? [] : { lines: [], total: 0 })));
    renderCheckout();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
  });

  it('shows the purchase just placed, back from the payment page, instead of an empty cart', async () => {
    const placed = buildOrder({ number: 10077, email: 'sam@example.com' });
    fetchMock.mockImplementation(withDelivery((input) => json(String(input).endsWith('/api/orders/sam%40example.com') ? [placed] : { lines: [], total: 0 })));
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Your order #10077 is waiting for payment' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', `/dashbord/payment/${placed._id}`);
    expect(screen.queryByText('Your cart is empty')).not.toBeInTheDocument();
  });
});
