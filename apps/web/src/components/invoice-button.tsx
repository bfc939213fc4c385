import { formatOrderNumber } from '@shop/shared';
import { useState } from 'react';
import { downloadInvoice } from '@/api/invoices/download-invoice';
import { BusyButton } from '@/components/ui/busy-button';
import { toast } from '@/lib/toast';

/** SPEC-3 section 3's words. */
export const invoiceButtonCopy = {
  invoice: 'Invoice',
  of: (number: number) => `of order ${formatOrderNumber(number)}`,
  failed: 'The invoice could not be downloaded. Please try again.',
} as const;
const copy = invoiceButtonCopy;

/** 'Invoice' on a paid purchase (My Orders, and the purchase's details for its owner and an admin): downloads its PDF. */
export function InvoiceButton({ purchaseId, number, className = 'btn-outline' }: { purchaseId: string; number: number; className?: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadInvoice(purchaseId, copy.failed);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : copy.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <BusyButton className={className} busy={busy} onClick={() => void download()}>
      {copy.invoice}
      <span className="sr-only"> {copy.of(number)}</span>
    </BusyButton>
  );
}
