import type { Product } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@/lib/access-token';
import { CART_STORAGE_KEY } from '@/stores/cart';
import { stubFetch } from '@/test/fetch-stub';
import { buildOrder, buildProduct, buildSession } from '@/test/fixtures';
import { answerDeliveryCalls, quoteFor, quoteRequests } from '@/test/quote-stub';
import { renderWithProviders } from '@/test/render';
import { useCartCode } from '../cart-code';
import { CartPage } from './cart-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const id = (n: number) => n.toString(16).padStart(24, '0');
const stored = (product: Product, quantity: number, price = product.price) => ({
  productId: product._id,
  quantity,
  name: product.name,
  price,
  img: product.img,
  minimum: product.minimum,
  available: product.quantity,
});

/** Where 'Checkout' leads, saying which code came along. */
function CheckoutStandIn() {
  return <p>Checkout with {useCartCode() ?? 'no code'}</p>;
}

const quoteTotal = (request: Parameters<typeof quoteFor>[0]) => `$${quoteFor(request).total.toFixed(2)}`;

function renderCart() {
  return renderWithProviders(
    <Routes>
      <Route path="/cart" element={<CartPage />} />
      <Route path="/singin" element={<p>Sign-in page</p>} />
      <Route path="/checkout" element={<CheckoutStandIn />} />
    </Routes>,
    { route: '/cart' },
  );
}

