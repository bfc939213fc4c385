import { countryName, formatOrderNumber, SHOP_CURRENCY } from '@shop/shared';
import type { PurchaseForInvoice } from './invoices.repository.js';

/**
 * Everything an invoice or a credit note prints (SPEC-3 section 3), frozen when it is issued and
 * stored with it as JSON: the PDF is made from this alone, so a later change of the shop's
 * settings, a part's name or price, or the customer's profile never changes an issued document,
 * and every download gives the same bytes. Money in integer cents; dates as YYYY-MM-DD in the
 * shop's time zone.
 */
export interface InvoiceDocument {
  kind: 'invoice' | 'credit-note';
  /** 'INV-2026-00001' or 'CN-2026-00001'. */
  number: string;
  /** The day it was issued. */
  issuedOn: string;
  shop: { name: string; address: string; taxId: string };
  buyer: {
    name: string;
    email: string;
    /** The delivery address's lines as the purchase holds them (location, postcode and region, country name). */
    address: string[];
    phone: string;
  };
  /** The purchase's order numbers, '#10001'. */
  orderNumbers: string[];
  payment: { paidOn: string; reference: string | null };
  /** The currency code, 'USD'. */
  currency: string;
  pricesIncludeTax: boolean;
  /** Each line: its order's number ('#10001'), part, part number (null when the part had none), quantity and amounts. */
  lines: Array<{ orderNumber?: string; name: string; partNumber: string | null; quantity: number; unitCents: number; totalCents: number }>;
  subtotalCents: number;
  discountCents: number;
  /** The discount code applied, if any. */
  discountCode: string | null;
  deliveryCents: number;
  /** The delivery method's name, if any. */
  deliveryMethod: string | null;
  /** Tax per rate: 'Sales tax 7.25%'. */
  taxes: Array<{ name: string; ratePercent: number; cents: number }>;
  totalCents: number;
  /** A credit note's own: the invoice it corrects, and the amount it gives back (its total). */
  creditNote?: { invoiceNumber: string; refundedOn: string; amountCents: number; lines: string[] };
}

/** What a document prints of the shop: the settings as they are when it is issued. */
export interface IssuingShop {
  name: string;
  address: string;
  taxId: string;
}

/** 'INV-2026-00001', 'CN-2026-00001': the kind's prefix, the year, and the number within it. */
export const documentNumber = (kind: InvoiceDocument['kind'], year: number, sequence: number): string =>
  `${kind === 'invoice' ? 'INV' : 'CN'}-${year}-${String(sequence).padStart(5, '0')}`;

/** The purchase's invoice as it is printed, from its row and lines as they are now (in the paying transaction). */
export function invoiceDocumentOf(
  { purchase, lines }: PurchaseForInvoice,
  { number, issuedOn, shop }: { number: string; issuedOn: string; shop: IssuingShop },
): InvoiceDocument {
  const region = [purchase.postcode, purchase.region].filter(Boolean).join(' ');
  return {
    kind: 'invoice',
    number,
    issuedOn,
    shop,
    buyer: {
      name: purchase.customer_name,
      email: purchase.email,
      address: [purchase.location, region, purchase.country ? countryName(purchase.country) : ''].filter((part) => part !== ''),
      phone: purchase.phone,
    },
    orderNumbers: lines.map((line) => formatOrderNumber(line.number)),
    payment: { paidOn: issuedOn, reference: purchase.transaction_id },
    currency: SHOP_CURRENCY,
    pricesIncludeTax: Boolean(purchase.prices_include_tax),
    lines: lines.map((line) => ({ orderNumber: formatOrderNumber(line.number), name: line.tool_name, partNumber: line.part_number, quantity: line.quantity, unitCents: line.unit_price_cents, totalCents: line.total_cents })),
    subtotalCents: Number(purchase.subtotal_cents),
    discountCents: Number(purchase.discount_cents),
    discountCode: purchase.discount_code,
    deliveryCents: Number(purchase.shipping_cents),
    deliveryMethod: purchase.shipping_method_name,
    taxes: Number(purchase.tax_cents) === 0 && !purchase.tax_name ? [] : [{ name: purchase.tax_name ?? 'Tax', ratePercent: (purchase.tax_rate ?? 0) / 1000, cents: Number(purchase.tax_cents) }],
    totalCents: Number(purchase.total_cents),
  };
}

/** A refund's credit note: its invoice's document with its own number and date, the orders and lines refunded, giving back `amountCents`. */
export function creditNoteDocumentOf(
  invoice: InvoiceDocument,
  { number, issuedOn, shop, amountCents, orderNumbers }: { number: string; issuedOn: string; shop: IssuingShop; amountCents: number; orderNumbers: string[] },
): InvoiceDocument {
  const refunded = invoice.lines.filter((line) => line.orderNumber !== undefined && orderNumbers.includes(line.orderNumber));
  return {
    ...invoice,
    kind: 'credit-note',
    number,
    issuedOn,
    shop,
    // The orders and lines it gives back; the invoice's totals stay beside them, as 'Invoice … total'.
    orderNumbers: refunded.map((line) => line.orderNumber!),
    lines: refunded,
    creditNote: { invoiceNumber: invoice.number, refundedOn: issuedOn, amountCents, lines: refunded.map((line) => line.name) },
  };
}
