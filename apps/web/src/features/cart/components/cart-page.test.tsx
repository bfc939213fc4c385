import type { Product } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from '@/stores/cart';
import { stubFetch } from '@/test/fetch-stub';
import { buildProduct } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
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

function renderCart() {
  return renderWithProviders(
    <Routes>
      <Route path="/cart" element={<CartPage />} />
      <Route path="/singin" element={<p>Sign-in page</p>} />
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
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
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
    // The parts still in the shop, at their prices now.
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: $53.80');
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Change or remove the lines marked above to check out.');

    await userEvent.click(screen.getByRole('button', { name: /^Remove\s*Discontinued chain guard$/ }));
    const plugsQuantity = screen.getByLabelText('Quantity for Spark plug CR9EK');
    await userEvent.clear(plugsQuantity);
    await userEvent.type(plugsQuantity, '6{Enter}');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('Total: $66.80');
    expect(screen.queryByText('Please Order More Then 6 Peace')).not.toBeInTheDocument();

    // A visitor is asked to sign in first.
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
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

  it('says when the cart is empty, with a way to the parts', async () => {
    renderCart();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse parts' })).toHaveAttribute('href', '/allproducts');
  });
});
