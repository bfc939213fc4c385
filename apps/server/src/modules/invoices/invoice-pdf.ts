import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import type { InvoiceDocument } from './invoice-document.js';

/**
 * The PDF of an invoice or a credit note (SPEC-3 section 3), drawn from its frozen document alone.
 *
 * - Deterministic: the dates in the file's information come from `issuedOn` and pdfkit derives the
 *   file ID from that information, so the same document gives the same bytes in every process
 *   (with the same pdfkit and font versions, which is why both are pinned exactly).
 * - Any script: Noto Sans, then Noto Sans Hebrew, Arabic and JP (whose CJK set covers Japanese
 *   names and the common Chinese ones), shipped as npm packages; each run of text takes the first
 *   of them that has its glyphs and pdfkit embeds only the glyphs used.
 * - Laid out here rather than by pdfkit's own wrapping, which measures a whole string in one font:
 *   every line is measured run by run, a word wider than its column is cut, and every block has a
 *   line limit, so no text a customer typed can push anything off the page.
 */

const require = createRequire(import.meta.url);

type FontKey = 'regular' | 'bold' | 'hebrew' | 'arabic' | 'cjk';

/** Resolved where they are used so the dependency checker sees each package. */
const FONT_FILES: Record<FontKey, () => string> = {
  regular: () => require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: () => require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
  hebrew: () => require.resolve('@expo-google-fonts/noto-sans-hebrew/400Regular/NotoSansHebrew_400Regular.ttf'),
  arabic: () => require.resolve('@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf'),
  cjk: () => require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
};

/** The fallbacks, in order, behind the regular or bold face; the CJK file (5 MB) is read only when a text needs it. */
const FALLBACKS: FontKey[] = ['hebrew', 'arabic', 'cjk'];

/**
 * Each font parsed once per process and handed to pdfkit as it is: pdfkit only reads it (every
 * document makes its own subset), and parsing the CJK font again per document would cost more
 * than drawing the invoice.
 */
const loadedFonts = new Map<FontKey, fontkit.Font>();

function loadFont(key: FontKey): fontkit.Font {
  let face = loadedFonts.get(key);
  if (!face) {
    const file = FONT_FILES[key]();
    const parsed = fontkit.create(readFileSync(file));
    if (!('hasGlyphForCodePoint' in parsed)) throw new Error(`${file} is a font collection, not a font`);
    face = parsed;
    loadedFonts.set(key, face);
  }
  return face;
}

function fontFor(codePoint: number, bold: boolean): FontKey {
  const main: FontKey = bold ? 'bold' : 'regular';
  for (const key of [main, ...FALLBACKS]) {
    if (loadFont(key).hasGlyphForCodePoint(codePoint)) return key;
  }
  // No font has it (an emoji): the main font's missing-glyph box keeps its place in the text.
  return main;
}

// ---------------------------------------------------------------------------------------------
// Page geometry (points) and type sizes.

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 48;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const FOOTER_TOP = PAGE_HEIGHT - MARGIN + 12;
/** Where the body stops, leaving room for the footer. */
const BODY_BOTTOM = PAGE_HEIGHT - MARGIN - 8;
const LINE_SPACING = 1.3;

const INK = '#1f2328';
const MUTED = '#59636e';
const RULE = '#d1d9e0';
const HEADER_FILL = '#eef1f4';

interface Style {
  size: number;
  bold?: boolean;
  color?: string;
  /** Lines kept at most; the last one kept ends with an ellipsis. */
  maxLines?: number;
}

const lineHeight = (style: Style) => style.size * LINE_SPACING;

// ---------------------------------------------------------------------------------------------
// Text: cleaning, runs of one font, words, lines.

interface Run {
  font: FontKey;
  text: string;
  width: number;
}

interface Word {
  runs: Run[];
  width: number;
  rtl: boolean;
}