describe("a visitor's cart page", () => {
  const fetchMock = stubFetch();

  it('asks the shop for each part now: a repricing, a part gone and a quantity below its minimum are said on their lines, and block checkout until fixed', async () => {
    const oil = buildProduct({ _id: id(1), name: 'Engine oil 10W-40', price: 13.9, minimum: 1, quantity: 30 });
    const plugs = buildProduct({ _id: id(2), name: 'Spark plug CR9EK', price: 6.5, minimum: 4, quantity: 40 });
    const gone = buildProduct({ _id: id(3), name: 'Discontinued chain guard', price: 9.5, minimum: 1 });
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([stored(oil, 2, 12.9), stored(plugs, 4), stored(gone, 1)]));
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const delivery = answerDeliveryCalls(input, init);
      if (delivery) return delivery;
      if (url.endsWith(`/products/${oil._id}`)) return json(oil);
      // Four plugs now need six: the shop raised the minimum.
      if (url.endsWith(`/products/${plugs._id}`)) return json({ ...plugs, minimum: 6 });
      return json({ error: { code: 'NOT_FOUND', message: 'Product not found' }, requestId: 'r-1' }, 404);
    });
    renderCart();

    const table = await screen.findByRole('table', { name: 'Parts in your cart' });
    expect(await within(table).findByText('Price changed from $12.90 to $13.90')).toBeInTheDocument();
    expect(await within(table).findByText('Please Order More Then 6 Peace')).toBeInTheDocument();
    expect(await within(table).findByText('This part is no longer sold. Please remove it.')).toBeInTheDocument();
    expect(screen.getByLabelText('Quantity for Discontinued chain guard')).toBeDisabled();
    // No total while a line cannot be ordered as it is, and it says why.
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: not shown until every line can be ordered');
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Change or remove the lines marked above to check out.');

    await userEvent.click(screen.getByRole('button', { name: /^Remove\s*Discontinued chain guard$/ }));
    const plugsQuantity = screen.getByLabelText('Quantity for Spark plug CR9EK');
    await userEvent.clear(plugsQuantity);
    await userEvent.type(plugsQuantity, '6{Enter}');
    // The totals of the parts still in the shop, as the shop quotes them for its own country.
    await waitFor(() =>
      expect(quoteRequests(fetchMock.mock.calls).at(-1)).toEqual({
        country: 'US',
        lines: [
          { productId: oil._id, quantity: 2 },
          { productId: plugs._id, quantity: 6 },
        ],
      }),
    );
    expect(await screen.findByTestId('quote-total')).toHaveTextContent(quoteTotal({ country: 'US' }));
    expect(screen.queryByText('Please Order More Then 6 Peace')).not.toBeInTheDocument();

    // A visitor is asked to sign in first.
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
  });

  it("shows each line at the unit price and total the shop quotes for its quantity: a quantity price from its quantity on", async () => {
    const filter = buildProduct({ _id: id(4), name: 'Oil filter HF204', price: 8.99, minimum: 1, quantity: 200, quantityPrices: [{ from: 10, price: 7.5 }] });
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([stored(filter, 12)]));
    fetchMock.mockImplementation(async (input, init) => {
      const delivery = answerDeliveryCalls(input, init, (request) =>
        json({ ...quoteFor(request), lines: [{ productId: filter._id, name: filter.name, quantity: 12, unitPrice: 7.5, lineTotal: 90 }], subtotal: 90 }),
      );
      if (delivery) return delivery;
      return json(filter);
    });
    renderCart();
    const line = await screen.findByTestId('cart-line');
    await waitFor(() => expect(within(line).getByTestId('line-total')).toHaveTextContent('$90.00'));
    expect(line).toHaveTextContent('$7.50');
    // Not a repricing: the part's own price is as it was when added.
    expect(line).not.toHaveTextContent(/Price changed/);
  });

  it('refuses a quantity that is not a whole number of pieces, and keeps the line as it was', async () => {
    const oil = buildProduct({ _id: id(1), name: 'Engine oil 10W-40', price: 13.9, minimum: 1, quantity: 30 });
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([stored(oil, 2)]));
    fetchMock.mockImplementation(async () => json(oil));
    renderCart();
    const quantity = await screen.findByLabelText('Quantity for Engine oil 10W-40');
    await userEvent.clear(quantity);
    await userEvent.tab();
    expect(screen.getByText('Quantity is Required')).toBeInTheDocument();
    await userEvent.type(quantity, '0{Enter}');
    expect(screen.getByText('Please enter a whole number of pieces')).toBeInTheDocument();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    // Above the shop's limit of a million pieces a line: the same rule as the shop's.
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '1000001{Enter}');
    expect(screen.getByText('Please enter a whole number of pieces')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)[0].quantity).toBe(2);
  });

  it('says how many are in stock when a line asks for more, offers to set that, and builds no total from it', async () => {
    const oil = buildProduct({ _id: id(1), name: 'Engine oil 10W-40', price: 13.9, minimum: 1, quantity: 30 });
    const plugs = buildProduct({ _id: id(2), name: 'Spark plug CR9EK', price: 6.5, minimum: 4, quantity: 400 });
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([stored(oil, 2), stored(plugs, 500)]));
    fetchMock.mockImplementation(async (input, init) => answerDeliveryCalls(input, init) ?? json(String(input).endsWith(plugs._id) ? plugs : oil));
    renderCart();

    const line = (await screen.findAllByTestId('cart-line')).find((row) => row.textContent?.includes('Spark plug CR9EK'))!;
    // SPEC's message stays; the stock and the way out follow it.
    expect(await within(line).findByText(/500 Peace is Not Available/)).toHaveTextContent('500 Peace is Not AvailableOnly 400 in stock');
    expect(within(line).getByTestId('line-total')).toHaveTextContent('No line total until this line can be ordered');
    expect(within(line).getByTestId('line-total')).not.toHaveTextContent('$');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: not shown until every line can be ordered');
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();

    await userEvent.click(within(line).getByRole('button', { name: 'Set to 400 pieces of Spark plug CR9EK' }));
    expect(screen.getByLabelText('Quantity for Spark plug CR9EK')).toHaveValue(400);
    expect(within(line).getByTestId('line-total')).toHaveTextContent('$2,600.00');
    expect(await screen.findByTestId('quote-total')).toHaveTextContent(quoteTotal({ country: 'US' }));
    expect(quoteRequests(fetchMock.mock.calls)).toHaveLength(1);
    expect(screen.queryByText('Only 400 in stock')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  });

  it('offers the minimum to a line below it, and nothing to a part with fewer pieces than its minimum', async () => {
    const plugs = buildProduct({ _id: id(2), name: 'Spark plug CR9EK', price: 6.5, minimum: 4, quantity: 40 });
    const chain = buildProduct({ _id: id(3), name: 'Chain kit 520', price: 89.5, minimum: 2, quantity: 1 });
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([stored(plugs, 2), stored(chain, 3)]));
    fetchMock.mockImplementation(async (input) => json(String(input).endsWith(chain._id) ? chain : plugs));
    renderCart();

    expect(await screen.findByText('Please Order More Then 4 Peace')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set to 4 pieces of Spark plug CR9EK' })).toBeInTheDocument();
    expect(await screen.findByText(/3 Peace is Not Available/)).toHaveTextContent('Only 1 in stock');
    expect(screen.queryByRole('button', { name: /pieces of Chain kit 520$/ })).not.toBeInTheDocument();
  });

  it('keeps the code a visitor applied through signing in: the cart they come back to still has it', async () => {
    const plug = buildProduct({ _id: id(7), name: 'Spark plug', price: 4.5, minimum: 2, quantity: 40 });
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([stored(plug, 2)]));
    fetchMock.mockImplementation(async (input, init) => {
      const delivery = answerDeliveryCalls(input, init);
      if (delivery) return delivery;
      if (String(input).endsWith(`/products/${plug._id}`)) return json(plug);
      return json([]);
    });
    const visit = renderCart();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Discount code'), 'spring10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Code SPRING10 applied')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    visit.unmount();

    // Back from signing in (a new page load of the cart): the code is in its field and applied again.
    renderCart();
    expect(await screen.findByText('Code SPRING10 applied')).toBeInTheDocument();
    expect(screen.getByLabelText('Discount code')).toHaveValue('spring10');
  });

  it('says when the cart is empty, with a way to the parts', async () => {
    renderCart();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse parts' })).toHaveAttribute('href', '/allproducts');
  });
});

