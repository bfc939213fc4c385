import { downloadFile } from '@/lib/download-file';

/** GET /purchases/{id}/invoice (owner or admin): the paid purchase's invoice, saved as the shop names it ('INV-2026-00001.pdf'). */
export function downloadInvoice(purchaseId: string, failed: string): Promise<void> {
  return downloadFile(`/purchases/${purchaseId}/invoice`, 'invoice.pdf', failed);
}