interface Line {
  words: Word[];
  width: number;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** Where a word too long for its column is best cut: after these, as in a part number or an address. */
const BREAK_AFTER = new Set(['-', '/', '_', '.', ',', '@', '\u2010', '\u2013']);
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
const LETTER = /\p{L}/u;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** Control characters and the invisible bidirectional controls: a document's text carries no layout orders. */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu;

function clean(text: string): string {
  return text.normalize('NFC').replace(/\r\n?|[\u2028\u2029]/g, '\n').replace(/\t/g, ' ').replace(INVISIBLE, '');
}

/**
 * Widths of words at size 1000 by font, kept across documents: shaping a word (fontkit's layout)
 * is most of a document's cost, and invoices repeat the same words.
 */
const widths = new Map<string, number>();
const MAX_WIDTHS = 20_000;

class Typesetter {
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  private readonly registered = new Set<FontKey>();

  private use(font: FontKey, size: number): PDFKit.PDFDocument {
    if (!this.registered.has(font)) {
      this.doc.registerFont(font, loadFont(font) as unknown as PDFKit.Mixins.PDFFontSource);
      this.registered.add(font);
    }
    return this.doc.font(font).fontSize(size);
  }

  private measure(font: FontKey, text: string, size: number): number {
    const key = `${font}\u0000${text}`;
    let width = widths.get(key);
    if (width === undefined) {
      width = this.use(font, 1000).widthOfString(text);
      if (widths.size >= MAX_WIDTHS) widths.clear();
      widths.set(key, width);
    }
    return (width * size) / 1000;
  }

  private spaceWidth(style: Style): number {
    return this.measure(style.bold ? 'bold' : 'regular', ' ', style.size);
  }

  /** A word as runs of one font each, by the first font holding each grapheme's first character. */
  private word(text: string, style: Style): Word {
    const main: FontKey = style.bold ? 'bold' : 'regular';
    // Printable ASCII, most of any invoice, is all in the main font.
    if (PRINTABLE_ASCII.test(text)) {
      const width = this.measure(main, text, style.size);
      return { runs: [{ font: main, text, width }], width, rtl: false };
    }
    const runs: Run[] = [];
    for (const { segment } of graphemes.segment(text)) {
      const font = fontFor(segment.codePointAt(0) ?? 0x20, style.bold ?? false);
      const last = runs.at(-1);
      if (last?.font === font) last.text += segment;
      else runs.push({ font, text: segment, width: 0 });
    }
    let width = 0;
    for (const run of runs) {
      run.width = this.measure(run.font, run.text, style.size);
      width += run.width;
    }
    const firstLetter = [...text].find((character) => LETTER.test(character));
    return { runs, width, rtl: firstLetter !== undefined && RTL_LETTER.test(firstLetter) };
  }

  /**
   * A word wider than the column, cut between graphemes into pieces that fit: the first into
   * `firstWidth` (what is left of the current line), preferably after a hyphen or a slash.
   */
  private cut(text: string, style: Style, firstWidth: number, width: number): Word[] {
    const segments = Array.from(graphemes.segment(text), ({ segment }) => ({ text: segment, width: this.word(segment, style).width }));
    const piece = (from: number, to: number) => this.word(segments.slice(from, to).map((segment) => segment.text).join(''), style);
    const pieces: Word[] = [];
    let start = 0;
    let used = 0;
    let limit = firstWidth;
    segments.forEach((segment, index) => {
      if (index > start && used + segment.width > limit) {
        let end = index;
        for (let candidate = index - 1; candidate > start + (index - start) / 2; candidate -= 1) {
          if (BREAK_AFTER.has(segments[candidate]?.text ?? '')) {
            end = candidate + 1;
            break;
          }
        }
        pieces.push(piece(start, end));
        used = segments.slice(end, index).reduce((sum, carried) => sum + carried.width, 0);
        start = end;
        limit = width;
      }
      used += segment.width;
    });
    if (start < segments.length) pieces.push(piece(start, segments.length));
    return pieces;
  }

