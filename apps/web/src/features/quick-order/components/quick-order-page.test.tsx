import { quickOrderMessages, type Cart } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@/lib/access-token';
import { queryKeys } from '@/lib/query-keys';
import { stubFetch } from '@/test/fetch-stub';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { QuickOrderPage } from './quick-order-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const id = (n: number) => n.toString(16).padStart(24, '0');

const line = (productId: string, name: string, quantity: number, price: number) => ({
  productId,
  name,
  img: null,
  price,
  seenPrice: price,
  quantity,
  minimum: 1,
  available: 100,
  lineTotal: Math.round(price * quantity * 100) / 100,
  problem: null,
});

describe('QuickOrderPage', () => {
  const fetchMock = stubFetch();

  function renderPage(answer: (text: string) => Response, cartAfter: Cart) {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'workshop-token');
    const sent: string[] = [];
    let ordered = false;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/cart/quick' && init?.method === 'POST') {
        const { text } = JSON.parse(String(init.body)) as { text: string };
        sent.push(text);
        ordered = true;
        return answer(text);
      }
      if (url === '/api/cart') return json(ordered ? cartAfter : { lines: [], total: 0 });
      throw new Error(`unexpected call ${url}`);
    });
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(queryKeys.cart, { lines: [], total: 0 });
    renderWithProviders(
      <>
        <QuickOrderPage />
        <ToastContainer />
      </>,
      { queryClient },
    );
    return { user: userEvent.setup(), sent, queryClient };
  }

  it("adds the good lines, lists what went in with the way to the cart and every other line as the shop words it, and refreshes the cart", async () => {
    const cartAfter: Cart = { lines: [line(id(1), 'Oil filter HF204', 10, 7.64), line(id(2), 'Spark plug CR9EIX', 4, 9.35)], total: 113.8 };
    const { user, sent, queryClient } = renderPage(
      () =>
        json({
          added: [
            { productId: id(1), quantity: 10 },
            { productId: id(2), quantity: 4 },
          ],
          errors: [
            { line: 3, message: quickOrderMessages.noPart(3, 'XX999') },
            { line: 4, message: quickOrderMessages.belowMinimum(4, 6) },
          ],
        }),
      cartAfter,
    );
    const box = screen.getByLabelText('One part per line: part number and quantity');
    expect(box).toHaveAttribute('placeholder', expect.stringContaining('HF204 x10'));
    await user.click(box);
    await user.paste('HF204 x10\nCR9EIX 4\nXX999 1\nDID520 2');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));

    expect(await screen.findByText('2 parts added to your cart', { selector: '.Toastify *' })).toBeInTheDocument();
    expect(sent).toEqual(['HF204 x10\nCR9EIX 4\nXX999 1\nDID520 2']);
    const added = await screen.findByRole('list', { name: 'Added to your cart' });
    await waitFor(() => expect(within(added).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['10 × Oil filter HF204', '4 × Spark plug CR9EIX']));
    expect(screen.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    expect(within(screen.getByRole('list', { name: 'Lines not added' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Line 3: no part numbered XX999',
      'Line 4: Please Order More Then 6 Peace',
    ]);
    expect(queryClient.getQueryData(queryKeys.cart)).toEqual(cartAfter);
    // Lines to fix: the text stays.
    expect(box).toHaveValue('HF204 x10\nCR9EIX 4\nXX999 1\nDID520 2');
  });

  it('asks for some text before sending anything, and shows the shop\'s refusal under the box', async () => {
    const { user, sent } = renderPage(
      () => json({ error: { code: 'VALIDATION_FAILED', message: 'Invalid fields', fieldErrors: { text: [quickOrderMessages.tooManyLines] } }, requestId: 'r1' }, 422),
      { lines: [], total: 0 },
    );
    const box = screen.getByLabelText('One part per line: part number and quantity');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(box).toHaveAccessibleDescription(quickOrderMessages.textRequired));
    expect(sent).toEqual([]);

    await user.click(box);
    await user.paste('HF204 1\n'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await waitFor(() => expect(box).toHaveAccessibleDescription(quickOrderMessages.tooManyLines));
    expect(sent).toHaveLength(1);
  });

  it('reads a CSV file into the box as its text, and sends that; with every line added the box empties', async () => {
    const { user, sent } = renderPage(() => json({ added: [{ productId: id(1), quantity: 10 }], errors: [] }), { lines: [line(id(1), 'Oil filter HF204', 10, 7.64)], total: 76.4 });
    const csv = '\uFEFFpartNumber,quantity\r\nHF204,10\r\n';
    await user.upload(screen.getByLabelText(/^CSV file/), new File([csv], 'order.csv', { type: 'text/csv' }));
    const box = screen.getByLabelText<HTMLTextAreaElement>('One part per line: part number and quantity');
    await waitFor(() => expect(box.value).toMatch(/^partNumber,quantity\r?\nHF204,10/));
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('1 part added to your cart', { selector: '.Toastify *' })).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('HF204,10');
    expect(screen.queryByRole('list', { name: 'Lines not added' })).not.toBeInTheDocument();
    await waitFor(() => expect(box).toHaveValue(''));
  });
});
