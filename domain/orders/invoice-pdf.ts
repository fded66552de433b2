/**
 * The tax invoice of a paid order as an A4 PDF. Only the built-in Helvetica fonts are used, so
 * rendering needs no font files or network; characters they cannot show (outside WinAnsi) print as "?".
 */
import { PageSizes, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { formatMoney } from "../shared/money.ts";

export type InvoiceDocument = {
  brandName: string;
  invoiceId: string;
  paidAt: Date;
  customer: { name: string; email: string; mobile: string; address: string; postalCode: string };
  lines: { description: string; quantity: number; unitPriceCents: number; lineTotalCents: number }[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  deliveryWindow: { start: string; end: string };
};

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN = 56;
const RIGHT = PAGE_WIDTH - MARGIN;
const BODY_SIZE = 10;
const LINE_HEIGHT = 14;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.42, 0.42, 0.46);
const RULE = rgb(0.8, 0.8, 0.82);
/** Right edges of the quantity, unit price and amount columns; the description fills the rest. */
const COLUMNS = { qty: RIGHT - 190, unit: RIGHT - 95, amount: RIGHT };
const DESCRIPTION_WIDTH = COLUMNS.qty - 40 - MARGIN;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const SINGAPORE_OFFSET_MS = 8 * 60 * 60 * 1000; // UTC+8, no daylight saving

/** "3 Nov 2025": the calendar date in Singapore. */
export function formatInvoiceDate(at: Date): string {
  const singapore = new Date(at.getTime() + SINGAPORE_OFFSET_MS);
  return `${singapore.getUTCDate()} ${MONTHS[singapore.getUTCMonth()]} ${singapore.getUTCFullYear()}`;
}

type Fonts = { regular: PDFFont; bold: PDFFont };

type TextStyle = { size?: number; bold?: boolean; color?: ReturnType<typeof rgb> };

class Writer {
  readonly pdf: PDFDocument;
  readonly fonts: Fonts;
  /** Code points the standard fonts can encode (WinAnsi); the same for regular and bold. */
  readonly encodable: Set<number>;
  page: PDFPage;
  y = PAGE_HEIGHT - MARGIN;

  /** Printed at the top of every page after the first. */
  readonly runningHead: string;

  constructor(pdf: PDFDocument, fonts: Fonts, runningHead: string) {
    this.pdf = pdf;
    this.runningHead = runningHead;
    this.fonts = fonts;
    this.encodable = new Set(fonts.regular.getCharacterSet());
    this.page = pdf.addPage(PageSizes.A4);
  }

  font(style: TextStyle): PDFFont {
    return style.bold ? this.fonts.bold : this.fonts.regular;
  }

  /** Replaces what the standard fonts cannot encode, so odd input never stops an invoice. */
  clean(text: string): string {
    return Array.from(text.replace(/\s+/g, " ").trim(), (char) =>
      this.encodable.has(char.codePointAt(0) ?? 0) ? char : "?",
    ).join("");
  }

  width(text: string, style: TextStyle = {}): number {
    return this.font(style).widthOfTextAtSize(text, style.size ?? BODY_SIZE);
  }

  text(text: string, x: number, y: number, style: TextStyle = {}, align: "left" | "right" = "left"): void {
    const clean = this.clean(text);
    const left = align === "right" ? x - this.width(clean, style) : x;
    this.page.drawText(clean, { x: left, y, size: style.size ?? BODY_SIZE, font: this.font(style), color: style.color ?? INK });
  }

  rule(y: number, thickness = 0.75): void {
    this.page.drawLine({ start: { x: MARGIN, y }, end: { x: RIGHT, y }, thickness, color: RULE });
  }

  /** Greedy word wrap to `maxWidth`; words longer than a line are split. */
  wrap(text: string, maxWidth: number, style: TextStyle = {}): string[] {
    const lines: string[] = [];
    let line = "";
    for (const word of this.clean(text).split(" ")) {
      const candidate = line ? `${line} ${word}` : word;
      if (this.width(candidate, style) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = "";
      for (const char of word) {
        if (line && this.width(line + char, style) > maxWidth) {
          lines.push(line);
          line = "";
        }
        line += char;
      }
    }
    if (line || lines.length === 0) lines.push(line);
    return lines;
  }

  /** Starts a new page when fewer than `needed` points are left above the bottom margin. */
  ensureRoom(needed: number, onNewPage?: () => void): void {
    if (this.y - needed >= MARGIN) return;
    this.page = this.pdf.addPage(PageSizes.A4);
    this.y = PAGE_HEIGHT - MARGIN;
    this.text(this.runningHead, MARGIN, this.y, { color: MUTED, size: 9 });
    this.y -= 32;
    onNewPage?.();
  }
}

function drawHeader(w: Writer, doc: InvoiceDocument): void {
  w.text(doc.brandName, MARGIN, w.y - 20, { size: 20, bold: true });
  w.text("Tax invoice", RIGHT, w.y - 20, { size: 20 }, "right");
  w.y -= 52;
  w.rule(w.y, 1);
  w.y -= 28;

  const billTo = [
    doc.customer.name,
    ...w.wrap(doc.customer.address, 260),
    `Singapore ${doc.customer.postalCode}`,
    doc.customer.email,
    doc.customer.mobile,
  ];
  const top = w.y;
  w.text("Bill to", MARGIN, top, { bold: true, color: MUTED, size: 9 });
  billTo.forEach((line, index) => {
    w.text(line, MARGIN, top - LINE_HEIGHT * (index + 1), { bold: index === 0 });
  });

  const labelX = RIGHT - 170;
  const facts: [string, string][] = [
    ["Invoice", doc.invoiceId],
    ["Paid", formatInvoiceDate(doc.paidAt)],
  ];
  facts.forEach(([label, value], index) => {
    const y = top - LINE_HEIGHT * index;
    w.text(label, labelX, y, { bold: true, color: MUTED, size: 9 });
    w.text(value, RIGHT, y, { bold: index === 0 }, "right");
  });
  w.y = top - LINE_HEIGHT * (billTo.length + 1) - 20;
}

function drawTableHeader(w: Writer): void {
  const style = { bold: true, color: MUTED, size: 9 };
  w.text("Description", MARGIN, w.y, style);
  w.text("Qty", COLUMNS.qty, w.y, style, "right");
  w.text("Unit price", COLUMNS.unit, w.y, style, "right");
  w.text("Amount", COLUMNS.amount, w.y, style, "right");
  w.y -= 8;
  w.rule(w.y);
  w.y -= LINE_HEIGHT + 4;
}

function drawLines(w: Writer, doc: InvoiceDocument): void {
  drawTableHeader(w);
  for (const line of doc.lines) {
    const description = w.wrap(line.description, DESCRIPTION_WIDTH);
    w.ensureRoom(LINE_HEIGHT * description.length + 10, () => drawTableHeader(w));
    description.forEach((text, index) => {
      w.text(text, MARGIN, w.y - LINE_HEIGHT * index);
    });
    w.text(String(line.quantity), COLUMNS.qty, w.y, {}, "right");
    w.text(formatMoney(line.unitPriceCents), COLUMNS.unit, w.y, {}, "right");
    w.text(formatMoney(line.lineTotalCents), COLUMNS.amount, w.y, {}, "right");
    w.y -= LINE_HEIGHT * description.length + 2;
    w.rule(w.y + 8, 0.5);
    w.y -= 10;
  }
}

function drawTotals(w: Writer, doc: InvoiceDocument): void {
  const rows: [string, string][] = [["Subtotal", formatMoney(doc.subtotalCents)]];
  if (doc.discountCents !== 0) rows.push(["Discount", formatMoney(-Math.abs(doc.discountCents))]);
  rows.push(["Shipping", formatMoney(doc.shippingCents)]);
  w.ensureRoom(LINE_HEIGHT * (rows.length + 2) + 10);
  const labelX = COLUMNS.unit - 60;
  for (const [label, value] of rows) {
    w.text(label, labelX, w.y);
    w.text(value, RIGHT, w.y, {}, "right");
    w.y -= LINE_HEIGHT + 2;
  }
  w.page.drawLine({ start: { x: labelX, y: w.y + 8 }, end: { x: RIGHT, y: w.y + 8 }, thickness: 1, color: INK });
  w.y -= 8;
  w.text("Total", labelX, w.y, { bold: true, size: 12 });
  w.text(formatMoney(doc.totalCents), RIGHT, w.y, { bold: true, size: 12 }, "right");
  w.y -= 40;
}

function drawFooter(w: Writer, doc: InvoiceDocument): void {
  const delivery = w.wrap(`${doc.deliveryWindow.start} \u2013 ${doc.deliveryWindow.end}`, RIGHT - MARGIN);
  w.ensureRoom(LINE_HEIGHT * (delivery.length + 3));
  w.text("Delivery window", MARGIN, w.y, { bold: true, color: MUTED, size: 9 });
  delivery.forEach((line, index) => {
    w.text(line, MARGIN, w.y - LINE_HEIGHT * (index + 1));
  });
  w.y -= LINE_HEIGHT * (delivery.length + 1) + 16;
  w.text("Prices include GST.", MARGIN, w.y, { color: MUTED, size: 9 });
}

export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${doc.brandName} tax invoice ${doc.invoiceId}`);
  pdf.setAuthor(doc.brandName);
  pdf.setCreationDate(doc.paidAt);
  pdf.setModificationDate(doc.paidAt);
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const w = new Writer(pdf, fonts, `${doc.brandName} \u00b7 Tax invoice ${doc.invoiceId} (continued)`);
  drawHeader(w, doc);
  drawLines(w, doc);
  drawTotals(w, doc);
  drawFooter(w, doc);
  return pdf.save({ useObjectStreams: false });
}
