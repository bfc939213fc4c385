import { CART_LINES_MAX, cartMessages, ID_PATTERN, type KitCartPart, lineProblem, lineTotal, readQuantity, sumOfLines, type Cart, type CartLine } from '@shop/shared';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getCart } from '@/api/cart/get-cart';
import { putCart, type CartLineInput } from '@/api/cart/put-cart';
import { useAccessToken } from '@/lib/access-token';
import { isApiError } from '@/lib/api-client';
import { createBrowserStore } from './browser-store';
import { queryKeys } from '@/lib/query-keys';

/**
 * The cart (SPEC-2 section 5): a signed-in customer's lives on the server (GET/PUT /cart), the
 * same on every device; a visitor's in this browser, with each part as it was when added, and
 * joins the account's at sign-in (the same part: the larger quantity).
 */

/** What 'Add to Cart' knows of a part: a product of the catalogue. */
export interface CartPart {
  _id: string;
  name: string;
  price: number;
  img: string;
  minimum: number;
  /** Pieces in stock. */
  quantity: number;
}

export const CART_STORAGE_KEY = 'cart';

// ---- A visitor's cart in local storage ----

interface StoredLine {
  productId: string;
  quantity: number;
  name: string;
  price: number;
  img: string | null;
  minimum: number;
  available: number;
}

const isCount = (value: unknown, least: number): value is number => Number.isSafeInteger(value) && (value as number) >= least;
const isStoredLine = (value: unknown): value is StoredLine => {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return (
    typeof line.productId === 'string' &&
    ID_PATTERN.test(line.productId) &&
    typeof line.quantity === 'number' &&
    'quantity' in readQuantity(line.quantity) &&
    typeof line.name === 'string' &&
    line.name.length > 0 &&
    line.name.length <= 500 &&
    typeof line.price === 'number' &&
    Number.isFinite(line.price) &&
    line.price >= 0 &&
    (line.img === null || typeof line.img === 'string') &&
    isCount(line.minimum, 1) &&
    isCount(line.available, 0)
  );
};

/** The visitor's lines: each part once, at most CART_LINES_MAX. */
const visitorCart = createBrowserStore<StoredLine[]>({
  key: CART_STORAGE_KEY,
  empty: [],
  parse: (stored) => {
    const lines = (Array.isArray(stored) ? stored : []).filter(isStoredLine);
    return lines.filter((line, index) => lines.findIndex((other) => other.productId === line.productId) === index).slice(0, CART_LINES_MAX);
  },
  isEmpty: (lines) => lines.length === 0,
});

/** A visitor's line as the cart page shows it: the part as it was when added (the page asks the shop for now). */
const toCartLine = (line: StoredLine): CartLine => ({
  productId: line.productId,
  name: line.name,
  img: line.img,
  price: line.price,
  seenPrice: line.price,
  quantity: line.quantity,
  minimum: line.minimum,
  available: line.available,
  lineTotal: lineTotal(line.price, line.quantity),
  problem: lineProblem(line.quantity, line),
});

// ---- Changes, the same for both carts ----

/** The lines after adding `quantity` of the part (a new line starts at its minimum), or why not. */
function withPart<Line extends { productId: string; quantity: number }>(lines: Line[], part: CartPart, quantity: number | undefined, newLine: () => Line): Line[] {
  const present = lines.find((line) => line.productId === part._id);
  if (present) return lines.map((line) => (line === present ? { ...line, quantity: line.quantity + (quantity ?? 1) } : line));
  if (lines.length >= CART_LINES_MAX) throw new Error(cartMessages.tooManyLines);
  return [...lines, { ...newLine(), quantity: quantity ?? part.minimum }];
}

/**
 * A part added with others in one change (a service kit): what a new line needs of it, and how
 * many pieces (a line already there gains them, a new line starts at them, at least the minimum).
 */
export type CartAddition = Omit<KitCartPart, 'insteadOf'>;

/** The lines after adding every part at once, or why not: all of them or none. */
function withParts<Line extends { productId: string; quantity: number }>(lines: Line[], parts: readonly CartAddition[], newLine: (part: CartAddition) => Line): Line[] {
  const added = new Map<string, number>();
  for (const part of parts) added.set(part.productId, (added.get(part.productId) ?? 0) + part.quantity);
  const merged = lines.map((line) => (added.has(line.productId) ? { ...line, quantity: line.quantity + added.get(line.productId)! } : line));
  const fresh = [...added.keys()].filter((productId) => !lines.some((line) => line.productId === productId));
  if (lines.length + fresh.length > CART_LINES_MAX) throw new Error(cartMessages.tooManyLines);
  return [
    ...merged,
    ...fresh.map((productId) => {
      const part = parts.find((each) => each.productId === productId)!;
      return { ...newLine(part), quantity: Math.max(added.get(productId)!, part.minimum) };
    }),
  ];
}

const inputOf = (lines: Array<{ productId: string; quantity: number }>): CartLineInput[] => lines.map(({ productId, quantity }) => ({ productId, quantity }));

/**
 * The signed-in cart's changes, one after another: each starts from the cart the last one left,
 * so two quick clicks add two pieces, not one.
 */
let serverQueue: Promise<unknown> = Promise.resolve();
function changeServerCart(queryClient: QueryClient, change: (lines: CartLine[]) => CartLineInput[]): Promise<Cart> {
  const run = serverQueue.then(async () => {
    const current = await queryClient.ensureQueryData({ queryKey: queryKeys.cart, queryFn: () => getCart() });
    const saved = await putCart(change(current.lines));
    queryClient.setQueryData(queryKeys.cart, saved);
    return saved;
  });
  serverQueue = run.catch(() => undefined);
  return run;
}

