/**
 * A credit note for one refund of an order, as an A4 PDF beside its invoice: what was given back,
 * for which of the invoice's items and how many of each, and — when the supplier is GST-registered
 * — the GST the refund takes back.
 */

import { formatDate } from "../../kernel/format-timestamp.ts";
import { formatMoney } from "../../kernel/money.ts";
import type { Supplier } from "../shared/context.ts";
import { gstIncluded } from "../shared/gst.ts";
import { BLOCK_WIDTH, drawBlock, LINE_HEIGHT, MARGIN, MUTED, openDocument, RIGHT, type Writer } from "./invoice-pdf.ts";

export type CreditNoteDocument = {
  brandName: string;
  supplier: Supplier;
  creditNoteId: string;
  invoiceId: string;
  invoiceDate: Date;
  issuedAt: Date;
  customer: { name: string; email: string; address: string; postalCode: string };
  reason: string;
  /** The invoice's items the refund credits; none for an amount that leaves some of the order. */
  lines: { description: string; quantity: number; priceCents: number; discountCents: number }[];
  /**
   * The order's discounts, by label, when its boxes were priced together (decision 056): the note then
   * states each credited item's price and the share of them it gives back less. Null otherwise.
   */
  split: string[] | null;
  amountCents: number;
  cancelsOrder: boolean;
  orderTotalCents: number;
  refundedSoFarCents: number;
};

const DESCRIPTION_WIDTH = RIGHT - 90 - MARGIN;

function drawItemsHeader(w: Writer): void {
  const style = { bold: true, color: MUTED, size: 9 };
  w.text("Items credited", MARGIN, w.y, style);
  w.text("Qty", RIGHT, w.y, style, "right");
  w.y -= LINE_HEIGHT + 4;
}

function drawItems(w: Writer, lines: CreditNoteDocument["lines"]): void {
  w.ensureRoom(LINE_HEIGHT * 3);
  drawItemsHeader(w);
  if (lines.length === 0) {
    w.text("No items: an amount of the invoice", MARGIN, w.y);
    w.y -= LINE_HEIGHT + 10;
    return;
  }
  for (const line of lines) {
    const description = w.wrap(line.description, DESCRIPTION_WIDTH);
    w.ensureRoom(LINE_HEIGHT * description.length + 10, () => drawItemsHeader(w));
    description.forEach((text, index) => {
      w.text(text, MARGIN, w.y - LINE_HEIGHT * index);
    });
    w.text(String(line.quantity), RIGHT, w.y, {}, "right");
    w.y -= LINE_HEIGHT * description.length + 4;
  }
  w.y -= 10;
}

/** Each credited item's price, less its share of the order's discounts, and what that leaves credited. */
function drawSplit(w: Writer, lines: CreditNoteDocument["lines"], discounts: string[]): void {
  const rows = lines.flatMap((line): [string, string, number][] => [
    [`${line.description} × ${line.quantity}`, formatMoney(line.priceCents), 0],
    ["less its share of the order's discounts", formatMoney(-line.discountCents), 12],
    ["credited", formatMoney(line.priceCents - line.discountCents), 12],
  ]);
  w.ensureRoom(LINE_HEIGHT * 2);
  w.text("How the items are credited", MARGIN, w.y, { bold: true, color: MUTED, size: 9 });
  w.y -= LINE_HEIGHT;
  for (const text of w.wrap(`The order's discounts: ${discounts.join("; ")}.`, RIGHT - MARGIN)) {
    w.text(text, MARGIN, w.y, { size: 9 });
    w.y -= LINE_HEIGHT;
  }
  for (const [label, amount, indent] of rows) {
    w.ensureRoom(LINE_HEIGHT);
    w.text(label, MARGIN + indent, w.y, { size: 9 });
    w.text(amount, RIGHT, w.y, { size: 9 }, "right");
    w.y -= LINE_HEIGHT;
  }
  w.y -= 10;
}

export async function renderCreditNotePdf(doc: CreditNoteDocument): Promise<Uint8Array> {
  const w = await openDocument(doc.brandName, `Credit Note ${doc.creditNoteId}`, doc.issuedAt);
  w.text(doc.brandName, MARGIN, w.y - 20, { size: 20, bold: true });
  w.text("Credit Note", RIGHT, w.y - 20, { size: 20 }, "right");
  w.y -= 52;
  w.rule(w.y, 1);
  w.y -= 28;
  const { supplier, customer } = doc;
  const top = w.y;
  const from = [
    supplier.name,
    ...(supplier.address ? w.wrap(supplier.address, BLOCK_WIDTH) : []),
    ...(supplier.gstRegistrationNumber ? [`GST Reg. No. ${supplier.gstRegistrationNumber}`] : []),
  ];
  const belowFrom = drawBlock(w, MARGIN, top, "From", from);
  const facts: [string, string][] = [
    ["Credit note no.", doc.creditNoteId],
    ["Date", formatDate(doc.issuedAt)],
    ["Invoice no.", doc.invoiceId],
    ["Invoice date", formatDate(doc.invoiceDate)],
  ];
  facts.forEach(([label, value], index) => {
    const y = top - LINE_HEIGHT * index;
    w.text(label, RIGHT - 190, y, { bold: true, color: MUTED, size: 9 });
    w.text(value, RIGHT, y, { bold: index === 0 }, "right");
  });
  const to = [customer.name, ...w.wrap(customer.address, BLOCK_WIDTH), `Singapore ${customer.postalCode}`, customer.email];
  w.y = drawBlock(w, MARGIN, belowFrom - 14, "Credited to", to) - 20;

  w.text(doc.cancelsOrder ? "Order cancelled and refunded" : "Refund", MARGIN, w.y, { bold: true, color: MUTED, size: 9 });
  w.y -= LINE_HEIGHT;
  for (const line of w.wrap(doc.reason, RIGHT - MARGIN)) {
    w.text(line, MARGIN, w.y);
    w.y -= LINE_HEIGHT;
  }
  w.y -= 10;
  drawItems(w, doc.lines);
  if (doc.split) drawSplit(w, doc.lines, doc.split);
  w.rule(w.y + 6);
  w.y -= 14;
  w.text("Amount credited", MARGIN, w.y, { bold: true, size: 12 });
  w.text(formatMoney(doc.amountCents), RIGHT, w.y, { bold: true, size: 12 }, "right");
  if (supplier.gstRegistrationNumber) {
    const gst = gstIncluded(doc.amountCents, doc.invoiceDate);
    w.y -= LINE_HEIGHT + 4;
    w.text(`Includes GST ${gst.percent}% of ${formatMoney(gst.cents)}`, RIGHT, w.y, {}, "right");
  }
  w.y -= LINE_HEIGHT + 10;
  const sofar = `Credited on invoice ${doc.invoiceId} so far: ${formatMoney(doc.refundedSoFarCents)} of ${formatMoney(doc.orderTotalCents)}`;
  w.text(sofar, MARGIN, w.y, { color: MUTED, size: 9 });
  return w.pdf.save({ useObjectStreams: false });
}
