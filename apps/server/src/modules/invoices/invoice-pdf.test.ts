import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { InvoiceDocument } from './invoice-document.js';
import { invoiceFileName, renderInvoicePdf } from './invoice-pdf.js';

const A4 = { width: 595.28, height: 841.89 };

function invoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    kind: 'invoice',
    number: 'INV-2026-00001',
    issuedOn: '2026-11-27',
    shop: { name: 'Moto Parts', address: '12 Workshop Lane\nSpringfield, IL 62701\nUnited States', taxId: 'US-12-3456789' },
    buyer: {
      name: 'John Rider',
      email: 'john@example.com',
      address: ['4 Harbour Road', 'Portland, OR 97201', 'United States'],
      phone: '+1 503 555 0100',
    },
    orderNumbers: ['#10001', '#10002'],
    payment: { paidOn: '2026-11-26', reference: 'pi_3QxYz123456789' },
    currency: 'USD',
    pricesIncludeTax: false,
    lines: [
      { name: 'Oil filter', partNumber: 'HF204', quantity: 2, unitCents: 1250, totalCents: 2500 },
      { name: 'Brake pads, front (sintered)', partNumber: 'EBC-FA196HH', quantity: 1, unitCents: 4599, totalCents: 4599 },
      { name: 'Spark plug', partNumber: null, quantity: 4, unitCents: 899, totalCents: 3596 },
    ],
    subtotalCents: 10695,
    discountCents: 1000,
    discountCode: 'SPRING10',
    deliveryCents: 599,
    deliveryMethod: 'Standard delivery',
    taxes: [{ name: 'Sales tax 7.25%', ratePercent: 7.25, cents: 703 }],
    totalCents: 10997,
    ...overrides,
  };
}

const creditNote = (): InvoiceDocument =>
  invoice({
    kind: 'credit-note',
    number: 'CN-2026-00001',
    issuedOn: '2026-12-02',
    lines: [{ name: 'Oil filter', partNumber: 'HF204', quantity: 1, unitCents: 1250, totalCents: 1250 }],
    subtotalCents: 1250,
    discountCents: 0,
    discountCode: null,
    deliveryCents: 0,
    taxes: [{ name: 'Sales tax 7.25%', ratePercent: 7.25, cents: 91 }],
    totalCents: 1341,
    creditNote: { invoiceNumber: 'INV-2026-00001', refundedOn: '2026-12-02', amountCents: 1341, lines: ['Oil filter'] },
  });

interface TextItem {
  str: string;
  x: number;
  y: number;
  width: number;
}

interface ParsedPdf {
  pages: Array<{ text: string; items: TextItem[]; width: number; height: number }>;
  /**
   * All pages' text without whitespace (a wrapped word reads as one) or control characters (the
   * glyphs Arabic shaping adds, such as separate dots, map to no character).
   */
  compact: string;
}

const compact = (text: string) => text.replace(/[\s\p{Cc}]+/gu, '');

async function parse(pdf: Buffer): Promise<ParsedPdf> {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, useSystemFonts: false }).promise;
  const pages: ParsedPdf['pages'] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    const items = content.items.flatMap((item) =>
      'str' in item ? [{ str: item.str, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width }] : [],
    );
    const [, , width, height] = page.view as [number, number, number, number];
    pages.push({ text: items.map((item) => item.str).join(' '), items, width, height });
  }
  await document.destroy();
  return { pages, compact: compact(pages.map((page) => page.text).join(' ')) };
}

function expectText(parsed: ParsedPdf, ...texts: string[]) {
  for (const text of texts) expect(parsed.compact).toContain(compact(text));
}