describe("a signed-in customer's empty cart", () => {
  const fetchMock = stubFetch();

  it('shows the newest purchase waiting for payment, with the way to pay it, instead of an empty cart', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    const session = buildSession({ email: 'sam@example.com' });
    const checkoutId = 'c'.repeat(24);
    const holdUntil = '2026-03-02T17:24:00.000Z';
    const first = buildOrder({ _id: id(11), number: 10042, checkoutId, holdUntil });
    const second = buildOrder({ _id: id(12), number: 10043, purchaseNumber: 10042, checkoutId, holdUntil });
    const older = buildOrder({ _id: id(10), number: 10040, holdUntil: '2026-03-02T16:00:00.000Z' });
    const paid = buildOrder({ _id: id(9), number: 10039, status: 'paid', paid: true });
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/api/cart')) return json({ lines: [], total: 0 });
      if (url.endsWith('/api/auth/get-session')) return json(session);
      // Newest first, as the shop answers.
      if (url.endsWith('/api/orders/sam%40example.com')) return json([second, first, older, paid]);
      return json({ error: { code: 'NOT_FOUND', message: 'Not found' }, requestId: 'r-1' }, 404);
    });
    renderCart();

    expect(await screen.findByRole('heading', { name: 'Your order #10042 is waiting for payment' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', `/dashbord/payment/${first._id}`);
    const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' }).format(new Date(holdUntil));
    expect(screen.getByText(new RegExp(`^We hold these parts until (.+, )?${time}$`))).toBeInTheDocument();
    expect(screen.queryByText('Your cart is empty')).not.toBeInTheDocument();
  });

  it('says the cart is empty when nothing waits for payment', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith('/api/cart')) return json({ lines: [], total: 0 });
      if (url.endsWith('/api/auth/get-session')) return json(buildSession({ email: 'sam@example.com' }));
      return json([buildOrder({ status: 'paid', paid: true }), buildOrder({ status: 'cancelled' })]);
    });
    renderCart();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pay now' })).not.toBeInTheDocument();
  });
});

describe("a signed-in customer's cart", () => {
  const fetchMock = stubFetch();

  it('prices the cart for the default address, applies a discount code and carries it to the checkout', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    const oil = buildProduct({ _id: id(1), name: 'Engine oil 10W-40', price: 13.9, minimum: 1, quantity: 30 });
    const home = { _id: id(50), fullName: 'Sam Rider', line1: '1 Ocean Ave', line2: '', city: 'Santa Monica', region: 'CA', postcode: '90401', country: 'US', phone: '+1 310 555 0100', isDefault: true };
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const delivery = answerDeliveryCalls(input, init);
      if (delivery) return delivery;
      if (url.endsWith('/api/cart')) return json({ lines: [{ productId: oil._id, name: oil.name, img: null, price: 13.9, seenPrice: 13.9, quantity: 2, minimum: 1, available: 30, lineTotal: 27.8, problem: null }], total: 27.8 });
      if (url.endsWith('/api/auth/get-session')) return json(buildSession({ email: 'sam@example.com' }));
      if (url.endsWith('/api/addresses')) return json([home]);
      return json([]);
    });
    renderCart();
    const user = userEvent.setup();

    // The server cart is priced (no lines sent) for the default address.
    expect(await screen.findByTestId('quote-total')).toHaveTextContent(quoteTotal({ country: 'US', region: 'CA' }));
    expect(quoteRequests(fetchMock.mock.calls)[0]).toEqual({ country: 'US', region: 'CA', postcode: '90401' });

    await user.type(screen.getByLabelText('Discount code'), 'spring10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Code SPRING10 applied')).toBeInTheDocument();
    expect(screen.getByTestId('quote-total')).toHaveTextContent(quoteTotal({ country: 'US', region: 'CA', discountCode: 'SPRING10' }));

    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText('Checkout with spring10')).toBeInTheDocument();
  });
});
