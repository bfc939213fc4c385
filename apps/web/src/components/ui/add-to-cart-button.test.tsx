import { TOAST_AUTO_CLOSE_MS } from '@shop/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@/lib/access-token';
import { CART_STORAGE_KEY } from '@/stores/cart';
import { stubFetch } from '@/test/fetch-stub';
import { buildProduct } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ADDED_STATE_MS, AddToCartButton } from './add-to-cart-button';
import { CartNotice } from './cart-notice';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const plugs = buildProduct({ _id: 'b'.repeat(24), name: 'Spark plug CR9EK', price: 6.5, minimum: 4, quantity: 40 });
const storedQuantity = () => (JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]') as Array<{ quantity: number }>)[0]?.quantity;

function renderButton() {
  return renderWithProviders(
    <>
      <AddToCartButton part={plugs} />
      <CartNotice />
    </>,
  );
}

describe('Add to Cart', () => {
  // The lazily loaded script compiled ahead, so waiting for it is waiting for the app, not the test runner.
  beforeAll(() => import('./cart-notice-card'));

  const fetchMock = stubFetch();

  it('says at once that the part was added, counts a double tap once, and offers the cart and the checkout', async () => {
    const user = userEvent.setup();
    renderButton();
    await user.dblClick(screen.getByRole('button', { name: 'Add to Cart Spark plug CR9EK' }));

    // Four plugs, the minimum, not eight.
    expect(storedQuantity()).toBe(4);
    expect(screen.getByRole('button', { name: 'Added Spark plug CR9EK' })).toBeInTheDocument();
    // The notice's own script comes as the pointer reaches the button.
    const notice = await screen.findByTestId('cart-notice');
    expect(notice).toHaveTextContent('Added to Cart');
    expect(notice).toHaveTextContent('Spark plug CR9EK');
    expect(within(notice).getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    expect(within(notice).getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
    // Announced politely, from a region that was there before.
    expect(screen.getByRole('status')).toContainElement(notice);
  });

  it('adds again on a tap once the button is back from saying so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Add to Cart Spark plug CR9EK' }));
    await user.click(screen.getByRole('button', { name: 'Added Spark plug CR9EK' }));
    expect(storedQuantity()).toBe(4);

    act(() => vi.advanceTimersByTime(ADDED_STATE_MS));
    await user.click(screen.getByRole('button', { name: 'Add to Cart Spark plug CR9EK' }));
    // One more piece on the line already there.
    expect(storedQuantity()).toBe(5);
  });

  it('closes its notice after a while but not while the pointer is on it, and at once with Escape', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Add to Cart Spark plug CR9EK' }));
    await user.hover(await screen.findByTestId('cart-notice'));
    act(() => vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS + 1000));
    expect(screen.getByTestId('cart-notice')).toBeInTheDocument();
    await user.unhover(screen.getByTestId('cart-notice'));
    act(() => vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS));
    expect(screen.queryByTestId('cart-notice')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(ADDED_STATE_MS));
    await user.click(screen.getByRole('button', { name: 'Add to Cart Spark plug CR9EK' }));
    within(await screen.findByTestId('cart-notice')).getByRole('link', { name: 'Checkout' }).focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('cart-notice')).not.toBeInTheDocument();
  });

  it('from the keyboard: Enter adds the part, and Tab goes on to the notice and its ways on', async () => {
    const user = userEvent.setup();
    renderButton();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Add to Cart Spark plug CR9EK' })).toHaveFocus();
    await user.keyboard('{Enter}');

    const notice = await screen.findByTestId('cart-notice');
    expect(storedQuantity()).toBe(4);
    await user.tab();
    expect(within(notice).getByRole('link', { name: 'View cart' })).toHaveFocus();
    await user.tab();
    expect(within(notice).getByRole('link', { name: 'Checkout' })).toHaveFocus();
    await user.tab();
    expect(within(notice).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByTestId('cart-notice')).not.toBeInTheDocument();
  });

  it('says why when the shop refuses, and lets the customer try again', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'PUT'
        ? json({ error: { code: 'UNAVAILABLE', message: 'The shop is busy. Please try again in a moment.' }, requestId: 'r-1' }, 503)
        : json({ lines: [], total: 0 }),
    );
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Add to Cart Spark plug CR9EK' }));

    expect(await screen.findByText('The shop is busy. Please try again in a moment.')).toBeInTheDocument();
    expect(screen.queryByText('Added to Cart')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart Spark plug CR9EK' })).toHaveAttribute('aria-disabled', 'false');
  });
});
