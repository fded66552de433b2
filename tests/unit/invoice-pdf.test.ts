import { inflateSync } from "node:zlib";
import { PageSizes, PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { formatInvoiceDate, type InvoiceDocument, renderInvoicePdf } from "../../domain/orders/invoice-pdf.ts";

const invoice: InvoiceDocument = {
  brandName: "Nectar Lab",
  invoiceId: "5A1B2C3X",
  paidAt: new Date("2025-11-02T16:30:00Z"), // 3 Nov 2025, 00:30 in Singapore
  customer: {
    name: "Tan Mei Ling",
    email: "mei.ling@example.com",
    mobile: "+65 9123 4567",
    address: "Blk 123 Ang Mo Kio Avenue 3, #05-67",
    postalCode: "560123",
  },
  lines: [
    { description: "Luna Collagen, 8 sachets", quantity: 2, unitPriceCents: 2990, lineTotalCents: 5980 },
    { description: "Joffee, 4 sachets", quantity: 1, unitPriceCents: 1490, lineTotalCents: 1490 },
  ],
  subtotalCents: 7470,
  discountCents: 580,
  shippingCents: 0,
  totalCents: 6890,
  deliveryWindow: { start: "Wed 5 Nov 2025", end: "Fri 7 Nov 2025" },
};

/** The text shown by the PDF's content streams: each stream inflated when compressed, then its strings decoded. */
function shownText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString("latin1");
  const streams: string[] = [];
  for (const match of raw.matchAll(/<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n/g)) {
    const dictionary = match[1] ?? "";
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1]);
    const start = (match.index ?? 0) + match[0].length;
    const bytes = Buffer.from(pdf.subarray(start, start + length));
    streams.push((dictionary.includes("/FlateDecode") ? inflateSync(bytes) : bytes).toString("latin1"));
  }
  const strings = streams.join("\n").matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g);
  return Array.from(strings, (m) => (m[1] === undefined ? (m[2] ?? "") : Buffer.from(m[1], "hex").toString("latin1"))).join("\n");
}

describe("invoice PDF", () => {
  it("is a one-page A4 PDF that pdf-lib reads back", async () => {
    const bytes = await renderInvoicePdf(invoice);
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");

    const loaded = await PDFDocument.load(bytes);
    expect(loaded.getPageCount()).toBe(1);
    const { width, height } = loaded.getPage(0).getSize();
    expect(width).toBeCloseTo(PageSizes.A4[0], 1);
    expect(height).toBeCloseTo(PageSizes.A4[1], 1);
  });

  it("shows the brand, invoice id, paid date, lines, totals, delivery window and the GST note", async () => {
    const text = shownText(await renderInvoicePdf(invoice));
    for (const expected of [
      "Nectar Lab",
      "Tax invoice",
      "5A1B2C3X",
      "3 Nov 2025",
      "Tan Mei Ling",
      "Singapore 560123",
      "mei.ling@example.com",
      "Luna Collagen, 8 sachets",
      "S$29.90",
      "S$59.80",
      "S$74.70",
      "-S$5.80",
      "S$68.90",
      "Wed 5 Nov 2025",
      "Fri 7 Nov 2025",
      "Prices include GST.",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("leaves out a zero discount and formats thousands", async () => {
    const text = shownText(
      await renderInvoicePdf({
        ...invoice,
        lines: [{ description: "Bulk order", quantity: 50, unitPriceCents: 2990, lineTotalCents: 149_500 }],
        subtotalCents: 149_500,
        discountCents: 0,
        totalCents: 149_500,
      }),
    );
    expect(text).not.toContain("Discount");
    expect(text).toContain("S$1,495.00");
  });

  it("prints characters Helvetica cannot show as ? instead of failing", async () => {
    const text = shownText(await renderInvoicePdf({ ...invoice, customer: { ...invoice.customer, name: "陈美玲 Tan" } }));
    expect(text).toContain("??? Tan");
  });

  it("continues a long order on further pages", async () => {
    const line = { description: "Luna Collagen, 8 sachets", quantity: 1, unitPriceCents: 2990, lineTotalCents: 2990 };
    const loaded = await PDFDocument.load(await renderInvoicePdf({ ...invoice, lines: Array.from({ length: 60 }, () => line) }));
    expect(loaded.getPageCount()).toBeGreaterThan(1);
  });

  it("dates the invoice in Singapore time", () => {
    expect(formatInvoiceDate(new Date("2025-11-02T15:59:59Z"))).toBe("2 Nov 2025");
    expect(formatInvoiceDate(new Date("2025-11-02T16:00:00Z"))).toBe("3 Nov 2025");
  });
});
