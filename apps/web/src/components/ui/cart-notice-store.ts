/**
 * The cart notice's one notice at a time, raised by any Add to Cart button and shown by the one
 * host in the page frame (cart-notice.tsx).
 */
export type Notice = { id: number; kind: 'added'; part: string } | { id: number; kind: 'failed'; message: string };
type NewNotice = { kind: 'added'; part: string } | { kind: 'failed'; message: string };

let current: Notice | null = null;
let lastId = 0;
const listeners = new Set<() => void>();
export const publish = (notice: Notice | null) => {
  current = notice;
  for (const listener of listeners) listener();
};
export const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Says that a part went into the cart (with the ways on), or why it did not; replaces the notice shown. */
export function showCartNotice(notice: NewNotice): void {
  publish({ ...notice, id: ++lastId });
}

/** Closes the notice `id` if it is still the one shown. */
export function closeCartNotice(id: number): void {
  if (current?.id === id) publish(null);
}

export const currentNotice = (): Notice | null => current;