  /** The text broken into lines that fit `width`, at spaces, within words when they must. */
  wrap(text: string, style: Style, width: number): Line[] {
    const space = this.spaceWidth(style);
    const lines: Line[] = [];
    for (const paragraph of clean(text).split('\n')) {
      let line: Line = { words: [], width: 0 };
      const place = (word: Word) => {
        const extra = line.words.length ? space + word.width : word.width;
        if (line.words.length && line.width + extra > width) {
          lines.push(line);
          line = { words: [word], width: word.width };
        } else {
          line.words.push(word);
          line.width += extra;
        }
      };
      for (const token of paragraph.split(' ').filter(Boolean)) {
        const word = this.word(token, style);
        if (word.width <= width) {
          place(word);
          continue;
        }
        const room = line.words.length ? width - line.width - space : width;
        for (const piece of this.cut(token, style, room >= width / 3 ? room : width, width)) place(piece);
      }
      lines.push(line);
    }
    return this.limit(lines, style, width);
  }

  /** At most `style.maxLines` lines, the last one shortened to end with an ellipsis. */
  private limit(lines: Line[], style: Style, width: number): Line[] {
    const max = style.maxLines;
    if (max === undefined || lines.length <= max) return lines;
    const kept = lines.slice(0, max);
    const last = kept[max - 1] as Line;
    const space = this.spaceWidth(style);
    const ellipsis = this.word('…', style);
    if (last.width + space + ellipsis.width <= width) {
      last.words.push(ellipsis);
      last.width += space + ellipsis.width;
      return kept;
    }
    const lastWord = last.words.pop() as Word;
    const lead = last.words.length ? last.width - lastWord.width : 0;
    const segments = Array.from(graphemes.segment(lastWord.runs.map((run) => run.text).join('')), ({ segment }) => segment);
    let shortened = this.word(`${segments.join('')}…`, style);
    while (segments.length && lead + shortened.width > width) {
      segments.pop();
      shortened = this.word(`${segments.join('')}…`, style);
    }
    last.words.push(shortened);
    last.width = lead + shortened.width;
    return kept;
  }

  height(lines: Line[], style: Style): number {
    return lines.length * lineHeight(style);
  }

  /**
   * Draws lines from `top`, left- or right-aligned in the box; answers the y below them. A run of
   * right-to-left words is drawn in reverse order (fontkit already orders the letters within a
   * word), the way a left-to-right page shows an embedded Hebrew or Arabic phrase.
   */
  draw(lines: Line[], style: Style, x: number, top: number, width: number, align: 'left' | 'right' = 'left'): number {
    const space = this.spaceWidth(style);
    const height = lineHeight(style);
    let baseline = top + style.size * 1.02;
    for (const line of lines) {
      let cursor = align === 'right' ? x + width - line.width : x;
      // Neighbouring runs of one font go out as one string (with the spaces between them): fewer,
      // longer strings draw faster and copy out of a viewer as the line they are.
      let pending: Run | null = null;
      const flush = () => {
        if (!pending) return;
        this.use(pending.font, style.size)
          .fillColor(style.color ?? INK)
          .text(pending.text, cursor, baseline, { lineBreak: false, baseline: 'alphabetic' });
        cursor += pending.width;
        pending = null;
      };
      visualOrder(line.words).forEach((word, index) => {
        const runs = word.rtl ? [...word.runs].reverse() : word.runs;
        runs.forEach((run, runIndex) => {
          const gap = index > 0 && runIndex === 0 ? space : 0;
          if (pending?.font === run.font && !word.rtl) {
            pending.text += `${gap ? ' ' : ''}${run.text}`;
            pending.width += gap + run.width;
            return;
          }
          flush();
          cursor += gap;
          pending = { ...run };
          if (word.rtl) flush();
        });
      });
      flush();
      baseline += height;
    }
    return top + lines.length * height;
  }

  /** Wraps and draws in one step; answers the y below the text. */
  write(text: string, style: Style, x: number, top: number, width: number, align: 'left' | 'right' = 'left'): number {
    return this.draw(this.wrap(text, style, width), style, x, top, width, align);
  }
}

function visualOrder(words: Word[]): Word[] {
  const ordered: Word[] = [];
  let rightToLeft: Word[] = [];
  for (const word of words) {
    if (word.rtl) {
      rightToLeft.unshift(word);
    } else {
      ordered.push(...rightToLeft, word);
      rightToLeft = [];
    }
  }
  return [...ordered, ...rightToLeft];
}

// ---------------------------------------------------------------------------------------------
// Money and dates.

const CURRENCY_SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', CAD: 'CA$', AUD: 'A$' };

/** Cents as '$1,234.50'; a currency without a symbol here prints its code ('CHF 12.50'). */
function money(cents: number, currency: string): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(Math.trunc(cents));
  const whole = Math.floor(absolute / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const amount = `${whole}.${(absolute % 100).toString().padStart(2, '0')}`;
  const symbol = CURRENCY_SYMBOLS[currency.toUpperCase()];
  return symbol ? `${sign}${symbol}${amount}` : `${sign}${currency.toUpperCase()} ${amount}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parseDay(day: string): Date {
  const date = new Date(`${day}T00:00:00.000Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) throw new Error(`Not a YYYY-MM-DD date: ${day}`);
  return date;
}

