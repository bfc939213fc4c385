import { cartMessages, type Cart, type CartLine } from '@shop/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { buildProduct } from '@/test/fixtures';
import { stubFetch } from '@/test/fetch-stub';
import { createTestQueryClient } from '@/test/render';
import { ACCESS_TOKEN_STORAGE_KEY } from '@/lib/access-token';
import { CART_STORAGE_KEY, CartKeeper, joinCarts, useCart, useCartCount } from './cart';

const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>;
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const id = (n: number) => n.toString(16).padStart(24, '0');
const oil = buildProduct({ _id: id(1), name: 'Engine oil 10W-40', price: 13.9, minimum: 2, quantity: 30 });
const plug = buildProduct({ _id: id(2), name: 'Spark plug CR9EK', price: 6.5, minimum: 4, quantity: 3 });

/** The cart the shop answers for these lines, at these parts' prices. */
const answered = (lines: Array<{ productId: string; quantity: number }>): Cart => {
  const parts = [oil, plug];
  const cartLines = lines.map(({ productId, quantity }): CartLine => {
    const part = parts.find((candidate) => candidate._id === productId)!;
    return { productId, name: part.name, img: part.img, price: part.price, seenPrice: part.price, quantity, minimum: part.minimum, available: part.quantity, lineTotal: part.price * quantity, problem: null };
  });
  return { lines: cartLines, total: cartLines.reduce((sum, line) => sum + line.lineTotal, 0) };
};

describe("a visitor's cart in this browser", () => {
  it('puts a new part in at its minimum, adds one more to a line already there, and counts its lines', async () => {
    const { result } = renderHook(() => ({ cart: useCart(), count: useCartCount() }), { wrapper });
    await act(() => result.current.cart.add(oil));
    await act(() => result.current.cart.add(plug));
    await act(() => result.current.cart.add(oil));
    expect(result.current.cart.lines.map((line) => [line.name, line.quantity, line.problem])).toEqual([
      ['Engine oil 10W-40', 3, null],
      // Four plugs wanted, three in stock: SPEC's rule says so on the line.
      ['Spark plug CR9EK', 4, 'not-available'],
    ]);
    expect(result.current.count).toBe(2);
    expect(result.current.cart.total).toBe(67.7);

    await act(() => result.current.cart.setQuantity(plug._id, 1));
    expect(result.current.cart.lines[1]).toMatchObject({ quantity: 1, problem: 'below-minimum' });
    await act(() => result.current.cart.remove(oil._id));
    expect(result.current.cart.lines.map((line) => line.productId)).toEqual([plug._id]);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual([
      { productId: plug._id, quantity: 1, name: plug.name, price: 6.5, img: plug.img, minimum: 4, available: 3 },
    ]);
  });

  it('ignores whatever in storage is not a cart line, and keeps one line per part', () => {
    const good = { productId: oil._id, quantity: 2, name: oil.name, price: 13.9, img: null, minimum: 2, available: 30 };
    for (const stored of ['not json', '{"a":1}', JSON.stringify([{ ...good, quantity: 0 }, { ...good, productId: 'nope' }, { ...good, price: 'free' }])]) {
      localStorage.setItem(CART_STORAGE_KEY, stored);
      const { result, unmount } = renderHook(() => useCart(), { wrapper });
      expect(result.current.lines).toEqual([]);
      unmount();
    }
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([good, { ...good, quantity: 9 }, null]));
    const { result } = renderHook(() => useCart(), { wrapper });
    expect(result.current.lines.map((line) => line.quantity)).toEqual([2]);
  });

  it('holds at most 50 parts and says so', async () => {
    const { result } = renderHook(() => useCart(), { wrapper });
    for (let n = 1; n <= 50; n++) await act(() => result.current.add(buildProduct({ _id: id(100 + n), minimum: 1 })));
    await expect(result.current.add(buildProduct({ _id: id(999), minimum: 1 }))).rejects.toThrow('A cart holds at most 50 different parts.');
    expect(result.current.lines).toHaveLength(50);
  });
});

describe("a signed-in customer's cart on the shop", () => {
  const fetchMock = stubFetch();

  it('adds from the cart the shop holds, one change after another, and shows its answer', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    let stored: Array<{ productId: string; quantity: number }> = [{ productId: plug._id, quantity: 4 }];
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') {
        stored = (JSON.parse(String(init.body)) as { lines: typeof stored }).lines;
        return json(answered(stored));
      }
      return json(answered(stored));
    });
    const { result } = renderHook(() => ({ cart: useCart(), count: useCartCount() }), { wrapper });
    await waitFor(() => expect(result.current.count).toBe(1));
    // Two quick presses: two pieces, each change made from the last one's answer.
    await act(() => Promise.all([result.current.cart.add(oil), result.current.cart.add(oil)]));
    expect(stored).toEqual([
      { productId: plug._id, quantity: 4 },
      { productId: oil._id, quantity: 3 },
    ]);
    // The query's observers hear of the answer in the next tick.
    await waitFor(() => expect(result.current.cart.lines.map((line) => line.quantity)).toEqual([4, 3]));
    expect(result.current.count).toBe(2);
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(new Headers(puts[0]![1]!.headers).get('authorization')).toBe('Bearer token-1');
    // Nothing of it is kept in the browser.
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
  });
});