// ---- Hooks ----

export interface CartView {
  lines: CartLine[];
  /** At the shop's prices now (a visitor's: as the parts were when added). */
  total: number;
  signedIn: boolean;
  isLoading: boolean;
  /** The signed-in cart could not be read. */
  error: unknown;
  retry: () => void;
  /** Adds `quantity` pieces (by default the minimum for a new line, one more for a line already there). */
  add: (part: CartPart, quantity?: number) => Promise<void>;
  /** Adds several parts in one change (a service kit): each part's pieces join its line, or start a new one. */
  addParts: (parts: readonly CartAddition[]) => Promise<void>;
  setQuantity: (productId: string, quantity: number) => Promise<void>;
  remove: (productId: string) => Promise<void>;
}

const cartQuery = { queryKey: queryKeys.cart, queryFn: ({ signal }: { signal: AbortSignal }) => getCart({ signal }) };

export function useCart(): CartView {
  const signedIn = useAccessToken() !== null;
  const local = visitorCart.useValue();
  const queryClient = useQueryClient();
  const server = useQuery({ ...cartQuery, enabled: signedIn });

  const lines = signedIn ? (server.data?.lines ?? []) : local.map(toCartLine);
  const total = signedIn ? (server.data?.total ?? 0) : sumOfLines(lines);

  return {
    lines,
    total,
    signedIn,
    isLoading: signedIn && server.isPending,
    error: signedIn ? server.error : null,
    retry: () => void server.refetch(),
    async add(part, quantity) {
      if (signedIn) {
        await changeServerCart(queryClient, (current) => inputOf(withPart(inputOf(current), part, quantity, () => ({ productId: part._id, quantity: 0 }))));
        return;
      }
      const newLine = (): StoredLine => ({ productId: part._id, quantity: 0, name: part.name, price: part.price, img: part.img, minimum: part.minimum, available: part.quantity });
      visitorCart.set(withPart(visitorCart.get(), part, quantity, newLine));
    },
    async addParts(parts) {
      if (signedIn) {
        await changeServerCart(queryClient, (current) => inputOf(withParts(inputOf(current), parts, (part) => ({ productId: part.productId, quantity: 0 }))));
        return;
      }
      const newLine = ({ productId, name, price, img, minimum, available }: CartAddition): StoredLine => ({ productId, quantity: 0, name, price, img, minimum, available });
      visitorCart.set(withParts(visitorCart.get(), parts, newLine));
    },
    async setQuantity(productId, quantity) {
      const change = <Line extends { productId: string; quantity: number }>(current: Line[]) =>
        current.map((line) => (line.productId === productId ? { ...line, quantity } : line));
      if (signedIn) await changeServerCart(queryClient, (current) => inputOf(change(current)));
      else visitorCart.set(change(visitorCart.get()));
    },
    async remove(productId) {
      if (signedIn) await changeServerCart(queryClient, (current) => inputOf(current.filter((line) => line.productId !== productId)));
      else visitorCart.set(visitorCart.get().filter((line) => line.productId !== productId));
    },
  };
}

/** How many lines the cart holds, for the navbar's link. */
export function useCartCount(): number {
  const signedIn = useAccessToken() !== null;
  const local = visitorCart.useValue();
  const server = useQuery({ ...cartQuery, enabled: signedIn, select: (cart: Cart) => cart.lines.length });
  return signedIn ? (server.data ?? 0) : local.length;
}

/** The visitor's lines joined into the account's: a part in both keeps the larger quantity, new parts go last. */
export function joinCarts(account: CartLineInput[], visitor: CartLineInput[]): CartLineInput[] {
  const joined = account.map((line) => {
    const theirs = visitor.find((other) => other.productId === line.productId);
    return theirs && theirs.quantity > line.quantity ? { ...line, quantity: theirs.quantity } : line;
  });
  const added = visitor.filter((line) => !account.some((other) => other.productId === line.productId));
  return [...joined, ...added].slice(0, CART_LINES_MAX);
}

/** The lines of a refused PUT that name a part the shop no longer has (`lines.{i}.productId`). */
const unknownLines = (error: unknown): Set<number> =>
  new Set(
    isApiError(error) && error.status === 422
      ? Object.keys(error.fieldErrors ?? {}).flatMap((field) => {
          const match = /^lines\.(\d+)\.productId$/.exec(field);
          return match ? [Number(match[1])] : [];
        })
      : [],
  );

/**
 * At sign-in, the visitor's cart joins the account's and leaves this browser. A part the shop no
 * longer has is left behind; without an answer from the shop the lines stay for the next try.
 * Rendered once, in the page frame.
 */
export function CartKeeper() {
  const token = useAccessToken();
  const local = visitorCart.useValue();
  const queryClient = useQueryClient();
  const offeredWith = useRef<string | null>(null);

  useEffect(() => {
    if (token === null || local.length === 0 || offeredWith.current === token) return;
    offeredWith.current = token;
    const visitor = inputOf(local);
    void changeServerCart(queryClient, (current) => joinCarts(inputOf(current), visitor))
      .catch(async (error: unknown) => {
        const gone = unknownLines(error);
        if (gone.size === 0) throw error;
        // Once more without the parts the shop no longer has.
        await changeServerCart(queryClient, (current) => {
          const joined = joinCarts(inputOf(current), visitor);
          return joined.filter((_, index) => !gone.has(index));
        });
      })
      .then(
        () => visitorCart.set([]),
        () => undefined,
      );
  }, [token, local, queryClient]);

  return null;
}
