/**
 * An order's invoice as an A4 PDF: a tax invoice when the supplier is GST-registered, else a plain
 * invoice. Only the built-in Helvetica fonts are used, so rendering needs no font files or network;
 * characters they cannot show (outside WinAnsi) print as "?".
 */
import { PageSizes, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { formatCalendarDate, formatDate } from "../../kernel/format-timestamp.ts";
import { formatMoney } from "../../kernel/money.ts";
import { rewardDescription } from "../loyalty/rewards/redeems/order-rewards.ts";
import type { Supplier } from "../shared/context.ts";
import { gstIncluded } from "../shared/gst.ts";
import { type OrderMoney, shippingText } from "./order-money.ts";

export type InvoiceDocument = {
  brandName: string;
  supplier: Supplier;
  invoiceId: string;
  /** The invoice date: the order's payment. */
  issuedAt: Date;
  /** How the order was paid, in words ("PayNow", "Visa ·· 4242"). */
  paidBy: string;
  customer: { name: string; email: string; mobile: string; address: string; postalCode: string };
  money: OrderMoney;
  /** Calendar dates, YYYY-MM-DD. */
  /** The window promised and the delivery option's name, which orders placed before the choice of options lack. */
  deliveryWindow: { start: string; end: string; optionName?: string | null };
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
const BLOCK_WIDTH = 260;

/** "Tax Invoice" when the supplier is GST-registered, as IRAS asks; "Invoice" otherwise. */
export const invoiceTitle = (supplier: Supplier) => (supplier.gstRegistrationNumber ? "Tax Invoice" : "Invoice");

type Fonts = { regular: PDFFont; bold: PDFFont };

export { BLOCK_WIDTH, LINE_HEIGHT, MARGIN, MUTED, RIGHT };

type TextStyle = { size?: number; bold?: boolean; color?: ReturnType<typeof rgb> };

export class Writer {
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

/** A labelled block of lines at `x`, from `top` down; returns the y below it. */
export function drawBlock(w: Writer, x: number, top: number, label: string, lines: string[]): number {
  w.text(label, x, top, { bold: true, color: MUTED, size: 9 });
  lines.forEach((line, index) => {
    w.text(line, x, top - LINE_HEIGHT * (index + 1), { bold: index === 0 });
  });
  return top - LINE_HEIGHT * (lines.length + 1);
}

function drawHeader(w: Writer, doc: InvoiceDocument): void {
  w.text(doc.brandName, MARGIN, w.y - 20, { size: 20, bold: true });
  w.text(invoiceTitle(doc.supplier), RIGHT, w.y - 20, { size: 20 }, "right");
  w.y -= 52;
  w.rule(w.y, 1);
  w.y -= 28;

  const { supplier, customer } = doc;
  const top = w.y;
  const supplierLines = [
    supplier.name,
    ...(supplier.address ? w.wrap(supplier.address, BLOCK_WIDTH) : []),
    ...(supplier.gstRegistrationNumber ? [`GST Reg. No. ${supplier.gstRegistrationNumber}`] : []),
  ];
  const belowSupplier = drawBlock(w, MARGIN, top, "From", supplierLines);

  const labelX = RIGHT - 170;
  const facts: [string, string][] = [
    ["Invoice no.", doc.invoiceId],
    ["Invoice date", formatDate(doc.issuedAt)],
    ["Paid by", doc.paidBy],
  ];
  facts.forEach(([label, value], index) => {
    const y = top - LINE_HEIGHT * index;
    w.text(label, labelX, y, { bold: true, color: MUTED, size: 9 });
    w.text(value, RIGHT, y, { bold: index === 0 }, "right");
  });

  const billTo = [
    customer.name,
    ...w.wrap(customer.address, BLOCK_WIDTH),
    `Singapore ${customer.postalCode}`,
    customer.email,
    customer.mobile,
  ];
  w.y = drawBlock(w, MARGIN, belowSupplier - 14, "Bill to", billTo) - 20;
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

type TableRow = { description: string; quantity: number; unitPriceCents: number; amountCents: number };

function drawLines(w: Writer, money: OrderMoney): void {
  const rows: TableRow[] = [
    ...money.lines,
    ...money.rewards.map((reward) => ({
      description: rewardDescription(reward),
      quantity: reward.quantity,
      unitPriceCents: 0,
      amountCents: 0,
    })),
  ];
  drawTableHeader(w);
  for (const row of rows) {
    const description = w.wrap(row.description, DESCRIPTION_WIDTH);
    w.ensureRoom(LINE_HEIGHT * description.length + 10, () => drawTableHeader(w));
    description.forEach((text, index) => {
      w.text(text, MARGIN, w.y - LINE_HEIGHT * index);
    });
    w.text(String(row.quantity), COLUMNS.qty, w.y, {}, "right");
    w.text(formatMoney(row.unitPriceCents), COLUMNS.unit, w.y, {}, "right");
    w.text(formatMoney(row.amountCents), COLUMNS.amount, w.y, {}, "right");
    w.y -= LINE_HEIGHT * description.length + 2;
    w.rule(w.y + 8, 0.5);
    w.y -= 10;
  }
}

function drawTotals(w: Writer, doc: InvoiceDocument): void {
  const { money } = doc;
  const rows: [string, string][] = [["Subtotal", formatMoney(money.subtotalCents)]];
  for (const discount of money.discounts) rows.push([discount.label, formatMoney(-discount.cents)]);
  rows.push(["Shipping", shippingText(money.shippingCents)]);
  const gst = doc.supplier.gstRegistrationNumber ? gstIncluded(money.totalCents, doc.issuedAt) : null;
  w.ensureRoom(LINE_HEIGHT * (rows.length + 5) + 10);
  const labelX = COLUMNS.qty - 40;
  for (const [label, value] of rows) {
    w.text(label, labelX, w.y);
    w.text(value, RIGHT, w.y, {}, "right");
    w.y -= LINE_HEIGHT + 2;
  }
  w.page.drawLine({ start: { x: labelX, y: w.y + 8 }, end: { x: RIGHT, y: w.y + 8 }, thickness: 1, color: INK });
  w.y -= 8;
  w.text("Total", labelX, w.y, { bold: true, size: 12 });
  w.text(formatMoney(money.totalCents), RIGHT, w.y, { bold: true, size: 12 }, "right");
  if (gst) {
    w.y -= LINE_HEIGHT + 4;
    w.text(`Total includes GST ${gst.percent}% of ${formatMoney(gst.cents)}`, RIGHT, w.y, {}, "right");
    w.y -= LINE_HEIGHT;
    w.text(`Total excluding GST ${formatMoney(money.totalCents - gst.cents)}`, RIGHT, w.y, { color: MUTED, size: 9 }, "right");
  }
  w.y -= 40;
}

function drawFooter(w: Writer, doc: InvoiceDocument): void {
  const { start, end, optionName } = doc.deliveryWindow;
  const option = optionName ? ` (${optionName} delivery)` : "";
  const delivery = w.wrap(`${formatCalendarDate(start)} \u2013 ${formatCalendarDate(end)}${option}`, RIGHT - MARGIN);
  w.ensureRoom(LINE_HEIGHT * (delivery.length + 1));
  w.text("Estimated delivery", MARGIN, w.y, { bold: true, color: MUTED, size: 9 });
  delivery.forEach((line, index) => {
    w.text(line, MARGIN, w.y - LINE_HEIGHT * (index + 1));
  });
}

/** A new A4 document with its metadata and the standard fonts, ready to write. */
export async function openDocument(brandName: string, title: string, issuedAt: Date): Promise<Writer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${brandName} ${title}`);
  pdf.setAuthor(brandName);
  pdf.setCreationDate(issuedAt);
  pdf.setModificationDate(issuedAt);
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  return new Writer(pdf, fonts, `${brandName} \u00b7 ${title} (continued)`);
}

export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const w = await openDocument(doc.brandName, `${invoiceTitle(doc.supplier)} ${doc.invoiceId}`, doc.issuedAt);
  drawHeader(w, doc);
  drawLines(w, doc.money);
  drawTotals(w, doc);
  drawFooter(w, doc);
  return w.pdf.save({ useObjectStreams: false });
}