/** '2026-11-27' as '27 Nov 2026': no day-month order to misread. */
function longDay(day: string): string {
  const date = parseDay(day);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

function taxLabel(tax: InvoiceDocument['taxes'][number], included: boolean): string {
  const rate = `${tax.ratePercent}%`;
  const name = tax.name.includes(rate) ? tax.name : `${tax.name} ${rate}`;
  return included ? `${name} (included)` : name;
}

// ---------------------------------------------------------------------------------------------
// The document.

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

/** The lines' columns; the part's name takes what the others leave. */
function lineColumns(withOrders: boolean): Column[] {
  const order: Column[] = withOrders ? [{ title: 'Order', width: 52, align: 'left' }] : [];
  const figures: Column[] = [
    { title: 'Part number', width: 104, align: 'left' },
    { title: 'Qty', width: 38, align: 'right' },
    { title: 'Unit price', width: 78, align: 'right' },
    { title: 'Line total', width: 82, align: 'right' },
  ];
  const taken = [...order, ...figures].reduce((sum, column) => sum + column.width, 0);
  return [...order, { title: 'Part', width: CONTENT_WIDTH - taken, align: 'left' }, ...figures];
}

const CELL_PADDING = 4;

const TEXT: Style = { size: 9 };
const LABEL: Style = { size: 7.5, bold: true, color: MUTED };
const CELL: Style = { size: 9, maxLines: 20 };
const HEADER_CELL: Style = { size: 8, bold: true, color: MUTED };
const TABLE_HEADER_HEIGHT = lineHeight(HEADER_CELL) + 2 * CELL_PADDING;

export function invoiceFileName(document: Pick<InvoiceDocument, 'number'>): string {
  return `${document.number.replace(/[^A-Za-z0-9_-]/g, '-')}.pdf`;
}

export async function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const issued = parseDay(document.issuedOn);
  const isCreditNote = document.kind === 'credit-note';
  const title = `${isCreditNote ? 'Credit note' : 'Invoice'} ${document.number}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    lang: 'en',
    displayTitle: true,
    info: {
      Title: title,
      Author: Array.from(clean(document.shop.name)).slice(0, 200).join(''),
      Subject: title,
      CreationDate: issued,
      ModDate: issued,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const type = new Typesetter(doc);
  const currency = (cents: number) => money(cents, document.currency);
  let y = MARGIN;

  // Shop (left) and the document's title (right). Each block has a line limit, and together they
  // leave the first page room for the orders and the table's first rows whatever their length.
  const leftWidth = CONTENT_WIDTH * 0.55;
  const rightX = MARGIN + leftWidth + 16;
  const rightWidth = CONTENT_WIDTH - leftWidth - 16;
  let left = type.write(document.shop.name, { size: 14, bold: true, maxLines: 8 }, MARGIN, y, leftWidth);
  left = type.write(document.shop.address, { ...TEXT, maxLines: 8 }, MARGIN, left + 2, leftWidth);
  left = type.write(`Tax ID: ${document.shop.taxId}`, { ...TEXT, maxLines: 3 }, MARGIN, left, leftWidth);
  let right = type.write(title, { size: 15, bold: true, maxLines: 2 }, rightX, y, rightWidth, 'right');
  if (document.creditNote) {
    right = type.write(`for invoice ${document.creditNote.invoiceNumber}`, { ...TEXT, maxLines: 2 }, rightX, right + 2, rightWidth, 'right');
  }
  y = Math.max(left, right) + 22;

  // Buyer (left) and the document's dates and references (right).
  left = type.write(isCreditNote ? 'CREDITED TO' : 'BILLED TO', LABEL, MARGIN, y, leftWidth);
  left = type.write(document.buyer.name, { size: 10, bold: true, maxLines: 8 }, MARGIN, left + 2, leftWidth);
  let addressLines = 10;
  for (const addressLine of document.buyer.address) {
    if (addressLines === 0) break;
    const lines = type.wrap(addressLine, { ...TEXT, maxLines: Math.min(4, addressLines) }, leftWidth);
    left = type.draw(lines, TEXT, MARGIN, left, leftWidth);
    addressLines -= lines.length;
  }
  left = type.write(document.buyer.email, { ...TEXT, maxLines: 5 }, MARGIN, left, leftWidth);
  if (document.buyer.phone) left = type.write(document.buyer.phone, { ...TEXT, maxLines: 2 }, MARGIN, left, leftWidth);

  const details: Array<[string, string]> = [['Issue date', longDay(document.issuedOn)]];
  if (document.creditNote) details.push(['Refund date', longDay(document.creditNote.refundedOn)]);
  details.push(['Payment date', longDay(document.payment.paidOn)]);
  if (document.payment.reference) details.push(['Payment reference', document.payment.reference]);
  const labelWidth = 86;
  right = y;
  for (const [label, value] of details) {
    type.write(label, { ...TEXT, color: MUTED }, rightX, right, labelWidth);
    right = type.write(value, { ...TEXT, maxLines: 6 }, rightX + labelWidth, right, rightWidth - labelWidth) + 1;
  }
  const newPage = () => {
    doc.addPage({ size: 'A4', margin: 0 });
    y = MARGIN;
    y = type.write(`${title} (continued)`, { ...TEXT, bold: true, color: MUTED, maxLines: 1 }, MARGIN, y, CONTENT_WIDTH) + 10;
  };

  // Every order of the purchase, however many (a checkout has one per part), across the page.
  y = Math.max(left, right) + 10;
  type.write(document.orderNumbers.length > 1 ? 'Orders' : 'Order', { ...TEXT, color: MUTED }, MARGIN, y, labelWidth);
  for (const line of type.wrap(document.orderNumbers.join(', '), TEXT, CONTENT_WIDTH - labelWidth)) {
    if (y + lineHeight(TEXT) > BODY_BOTTOM) newPage();
    y = type.draw([line], TEXT, MARGIN + labelWidth, y, CONTENT_WIDTH - labelWidth);
  }
  y += 20;

  /** A table continuing on further pages, its header repeated with each page's first row. */
  const drawTable = (columns: Column[], rows: string[][]) => {
    const drawHeader = () => {
      doc.rect(MARGIN, y, CONTENT_WIDTH, TABLE_HEADER_HEIGHT).fill(HEADER_FILL);
      let x = MARGIN;
      for (const column of columns) {
        type.write(column.title, HEADER_CELL, x + CELL_PADDING, y + CELL_PADDING, column.width - 2 * CELL_PADDING, column.align);
        x += column.width;
      }
      y += TABLE_HEADER_HEIGHT;
    };
    let headerShown = false;
    for (const cells of rows) {
      const wrapped = columns.map((column, index) => type.wrap(cells[index] ?? '', CELL, column.width - 2 * CELL_PADDING));
      const height = Math.max(...wrapped.map((lines) => type.height(lines, CELL))) + 2 * CELL_PADDING;
      if (y + height + (headerShown ? 0 : TABLE_HEADER_HEIGHT) > BODY_BOTTOM) {
        newPage();
        headerShown = false;
      }
      if (!headerShown) {
        drawHeader();
        headerShown = true;
      }
      let x = MARGIN;
      columns.forEach((column, index) => {
        type.draw(wrapped[index] as Line[], CELL, x + CELL_PADDING, y + CELL_PADDING, column.width - 2 * CELL_PADDING, column.align);
        x += column.width;
      });
      y += height;
      doc.moveTo(MARGIN, y).lineTo(MARGIN + CONTENT_WIDTH, y).lineWidth(0.5).strokeColor(RULE).stroke();
    }
    if (!headerShown) drawHeader();
  };

  /** Label and amount rows at the right, kept together on one page; the strong one is ruled off above. */
  const drawTotals = (totals: Array<{ label: string; amount: string; strong?: boolean }>) => {
    const totalsWidth = 270;
    const amountWidth = 96;
    const totalsX = MARGIN + CONTENT_WIDTH - totalsWidth;
    const rows = totals.map((row) => {
      const style: Style = { size: row.strong ? 11 : 9, bold: row.strong ?? false, maxLines: 4 };
      const label = type.wrap(row.label, style, totalsWidth - amountWidth - 8);
      const amount = type.wrap(row.amount, style, amountWidth);
      return { style, label, amount, height: Math.max(type.height(label, style), type.height(amount, style)) + 4, strong: row.strong };
    });
    y += 12;
    if (y + rows.reduce((sum, row) => sum + row.height + (row.strong ? 4 : 0), 0) > BODY_BOTTOM) newPage();
    for (const row of rows) {
      if (row.strong) {
        doc.moveTo(totalsX, y).lineTo(MARGIN + CONTENT_WIDTH, y).lineWidth(0.8).strokeColor(INK).stroke();
        y += 4;
      }
      type.draw(row.label, row.style, totalsX, y, totalsWidth - amountWidth - 8);
      type.draw(row.amount, row.style, MARGIN + CONTENT_WIDTH - amountWidth, y, amountWidth, 'right');
      y += row.height;
    }
  };

  // A credit note whose own lines and totals make up the amount it credits prints them as an
  // invoice does. One that carries its invoice's lines and totals with the names of the refunded
  // parts prints those names and the amount credited: never a total other than what it gives back.
  const credit = document.creditNote;
  if (!credit || document.totalCents === credit.amountCents) {
    const withOrders = document.lines.some((line) => line.orderNumber);
    drawTable(
      lineColumns(withOrders),
      document.lines.map((line) => [
        ...(withOrders ? [line.orderNumber ?? ''] : []),
        line.name,
        line.partNumber ?? '',
        String(line.quantity),
        currency(line.unitCents),
        currency(line.totalCents),
      ]),
    );
    const totals: Array<{ label: string; amount: string; strong?: boolean }> = [{ label: 'Subtotal', amount: currency(document.subtotalCents) }];
    if (document.discountCents !== 0 || document.discountCode) {
      totals.push({ label: document.discountCode ? `Discount (${document.discountCode})` : 'Discount', amount: currency(-Math.abs(document.discountCents)) });
    }
    totals.push({ label: document.deliveryMethod ? `Delivery (${document.deliveryMethod})` : 'Delivery', amount: currency(document.deliveryCents) });
    for (const tax of document.taxes) totals.push({ label: taxLabel(tax, document.pricesIncludeTax), amount: currency(tax.cents) });
    totals.push({ label: credit ? 'Total credited' : 'Total', amount: currency(document.totalCents), strong: true });
    drawTotals(totals);
  } else {
    drawTable([{ title: 'Refunded', width: CONTENT_WIDTH, align: 'left' }], credit.lines.map((name) => [name]));
    drawTotals([
      { label: `Invoice ${credit.invoiceNumber} total`, amount: currency(document.totalCents) },
      { label: 'Total credited', amount: currency(credit.amountCents), strong: true },
    ]);
  }

  // Every page names its document and where it stands.
  const pages = doc.bufferedPageRange();
  const footer: Style = { size: 7.5, color: MUTED, maxLines: 1 };
  for (let index = 0; index < pages.count; index += 1) {
    doc.switchToPage(pages.start + index);
    doc.moveTo(MARGIN, FOOTER_TOP - 6).lineTo(MARGIN + CONTENT_WIDTH, FOOTER_TOP - 6).lineWidth(0.5).strokeColor(RULE).stroke();
    type.write(`${document.shop.name} · ${title}`, footer, MARGIN, FOOTER_TOP, CONTENT_WIDTH - 90);
    type.write(`Page ${index + 1} of ${pages.count}`, footer, MARGIN + CONTENT_WIDTH - 80, FOOTER_TOP, 80, 'right');
  }

  doc.end();
  return finished;
}