describe('joining carts at sign-in', () => {
  const fetchMock = stubFetch();

  it('keeps the larger quantity of a part in both and adds the visitor’s other parts after the account’s', () => {
    expect(
      joinCarts(
        [
          { productId: id(1), quantity: 5 },
          { productId: id(2), quantity: 4 },
        ],
        [
          { productId: id(2), quantity: 8 },
          { productId: id(1), quantity: 2 },
          { productId: id(3), quantity: 1 },
        ],
      ),
    ).toEqual([
      { productId: id(1), quantity: 5 },
      { productId: id(2), quantity: 8 },
      { productId: id(3), quantity: 1 },
    ]);
  });

  it('joins the visitor’s lines into the account’s once signed in, leaves out a part the shop no longer has, and empties this browser’s cart', async () => {
    const gone = buildProduct({ _id: id(9), name: 'Discontinued guard', minimum: 1 });
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify([
        { productId: oil._id, quantity: 6, name: oil.name, price: oil.price, img: null, minimum: 2, available: 30 },
        { productId: gone._id, quantity: 1, name: gone.name, price: 1, img: null, minimum: 1, available: 5 },
      ]),
    );
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    const sent: unknown[] = [];
    fetchMock.mockImplementation(async (_input, init) => {
      if (init?.method !== 'PUT') return json(answered([{ productId: oil._id, quantity: 2 }]));
      const { lines } = JSON.parse(String(init.body)) as { lines: Array<{ productId: string; quantity: number }> };
      sent.push(lines);
      const unknown = lines.findIndex((line) => line.productId === gone._id);
      if (unknown >= 0) {
        return json({ error: { code: 'VALIDATION_FAILED', message: 'Invalid input', fieldErrors: { [`lines.${unknown}.productId`]: ['This part is not in the shop'] } }, requestId: 'r-1' }, 422);
      }
      return json(answered(lines));
    });
    render(<CartKeeper />, { wrapper });
    await waitFor(() => expect(localStorage.getItem(CART_STORAGE_KEY)).toBeNull());
    expect(sent).toEqual([
      [
        { productId: oil._id, quantity: 6 },
        { productId: gone._id, quantity: 1 },
      ],
      [{ productId: oil._id, quantity: 6 }],
    ]);
  });

  it('keeps the visitor’s lines for the next try when the shop cannot be reached', async () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ productId: oil._id, quantity: 6, name: oil.name, price: oil.price, img: null, minimum: 2, available: 30 }]));
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    fetchMock.mockImplementation(async () => json({ error: { code: 'INTERNAL', message: 'Something went wrong' }, requestId: 'r-2' }, 503));
    render(<CartKeeper />, { wrapper });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toHaveLength(1);
  });
});

describe('adding several parts in one change (a service kit)', () => {
  const fetchMock = stubFetch();
  const filter = buildProduct({ _id: id(3), name: 'Oil filter HF204', price: 9.5, minimum: 1, quantity: 12 });
  const kitPart = (part: typeof oil, quantity: number) => ({ productId: part._id, name: part.name, price: part.price, img: part.img, minimum: part.minimum, available: part.quantity, quantity });

  it("adds the kit's pieces to a line already there and starts each new line at its pieces, at least the part's minimum", async () => {
    const { result } = renderHook(() => useCart(), { wrapper });
    await act(() => result.current.add(oil, 3));
    await act(() => result.current.addParts([kitPart(oil, 4), kitPart(filter, 1), kitPart(plug, 2)]));
    expect(result.current.lines.map((line) => [line.name, line.quantity])).toEqual([
      ['Engine oil 10W-40', 7],
      ['Oil filter HF204', 1],
      // Two plugs asked for, four the least the shop sells.
      ['Spark plug CR9EK', 4],
    ]);
  });

  it('adds nothing when the new lines would take the cart past 50 lines, and says why', async () => {
    const { result } = renderHook(() => useCart(), { wrapper });
    for (let n = 1; n <= 49; n++) await act(() => result.current.add(buildProduct({ _id: id(100 + n), minimum: 1 })));
    await act(() => result.current.add(oil));
    await expect(result.current.addParts([kitPart(oil, 2), kitPart(filter, 1)])).rejects.toThrow(cartMessages.tooManyLines);
    expect(result.current.lines).toHaveLength(50);
    expect(result.current.lines.find((line) => line.productId === oil._id)?.quantity).toBe(2);
    // A kit whose parts are all in the cart already still goes in.
    await act(() => result.current.addParts([kitPart(oil, 2)]));
    expect(result.current.lines.find((line) => line.productId === oil._id)?.quantity).toBe(4);
  });

  it("changes the signed-in customer's cart with one PUT from the cart the shop holds", async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-1');
    let stored: Array<{ productId: string; quantity: number }> = [{ productId: oil._id, quantity: 2 }];
    fetchMock.mockImplementation(async (_input, init) => {
      if (init?.method === 'PUT') stored = (JSON.parse(String(init.body)) as { lines: typeof stored }).lines;
      return json(answered(stored));
    });
    const { result } = renderHook(() => useCart(), { wrapper });
    await waitFor(() => expect(result.current.lines).toHaveLength(1));
    await act(() => result.current.addParts([kitPart(oil, 4), kitPart(plug, 1)]));
    expect(stored).toEqual([
      { productId: oil._id, quantity: 6 },
      { productId: plug._id, quantity: 4 },
    ]);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(1);
    await waitFor(() => expect(result.current.lines.map((line) => line.quantity)).toEqual([6, 4]));
  });
});