describe('the invoice PDF', () => {
  let pdf: Buffer;
  let parsed: ParsedPdf;
  beforeAll(async () => {
    pdf = await renderInvoicePdf(invoice());
    parsed = await parse(pdf);
  });

  it('is one A4 page with the shop, the buyer, the dates and references', () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(parsed.pages).toHaveLength(1);
    expect(parsed.pages[0]).toMatchObject({ width: A4.width, height: A4.height });
    expectText(parsed, 'Invoice INV-2026-00001', 'Moto Parts', '12 Workshop Lane', 'Springfield, IL 62701', 'Tax ID: US-12-3456789');
    expectText(parsed, 'John Rider', 'john@example.com', '+1 503 555 0100', '4 Harbour Road', 'Portland, OR 97201');
    expectText(parsed, 'Issue date 27 Nov 2026', 'Payment date 26 Nov 2026', 'Payment reference pi_3QxYz123456789', 'Orders #10001, #10002');
  });

  it('lists every line with its part number, quantity, unit price and total, then the totals', () => {
    expectText(parsed, 'Part Part number Qty Unit price Line total');
    expectText(parsed, 'Oil filter HF204 2 $12.50 $25.00', 'Brake pads, front (sintered) EBC-FA196HH 1 $45.99 $45.99', 'Spark plug 4 $8.99 $35.96');
    expectText(
      parsed,
      'Subtotal $106.95',
      'Discount (SPRING10) -$10.00',
      'Delivery (Standard delivery) $5.99',
      'Sales tax 7.25% $7.03',
      'Total $109.97',
    );
    expect(parsed.compact).not.toContain('(included)');
  });

  it('prints each tax rate, says when prices include it, and formats large amounts', async () => {
    const text = await parse(
      await renderInvoicePdf(
        invoice({
          pricesIncludeTax: true,
          lines: [{ name: 'Engine', partNumber: 'ENG-1', quantity: 1, unitCents: 123456789, totalCents: 123456789 }],
          subtotalCents: 123456789,
          taxes: [
            { name: 'VAT 20%', ratePercent: 20, cents: 500 },
            { name: 'VAT', ratePercent: 5, cents: 120 },
          ],
          totalCents: 123456789,
        }),
      ),
    );
    expectText(text, 'Engine ENG-1 1 $1,234,567.89 $1,234,567.89', 'VAT 20% (included) $5.00', 'VAT 5% (included) $1.20', 'Total $1,234,567.89');
  });

  it("shows each line's order when the lines carry it", async () => {
    const lines = invoice().lines.map((line, index) => ({ ...line, orderNumber: `#${10001 + index}` }));
    const parsed = await parse(await renderInvoicePdf(invoice({ lines })));
    expectText(parsed, 'Order Part Part number Qty Unit price Line total', '#10001 Oil filter HF204 2 $12.50 $25.00', '#10003 Spark plug 4 $8.99 $35.96');
  });

  it('prints another currency by its code when it has no symbol here', async () => {
    expectText(await parse(await renderInvoicePdf(invoice({ currency: 'CHF' }))), 'Total CHF 109.97', 'Oil filter HF204 2 CHF 12.50 CHF 25.00');
  });

  it('names its file after its number', () => {
    expect(invoiceFileName(invoice())).toBe('INV-2026-00001.pdf');
    expect(invoiceFileName(creditNote())).toBe('CN-2026-00001.pdf');
  });
});

describe('the credit note PDF', () => {
  it('names its invoice and the refund date, and itemises the credit when its lines and totals make it up', async () => {
    const parsed = await parse(await renderInvoicePdf(creditNote()));
    expectText(parsed, 'Credit note CN-2026-00001', 'for invoice INV-2026-00001', 'CREDITED TO John Rider', 'Issue date 2 Dec 2026', 'Refund date 2 Dec 2026');
    expectText(parsed, 'Oil filter HF204 1 $12.50 $12.50', 'Subtotal $12.50', 'Sales tax 7.25% $0.91', 'Total credited $13.41');
    expect(parsed.compact).not.toContain('Discount');
  });

  it("prints the refunded parts and the amount credited when it carries its invoice's lines and totals", async () => {
    const parsed = await parse(
      await renderInvoicePdf({
        ...invoice(),
        kind: 'credit-note',
        number: 'CN-2026-00002',
        issuedOn: '2026-12-03',
        creditNote: { invoiceNumber: 'INV-2026-00001', refundedOn: '2026-12-03', amountCents: 2500, lines: ['Oil filter'] },
      }),
    );
    expectText(parsed, 'Credit note CN-2026-00002', 'for invoice INV-2026-00001', 'Refund date 3 Dec 2026');
    expectText(parsed, 'Refunded Oil filter', 'Invoice INV-2026-00001 total $109.97', 'Total credited $25.00');
    for (const invoiceOnly of ['Subtotal', 'Brake pads', 'Sales tax', 'Total $109.97']) expect(parsed.compact).not.toContain(compact(invoiceOnly));
  });
});

