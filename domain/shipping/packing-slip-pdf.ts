/**
 * Packing slips as an A4 PDF, drawn like the invoices and credit notes: one order a page (a long
 * order runs on), with where the parcel goes and what goes in it. No prices and no staff notes:
 * the slip travels in the parcel.
 */
import { PageSizes } from "pdf-lib";
import { formatCalendarDate, formatDate } from "../../kernel/format-timestamp.ts";
import { BLOCK_WIDTH, drawBlock, LINE_HEIGHT, MARGIN, MUTED, openDocument, RIGHT, type Writer } from "../orders/invoice-pdf.ts";

export type PackingSlip = {
  invoiceId: string;
  paidAt: Date;
  deliveryEnd: string;
  /** The delivery option the shopper chose; none on orders from before the choice. */
  deliveryOptionName: string | null;
  shipTo: { name: string; address: string; postalCode: string; mobile: string };
  items: { description: string; quantity: number }[];
  /** Rewards redeemed with points that go in the same parcel. */
  rewards: { description: string; quantity: number }[];
};

const DESCRIPTION_WIDTH = RIGHT - 70 - MARGIN;

function drawList(w: Writer, title: string, items: PackingSlip["items"]): void {
  const heading = () => {
    w.text(title, MARGIN, w.y, { bold: true, color: MUTED, size: 9 });
    w.text("Qty", RIGHT, w.y, { bold: true, color: MUTED, size: 9 }, "right");
    w.y -= LINE_HEIGHT + 4;
  };
  w.ensureRoom(LINE_HEIGHT * 3);
  heading();
  for (const item of items) {
    const description = w.wrap(item.description, DESCRIPTION_WIDTH);
    w.ensureRoom(LINE_HEIGHT * description.length + 10, heading);
    description.forEach((text, index) => {
      w.text(text, MARGIN + 22, w.y - LINE_HEIGHT * index);
    });
    // A box to tick as each item goes into the parcel.
    w.page.drawRectangle({ x: MARGIN, y: w.y - 2, width: 10, height: 10, borderWidth: 0.75, borderColor: MUTED });
    w.text(String(item.quantity), RIGHT, w.y, { bold: true }, "right");
    w.y -= LINE_HEIGHT * description.length + 6;
  }
  w.y -= 12;
}

function drawSlip(w: Writer, brandName: string, slip: PackingSlip): void {
  w.text(brandName, MARGIN, w.y - 20, { size: 20, bold: true });
  w.text("Packing Slip", RIGHT, w.y - 20, { size: 20 }, "right");
  w.y -= 52;
  w.rule(w.y, 1);
  w.y -= 28;
  const top = w.y;
  const { shipTo } = slip;
  const to = [shipTo.name, ...w.wrap(shipTo.address, BLOCK_WIDTH), `Singapore ${shipTo.postalCode}`, shipTo.mobile];
  const below = drawBlock(w, MARGIN, top, "Ship to", to);
  const facts: [string, string][] = [
    ["Order no.", slip.invoiceId],
    ["Order date", formatDate(slip.paidAt)],
    ["Deliver by", formatCalendarDate(slip.deliveryEnd)],
    ...(slip.deliveryOptionName ? ([["Delivery", slip.deliveryOptionName]] as [string, string][]) : []),
  ];
  facts.forEach(([label, value], index) => {
    const y = top - LINE_HEIGHT * index;
    w.text(label, RIGHT - 190, y, { bold: true, color: MUTED, size: 9 });
    w.text(value, RIGHT, y, { bold: index === 0 }, "right");
  });
  w.y = Math.min(below, top - LINE_HEIGHT * facts.length) - 24;
  drawList(w, "Items", slip.items);
  if (slip.rewards.length > 0) drawList(w, "Rewards in this parcel", slip.rewards);
  const boxes = [...slip.items, ...slip.rewards].reduce((sum, item) => sum + item.quantity, 0);
  w.rule(w.y + 6);
  w.y -= 14;
  w.text(`${boxes} ${boxes === 1 ? "item" : "items"} in this parcel`, MARGIN, w.y, { color: MUTED, size: 9 });
}

/** One PDF holding each order's slip, each starting on a page of its own. */
export async function renderPackingSlipsPdf(brandName: string, slips: PackingSlip[], at: Date): Promise<Uint8Array> {
  const title = slips.length === 1 ? `Packing Slip ${slips[0]?.invoiceId}` : `Packing Slips (${slips.length} orders)`;
  const w = await openDocument(brandName, title, at);
  slips.forEach((slip, index) => {
    if (index > 0) {
      w.page = w.pdf.addPage(PageSizes.A4);
      w.y = w.page.getHeight() - MARGIN;
    }
    drawSlip(w, brandName, slip);
  });
  return w.pdf.save({ useObjectStreams: false });
}
