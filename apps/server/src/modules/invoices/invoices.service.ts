import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { MailAttachment } from '../../lib/mailer.js';
import type { SettingsService } from '../settings/settings.plugin.js';
import { creditNoteDocumentOf, documentNumber, type InvoiceDocument, invoiceDocumentOf, type IssuingShop } from './invoice-document.js';
import { invoiceFileName, renderInvoicePdf } from './invoice-pdf.js';
import type { InvoicesRepository } from './invoices.repository.js';
import { isStaffOrAdmin } from '../../plugins/auth.js';

/** Whoever asks for a document: the purchase's owner, or an admin. */
interface Caller {
  id: string;
  role: string;
}

/** A document to download: its file name and its PDF. */
export interface DocumentFile {
  fileName: string;
  pdf: Buffer;
}

const attachmentOf = ({ fileName, pdf }: DocumentFile): MailAttachment => ({ filename: fileName, content: pdf, contentType: 'application/pdf' });
const mayRead = (caller: Caller, ownerId: string) => isStaffOrAdmin(caller.role) || caller.id === ownerId;
const fileOf = async (stored: string): Promise<DocumentFile> => {
  const document = JSON.parse(stored) as InvoiceDocument;
  return { fileName: invoiceFileName(document), pdf: await renderInvoicePdf(document) };
};

/**
 * What a document issued now prints of the shop, and the shop's time zone (its date and year):
 * read before the issuing transaction, which reads nothing but through itself.
 */
export interface IssueContext {
  shop: IssuingShop;
  timeZone: string;
}

/** A refund a credit note is issued for. */
export interface RefundIssued {
  refundId: string;
  purchaseId: string;
  /** The order numbers of the lines it gives back. */
  orderNumbers: number[];
  amountCents: number;
}

/** Why a purchase has no invoice to download. */
const invoiceMessages = {
  unpaid: 'This order is not paid yet: its invoice is issued with the payment',
  cancelled: 'This order was cancelled, so it has no invoice',
  beforeInvoices: 'This order was paid before the shop issued invoices: please ask the shop for one',
} as const;

const dayIn = (stamp: string, timeZone: string) => format(new TZDate(Date.parse(stamp), timeZone), 'yyyy-MM-dd');

/** Invoices and credit notes (SPEC-3 section 3): numbered, frozen when issued, issued in the transaction of what they record. */
export function createInvoicesService({ repository, settings }: { repository: InvoicesRepository; settings: Pick<SettingsService, 'current'> }) {
  return {
    async context(): Promise<IssueContext> {
      const { shopName, shopAddress, taxId, timeZone } = await settings.current();
      return { shop: { name: shopName, address: shopAddress, taxId }, timeZone };
    },

    /** The paid purchase's invoice, in the transaction that marks it paid (which happens once); answers its number. */
    async issueInvoice(trx: Transaction<Database>, purchaseId: string, stamp: string, context: IssueContext): Promise<string> {
      const found = await repository.purchaseForInvoice(trx, purchaseId);
      if (!found) throw new Error(`no purchase ${purchaseId} to invoice`);
      const issuedOn = dayIn(stamp, context.timeZone);
      const year = Number(issuedOn.slice(0, 4));
      const number = documentNumber('invoice', year, await repository.nextNumber(trx, 'invoice', year));
      const document = invoiceDocumentOf(found, { number, issuedOn, shop: context.shop });
      await repository.insertInvoice(trx, { id: newId(), number, purchase_id: purchaseId, issued_at: stamp, document: JSON.stringify(document) });
      return number;
    },

    /**
     * The refund's credit note, in the transaction that records the refund; none when the
     * purchase has no invoice (paid before invoices were issued) or the refund has one already.
     * Answers its number.
     */
    async issueCreditNote(trx: Transaction<Database>, refund: RefundIssued, stamp: string, context: IssueContext): Promise<string | null> {
      const invoice = await repository.invoiceOfPurchase(refund.purchaseId, trx);
      // One credit note per refund: a refund the provider made of several lines at once is recorded line by line.
      if (!invoice || (await repository.creditNoteOfRefund(refund.refundId, trx))) return null;
      const issuedOn = dayIn(stamp, context.timeZone);
      const year = Number(issuedOn.slice(0, 4));
      const number = documentNumber('credit-note', year, await repository.nextNumber(trx, 'credit-note', year));
      const document = creditNoteDocumentOf(JSON.parse(invoice.document) as InvoiceDocument, {
        number,
        issuedOn,
        shop: context.shop,
        amountCents: refund.amountCents,
        orderNumbers: refund.orderNumbers.map((orderNumber) => `#${orderNumber}`),
      });
      await repository.insertCreditNote(trx, {
        id: newId(),
        number,
        refund_id: refund.refundId,
        invoice_id: invoice.id,
        amount_cents: refund.amountCents,
        issued_at: stamp,
        document: JSON.stringify(document),
      });
      return number;
    },

    /**
     * The purchase's invoice as a PDF, made from its snapshot (the same bytes on every download),
     * for its owner or an admin: an unknown purchase, or another customer's, is not found; one not
     * paid has none yet, and one paid before invoices were issued (migration 036) has none.
     */
    async invoiceFile(caller: Caller, purchaseId: string): Promise<DocumentFile> {
      const invoice = await repository.invoiceOfPurchase(purchaseId);
      if (invoice && mayRead(caller, invoice.user_id)) return fileOf(invoice.document);
      const purchase = invoice ? undefined : await repository.purchaseStatus(purchaseId);
      if (!purchase || !mayRead(caller, purchase.user_id)) throw notFound('Order');
      throw conflict(invoiceMessages[purchase.status === 'waiting' ? 'unpaid' : purchase.status === 'cancelled' ? 'cancelled' : 'beforeInvoices']);
    },

    /** The paid purchase's invoice as an email attachment (the payment email's); null when it has none. */
    async invoiceAttachment(purchaseId: string): Promise<MailAttachment | null> {
      const invoice = await repository.invoiceOfPurchase(purchaseId);
      return invoice ? attachmentOf(await fileOf(invoice.document)) : null;
    },

    /** The refund's credit note as an email attachment (the refund email's); null when it has none. */
    async creditNoteAttachment(refundId: string): Promise<MailAttachment | null> {
      const note = await repository.creditNoteOfRefund(refundId);
      return note ? attachmentOf(await fileOf(note.document)) : null;
    },

    /** The refund's credit note as a PDF, for the purchase's owner or an admin; not found for anyone else. */
    async creditNoteFile(caller: Caller, refundId: string): Promise<DocumentFile> {
      const note = await repository.creditNoteOfRefund(refundId);
      if (!note || !mayRead(caller, note.user_id)) throw notFound('Credit note');
      return fileOf(note.document);
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