describe('text in any script', () => {
  const names = ['Łukasz Øster', 'Ελένη Παπαδοπούλου', 'Дмитрий Иванов', '山田太郎', 'שלום', 'مرحبا'];

  it('prints names in Latin, Greek, Cyrillic, CJK, Hebrew and Arabic as text, each script in a font that has it', async () => {
    const pdf = await renderInvoicePdf(
      invoice({
        buyer: { ...invoice().buyer, name: 'Łukasz Øster', address: ['Ulica Długa 5', '00-001 Warszawa', 'Polska'] },
        lines: names.map((name, index) => ({ name: `Mirror ${name}`, partNumber: `M-${index}`, quantity: 1, unitCents: 100, totalCents: 100 })),
      }),
    );
    const parsed = await parse(pdf);
    expectText(parsed, 'Łukasz Øster', 'Ulica Długa 5', ...names.map((name) => `Mirror ${name}`));
    const raw = pdf.toString('latin1');
    for (const font of ['NotoSans-Regular', 'NotoSans-Bold', 'NotoSansJP-Regular', 'NotoSansHebrew-Regular', 'NotoSansArabic-Regular']) {
      expect(raw).toMatch(new RegExp(`/BaseFont /[A-Z]{6}\\+${font}`));
    }
    expect(raw).not.toContain('/FontName /Helvetica');
    // A subset of each font: the CJK font alone is 5 MB.
    expect(pdf.length).toBeLessThan(80_000);
  });

  it('embeds no fallback font for Latin text', async () => {
    const raw = (await renderInvoicePdf(invoice())).toString('latin1');
    expect(raw).not.toContain('NotoSansJP');
    expect(raw).not.toContain('NotoSansArabic');
  });
});

describe('a long invoice', () => {
  it('prints every order, continues the table on further pages under the same header, every line, and the totals on the last page', async () => {
    const lines = Array.from({ length: 200 }, (_, index) => ({
      name: `Chain link ${index + 1}`,
      partNumber: `CL-${index + 1}`,
      quantity: 1,
      unitCents: 100,
      totalCents: 100,
    }));
    // A checkout has an order per part: every number is printed, however many.
    const orderNumbers = lines.map((_, index) => `#${10001 + index}`);
    const parsed = await parse(await renderInvoicePdf(invoice({ lines, orderNumbers, subtotalCents: 20000, totalCents: 20302 })));
    expectText(parsed, `Orders ${orderNumbers.join(', ')}`);
    parsed.pages.forEach((page, index) => {
      if (page.text.includes('Chain link')) expect(compact(page.text)).toContain(compact('Part Part number Qty Unit price Line total'));
      expect(compact(page.text)).toContain(compact(`Page ${index + 1} of ${parsed.pages.length}`));
    });
    expect(parsed.pages.filter((page) => page.text.includes('Chain link')).length).toBeGreaterThanOrEqual(4);
    for (const line of lines) expectText(parsed, `${line.name} ${line.partNumber} 1 $1.00 $1.00`);
    expect(compact(parsed.pages.at(-1)?.text ?? '')).toContain(compact('Total $203.02'));
  });
});

