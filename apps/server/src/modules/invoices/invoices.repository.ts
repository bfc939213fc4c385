import { type Kysely, sql, type Transaction } from 'kysely';
import type { CreditNoteTable, Database, DocumentCounterTable, InvoiceTable, PurchaseRow } from '../../db/schema.js';

/** The purchase's row and lines as an invoice prints them, read in the issuing transaction. */
export interface PurchaseForInvoice {
  purchase: PurchaseRow;
  lines: Array<{ number: number; tool_name: string; part_number: string | null; quantity: number; unit_price_cents: number; total_cents: number }>;
}

/** Database access of the invoices and credit notes; the writes run in the caller's transaction. */
export function createInvoicesRepository(db: Kysely<Database>) {
  return {
    /**
     * The next number of this kind and year: the counter row is created or moved on by one in
     * the issuing transaction, so concurrent issues wait on it and a rollback gives the number back.
     */
    async nextNumber(trx: Transaction<Database>, kind: DocumentCounterTable['kind'], year: number): Promise<number> {
      const row = await trx
        .insertInto('document_counters')
        .values({ kind, year, last_number: 1 })
        .onConflict((oc) => oc.columns(['kind', 'year']).doUpdateSet({ last_number: sql<number>`document_counters.last_number + 1` }))
        .returning('last_number')
        .executeTakeFirstOrThrow();
      return Number(row.last_number);
    },

    async purchaseForInvoice(trx: Transaction<Database>, purchaseId: string): Promise<PurchaseForInvoice | undefined> {
      const purchase = await trx.selectFrom('purchases').selectAll().where('id', '=', purchaseId).executeTakeFirst();
      if (!purchase) return undefined;
      const lines = await trx
        .selectFrom('orders')
        .leftJoin('products', 'products.id', 'orders.product_id')
        .select(['orders.number', 'orders.tool_name', 'products.part_number', 'orders.quantity', 'orders.unit_price_cents', 'orders.total_cents'])
        .where('orders.purchase_id', '=', purchaseId)
        .orderBy('orders.number')
        .execute();
      return { purchase, lines: lines.map((line) => ({ ...line, part_number: line.part_number || null })) };
    },

    async insertInvoice(trx: Transaction<Database>, row: InvoiceTable): Promise<void> {
      await trx.insertInto('invoices').values(row).execute();
    },

    async insertCreditNote(trx: Transaction<Database>, row: CreditNoteTable): Promise<void> {
      await trx.insertInto('credit_notes').values(row).execute();
    },

    /** The purchase's invoice (with the purchase's owner), in a transaction or not. */
    invoiceOfPurchase(purchaseId: string, reader: Kysely<Database> | Transaction<Database> = db) {
      return reader
        .selectFrom('invoices')
        .innerJoin('purchases', 'purchases.id', 'invoices.purchase_id')
        .select(['invoices.id', 'invoices.number', 'invoices.document', 'purchases.user_id'])
        .where('invoices.purchase_id', '=', purchaseId)
        .executeTakeFirst();
    },

    /** A purchase's owner and status: whether the caller may know of it, and why it has no invoice. */
    purchaseStatus(purchaseId: string) {
      return db.selectFrom('purchases').select(['user_id', 'status']).where('id', '=', purchaseId).executeTakeFirst();
    },

    /** The refund's credit note, with the owner of the purchase refunded. */
    creditNoteOfRefund(refundId: string, reader: Kysely<Database> | Transaction<Database> = db) {
      return reader
        .selectFrom('credit_notes')
        .innerJoin('invoices', 'invoices.id', 'credit_notes.invoice_id')
        .innerJoin('purchases', 'purchases.id', 'invoices.purchase_id')
        .select(['credit_notes.number', 'credit_notes.document', 'purchases.user_id'])
        .where('credit_notes.refund_id', '=', refundId)
        .executeTakeFirst();
    },
  };
}
export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
