import type { OrderStatus } from '@shop/shared';
import { downloadFile } from '@/lib/download-file';

/** GET /allorders/export?status&q (admin): the orders the list finds, as a CSV file for accounting. */
export function downloadOrders({ status, q }: { status?: OrderStatus | undefined; q?: string }, failed: string): Promise<void> {
  const query = new URLSearchParams({ ...(status ? { status } : {}), ...(q ? { q } : {}) }).toString();
  const day = new Date().toISOString().slice(0, 10);
  return downloadFile(`/allorders/export${query ? `?${query}` : ''}`, `orders-${status ?? 'all'}-${day}.csv`, failed);
}
