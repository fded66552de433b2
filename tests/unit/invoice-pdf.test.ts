import { PageSizes, PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { type InvoiceDocument, renderInvoicePdf } from "../../domain/orders/invoice-pdf.ts";
import { orderMoney } from "../../domain/orders/order-money.ts";
import { shownText } from "../setup/pdf-text.ts";

const luna = { productName: "Luna Collagen", flavourName: "Lychee Luxe", optionName: "1 Box", unitPriceCents: 3900 };

const unregistered = { name: "Nectar Lab", address: null, gstRegistrationNumber: null };
const registered = {
  name: "Nectar Lab Pte. Ltd.",
  address: "1 Raffles Place, #20-01, Singapore 048616",
  gstRegistrationNumber: "M90312345A",
};

/** 2 × S$39.00 with FIRST10 (−S$7.80), free shipping, and a reward taken with points. */
const invoice: InvoiceDocument = {
  brandName: "Nectar Lab",
  supplier: registered,
  invoiceId: "5A1B2C3X",
  issuedAt: new Date("2025-11-02T16:30:00Z"), // Mon 3 Nov 2025, 00:30 in Singapore
  paidBy: "PayNow",
  customer: {
    name: "Tan Mei Ling",
    email: "mei.ling@example.com",
    mobile: "+65 9123 4567",
    address: "Blk 123 Ang Mo Kio Avenue 3, #05-67",
    postalCode: "560123",
  },
  money: orderMoney({
    invoiceId: "5A1B2C3X",
    lines: [{ ...luna, quantity: 2, discountCents: 780 }],
    rewards: [
      {
        redeemId: "r1",
        rewardName: "Free box",
        productName: "Joffee",
        flavourName: "Yuzu",
        optionName: "1 Box",
        quantity: 1,
        pointsEach: 500,
        pointsTotal: 500,
      },
    ],
    subtotalCents: 7800,
    discountCents: 780,
    shippingCents: 0,
    priceCents: 7020,
    adjustments: [{ source: "promotion-code", code: "FIRST10", cents: 780, label: "Discount (FIRST10)" }],
  }),
  deliveryWindow: { start: "2025-11-10", end: "2025-11-12" },
};

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

  it("is a tax invoice when the supplier is GST-registered: supplier, GST number, date, payment method, customer, lines and the GST in the total", async () => {
    const text = shownText(await renderInvoicePdf(invoice));
    for (const expected of [
      "Tax Invoice",
      "Nectar Lab Pte. Ltd.",
      "1 Raffles Place, #20-01, Singapore 048616",
      "GST Reg. No. M90312345A",
      "Invoice no.",
      "5A1B2C3X",
      "Invoice date",
      "Mon, 3 Nov 2025",
      "Paid by",
      "PayNow",
      "Tan Mei Ling",
      "Blk 123 Ang Mo Kio Avenue 3, #05-67",
      "Singapore 560123",
      "Luna Collagen \u00b7 Lychee Luxe \u00b7 1 Box",
      "Reward: Joffee, Yuzu (500 points)",
      "Total includes GST 9% of S$5.80",
      "Total excluding GST S$64.40",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("shows each line at its price, then subtotal, the named discount, shipping and the total", async () => {
    const shown = shownText(await renderInvoicePdf(invoice)).split("\n");
    const figureBy = (label: string) => shown[shown.indexOf(label) + 1];
    expect(shown).toEqual(expect.arrayContaining(["2", "S$39.00", "S$78.00", "1", "S$0.00"]));
    // The discounted amount appears once, as the total, never as a line's amount.
    expect(shown.filter((text) => text === "S$70.20")).toHaveLength(1);
    expect(figureBy("Subtotal")).toBe("S$78.00");
    expect(figureBy("Discount (FIRST10)")).toBe("-S$7.80");
    expect(figureBy("Shipping")).toBe("Free");
    expect(figureBy("Total")).toBe("S$70.20");
    expect(shown.join("\n")).toMatch(/Mon, 10 Nov 2025 . Wed, 12 Nov 2025/);
  });

  it("is titled Invoice, with no GST number or GST line, when the supplier is not GST-registered", async () => {
    const shown = shownText(await renderInvoicePdf({ ...invoice, supplier: unregistered })).split("\n");
    expect(shown).toContain("Invoice");
    expect(shown).toContain("Nectar Lab");
    expect(shown.join("\n")).not.toMatch(/Tax Invoice|GST/);
  });

  it("leaves out a zero discount and formats thousands", async () => {
    const bulk = orderMoney({
      invoiceId: "5A1B2C3X",
      lines: [{ ...luna, quantity: 50, discountCents: 0 }],
      rewards: [],
      subtotalCents: 195_000,
      discountCents: 0,
      shippingCents: 0,
      priceCents: 195_000,
      adjustments: [],
    });
    const text = shownText(await renderInvoicePdf({ ...invoice, money: bulk }));
    expect(text).not.toContain("Discount");
    expect(text).toContain("S$1,950.00");
    expect(text).toContain("Total includes GST 9% of S$161.01");
  });

  it("prints characters Helvetica cannot show as ? instead of failing", async () => {
    const text = shownText(await renderInvoicePdf({ ...invoice, customer: { ...invoice.customer, name: "陈美玲 Tan" } }));
    expect(text).toContain("??? Tan");
  });

  it("continues a long order on further pages", async () => {
    const line = invoice.money.lines[0];
    if (!line) throw new Error("no line");
    const money = { ...invoice.money, lines: Array.from({ length: 60 }, (_, index) => ({ ...line, key: String(index) })) };
    const loaded = await PDFDocument.load(await renderInvoicePdf({ ...invoice, money }));
    expect(loaded.getPageCount()).toBeGreaterThan(1);
  });
});
