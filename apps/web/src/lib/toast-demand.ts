/**
 * Whether anything on the page can raise a toast yet. `@/lib/toast` marks it when its module first
 * loads, i.e. with the first script that has a toast to show; the toast container waits for it.
 */
let inDemand = false;
const listeners = new Set<() => void>();

export function markToastsInDemand(): void {
  if (inDemand) return;
  inDemand = true;
  for (const listener of listeners) listener();
}

export const toastsInDemand = (): boolean => inDemand;

export function subscribeToToastDemand(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
