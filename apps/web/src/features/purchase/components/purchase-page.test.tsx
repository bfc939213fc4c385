import type { Product } from '@shop/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation, useParams } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@/lib/access-token';
import { readChangedTotal } from '@/lib/placement';
import { buildProduct } from '@/test/fixtures';
import { answerDeliveryCalls, METHODS, quoteFor } from '@/test/quote-stub';
import { renderWithProviders } from '@/test/render';
import { PurchasePage } from './purchase-page';

/** Where the shop goes after an order: the payment page's route, shown here by its order id. */
function PaymentStandIn() {
  const { orderid } = useParams();
  const changed = readChangedTotal(useLocation().state);
  return (
    <>
      <p>Paying order {orderid}</p>
      {changed !== null && <p>Total changed to {changed}</p>}
    </>
  );
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const buyer = { name: 'Sam Rider', email: 'sam@example.com' };

describe('PurchasePage', () => {
  const fetchMock = vi.fn<typeof fetch>();
  let product: Product;
  let placed: { total: number; totalChanged: boolean } | Record<string, never>;

  beforeEach(() => {
    product = buildProduct({ name: 'Brake Pad Set', price: 12.99, quantity: 40, minimum: 4 });
    fetchMock.mockReset();
    placed = {};
    fetchMock.mockImplementation(async (input, init) => {
      const delivery = answerDeliveryCalls(input, init);
      if (delivery) return delivery;
      if (String(input) === '/api/orders' && init?.method === 'POST') {
        const { quantity } = JSON.parse(String(init.body)) as { quantity: number };
        product = { ...product, quantity: product.quantity - quantity };
        return json({ acknowledged: true, insertedId: 'a'.repeat(24), ...placed }, 201);
      }
      if (String(input) === '/api/addresses' && init?.method === 'POST') return json({ acknowledged: true, insertedId: 'c'.repeat(24) }, 201);
      if (String(input) === '/api/addresses') return json([]);
      if (String(input) === `/api/products/${product._id}`) return json(product);
      return json({ error: { code: 'NOT_FOUND', message: 'Product not found' }, requestId: 'r1' }, 404);
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  const renderPage = (productId = product._id) =>
    renderWithProviders(
      <>
        <PurchasePage productId={productId} buyer={buyer} />
        <ToastContainer />
      </>,
    );

  it('shows the part with its price, stock and minimum', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Brake Pad Set' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Brake Pad Set' })).toBeInTheDocument();
    expect(screen.getByText(product.decreption)).toBeInTheDocument();
    expect(screen.getByText('$12.99 per piece')).toBeInTheDocument();
    expect(screen.getByTestId('purchase-available')).toHaveTextContent('Available: 40');
    expect(screen.getByText('Minimum order: 4')).toBeInTheDocument();
  });

  it("shows a workshop its trade price per piece, with the list price it comes from", async () => {
    product = { ...product, price: 11.04, listPrice: 12.99 };
    renderPage();
    expect(await screen.findByText('Your trade price')).toBeInTheDocument();
    expect(screen.getByText('$11.04 per piece')).toBeInTheDocument();
    expect(screen.getByText('List price $12.99')).toBeInTheDocument();
  });

  const renderRoutes = () =>
    renderWithProviders(
      <>
        <Routes>
          <Route path="/purchase/:id" element={<PurchasePage productId={product._id} buyer={buyer} />} />
          <Route path="/dashbord/payment/:orderid" element={<PaymentStandIn />} />
        </Routes>
        <ToastContainer />
      </>,
      { route: `/purchase/${product._id}` },
    );

  /** Fills the form for a Californian address and places the order once its totals are in. */
  async function placeOrder(user: ReturnType<typeof userEvent.setup>, { save = false } = {}) {
    await user.type(await screen.findByLabelText('Location', { exact: false }), '12 Harbour Road');
    await user.type(screen.getByLabelText('Phone'), '+880 1700 000000');
    await user.type(screen.getByLabelText('Postcode'), '90210');
    await user.selectOptions(screen.getByLabelText('Region'), 'CA');
    if (save) await user.click(screen.getByLabelText('Save this address'));
    const confirm = screen.getByRole('button', { name: 'Confirm Order' });
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);
  }

  it("orders with the address, the method and the total shown: thanks the customer and goes on to the order's payment page", async () => {
    const user = userEvent.setup();
    renderRoutes();
    await placeOrder(user);

    expect(await screen.findByText('Thank You!! Your Order is Wait For Payment.')).toBeInTheDocument();
    expect(await screen.findByText(`Paying order ${'a'.repeat(24)}`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm Order' })).toBeNull();
    const order = fetchMock.mock.calls.find(([input]) => String(input) === '/api/orders');
    expect(JSON.parse(String(order?.[1]?.body))).toEqual({
      productId: product._id,
      quantity: 4,
      location: '12 Harbour Road',
      phone: '+880 1700 000000',
      toolName: 'Brake Pad Set',
      toolPrice: 12.99,
      name: 'Sam Rider',
      email: 'sam@example.com',
      country: 'US',
      region: 'CA',
      postcode: '90210',
      shippingMethodId: METHODS.collect._id,
      expectedTotal: quoteFor({ country: 'US', region: 'CA' }).total,
    });
    expect(screen.queryByText(/^Total changed/)).toBeNull();
  });

  it('saves the address when asked, and tells the payment page of a total that changed since it was shown', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    placed = { total: 57.5, totalChanged: true };
    const user = userEvent.setup();
    renderRoutes();
    await placeOrder(user, { save: true });
    expect(await screen.findByText('Total changed to 57.5')).toBeInTheDocument();
    const saved = fetchMock.mock.calls.find(([input, init]) => String(input) === '/api/addresses' && init?.method === 'POST');
    expect(JSON.parse(String(saved?.[1]?.body))).toEqual({
      fullName: 'Sam Rider',
      line1: '12 Harbour Road',
      line2: '',
      city: '',
      region: 'CA',
      postcode: '90210',
      country: 'US',
      phone: '+880 1700 000000',
    });
  });

  it('says so for a part that does not exist, with a way to the products', async () => {
    renderPage('f'.repeat(24));
    expect(await screen.findByRole('heading', { level: 1, name: 'Part not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all products' })).toHaveAttribute('href', '/allproducts');
  });
});