describe('the same document', () => {
  it('gives the same bytes on every render, whatever the clock says', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2027-03-01T10:00:00Z'));
      const first = await renderInvoicePdf(invoice());
      vi.setSystemTime(new Date('2031-07-15T23:59:59Z'));
      const second = await renderInvoicePdf(invoice());
      expect(second.equals(first)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
    expect((await renderInvoicePdf(invoice())).equals(await renderInvoicePdf(invoice({ issuedOn: '2026-11-28' })))).toBe(false);
  });

  it('carries its issue date as the creation and modification date, and its title', async () => {
    const document = await getDocument({ data: new Uint8Array(await renderInvoicePdf(invoice())), isEvalSupported: false }).promise;
    const { info } = await document.getMetadata();
    await document.destroy();
    expect(info).toMatchObject({ CreationDate: 'D:20261127000000Z', ModDate: 'D:20261127000000Z', Title: 'Invoice INV-2026-00001' });
  });
});

/** Every text inside the margins: the body above the footer's rule, the footer below it. */
function expectInsidePages(parsed: ParsedPdf) {
  for (const page of parsed.pages) {
    for (const item of page.items) {
      expect(item.x).toBeGreaterThanOrEqual(40);
      expect(item.x + item.width).toBeLessThanOrEqual(A4.width - 40);
      expect(item.y).toBeGreaterThanOrEqual(20);
      expect(item.y).toBeLessThanOrEqual(A4.height - 40);
      if (item.str.trim()) expect(item.y < 40 || item.y > 55).toBe(true);
    }
  }
}

describe('hostile text', () => {
  const markup = '<script>alert(1)</script>';
  // 300 characters without a space, as wide as a real name's letters.
  const unbroken = 'Wolfgang-Øster-Łukasz-'.repeat(14).slice(0, 292) + 'ÆØÅWWWWW';

  it('prints markup, 300 characters without a space, right-to-left text and emoji as text inside the page', async () => {
    const pdf = await renderInvoicePdf(
      invoice({
        shop: { name: `${markup} Moto`, address: `${unbroken}\n${markup}`, taxId: unbroken },
        buyer: { name: unbroken, email: `${'x'.repeat(240)}@example.com`, address: [unbroken, 'שלום עולם', 'مرحبا بالعالم'], phone: '🏍️🏍️🏍️' },
        orderNumbers: Array.from({ length: 40 }, (_, index) => `#${10001 + index}`),
        payment: { paidOn: '2026-11-26', reference: unbroken },
        discountCode: unbroken,
        deliveryMethod: `Courier 🏍️ ${markup}`,
        lines: [
          { name: `Helmet 🏍️ ${markup}`, partNumber: unbroken, quantity: 1, unitCents: 100, totalCents: 100 },
          { name: unbroken.repeat(3), partNumber: 'מספר', quantity: 123456789, unitCents: 99999999999, totalCents: 99999999999 },
          { name: 'كتاب الصيانة', partNumber: 'AR-1', quantity: 1, unitCents: 100, totalCents: 100 },
        ],
      }),
    );
    const parsed = await parse(pdf);
    expectText(parsed, `${markup} Moto`, markup, unbroken, `Helmet ${markup}`, `${'x'.repeat(240)}@example.com`, 'שלום', 'עולם', 'مرحبا', 'بالعالم');
    expectInsidePages(parsed);
  });

  it('keeps every field as long as it can be within its page, the body clear of the footer', async () => {
    const endless = 'Wolfgang Øster-Łukasz '.repeat(150) + 'Ø'.repeat(1000);
    const parsed = await parse(
      await renderInvoicePdf(
        invoice({
          shop: { name: endless, address: endless, taxId: endless },
          buyer: { name: endless, email: endless, address: [endless, endless, endless, endless], phone: endless },
          payment: { paidOn: '2026-11-26', reference: endless },
          discountCode: endless,
          deliveryMethod: endless,
          taxes: [{ name: endless, ratePercent: 7.25, cents: 703 }],
          lines: [{ name: endless, partNumber: endless, quantity: 1, unitCents: 100, totalCents: 100 }],
        }),
      ),
    );
    expectText(parsed, 'Total $109.97');
    expectInsidePages(parsed);
  });
});
