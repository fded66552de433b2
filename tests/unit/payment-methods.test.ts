import { describe, expect, it } from "vitest";
import { paymentMethodLabel, refundCaveat } from "../../kernel/payment-methods.ts";
import { qrModules, qrSvg } from "../../kernel/qr-svg.ts";

const DAY = 86_400_000;

describe("how an order was paid, in words", () => {
  it("names PayNow and GrabPay, a card by brand and last digits, a wallet before its card, and a card known no further", () => {
    const none = { cardBrand: null, cardLast4: null, wallet: null };
    expect(paymentMethodLabel({ method: "paynow", ...none })).toBe("PayNow");
    expect(paymentMethodLabel({ method: "grabpay", ...none })).toBe("GrabPay");
    expect(paymentMethodLabel({ method: "card", cardBrand: "visa", cardLast4: "4242", wallet: null })).toBe("Visa ·· 4242");
    expect(paymentMethodLabel({ method: "card", cardBrand: "visa", cardLast4: "4242", wallet: "apple_pay" })).toBe(
      "Apple Pay · Visa ·· 4242",
    );
    expect(paymentMethodLabel({ method: "card", ...none })).toBe("Card");
  });

  it("warns staff before refunding a GrabPay payment past Stripe's 90 days, and never for cards or PayNow", () => {
    const paidAt = new Date("2026-01-01T00:00:00Z");
    expect(refundCaveat("grabpay", paidAt, new Date(paidAt.getTime() + 89 * DAY))).toBeNull();
    expect(refundCaveat("grabpay", paidAt, new Date(paidAt.getTime() + 90 * DAY))).toContain(
      "GrabPay refunds only up to 90 days",
    );
    expect(refundCaveat("paynow", paidAt, new Date(paidAt.getTime() + 400 * DAY))).toBeNull();
    expect(refundCaveat("card", paidAt, new Date(paidAt.getTime() + 400 * DAY))).toBeNull();
  });
});

describe("the test provider's QR code", () => {
  it("grows a version (four modules a side) as the text needs", () => {
    expect(qrModules("HELLO")).toHaveLength(21);
    expect(qrModules("x".repeat(30))).toHaveLength(29);
    expect(qrModules("x".repeat(106))).toHaveLength(41);
  });

  it("draws the three finder patterns and the quiet zone, and names itself for screen readers", () => {
    const modules = qrModules("PAYNOW TEST cs_test_abc SGD 62.01");
    const last = modules.length - 1;
    // Each finder's 7×7 outline is dark, its ring inside it light, its 3×3 centre dark.
    for (const [x, y] of [
      [0, 0],
      [last - 6, 0],
      [0, last - 6],
    ] as const) {
      expect(modules[y]?.slice(x, x + 7)).toEqual([true, true, true, true, true, true, true]);
      expect(modules[y + 1]?.slice(x, x + 7)).toEqual([true, false, false, false, false, false, true]);
      expect(modules[y + 3]?.slice(x, x + 7)).toEqual([true, false, true, true, true, false, true]);
    }
    const svg = qrSvg("PAYNOW", 'PayNow "QR" code');
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 29 29"/);
    expect(svg).toContain('aria-label="PayNow &#34;QR&#34; code"');
  });
});
