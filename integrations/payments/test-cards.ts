import type { SavedCardCharge } from "./payment-provider.ts";

export type TestCard = {
  /** The number as the shopper types it. */
  number: string;
  /** What the card does, as the pay page tells the shopper. */
  does: string;
  /** Why the pay page declines the card; null when it pays (and can be saved). */
  declinedAtCheckout: string | null;
  /** How a later off-session charge to the saved card answers. */
  offSession: { outcome: Exclude<SavedCardCharge["outcome"], "declined"> } | { outcome: "declined"; reason: string };
};

const DECLINED = "Your card was declined.";

/** Stripe's test card numbers, behaving as they do on Stripe. The first is the pay page's default. */
export const TEST_CARDS: readonly TestCard[] = [
  {
    number: "4242 4242 4242 4242",
    does: "pays, and pays again on renewal",
    declinedAtCheckout: null,
    offSession: { outcome: "paid" },
  },
  {
    number: "4000 0000 0000 0341",
    does: "pays now, is declined on renewal",
    declinedAtCheckout: null,
    offSession: { outcome: "declined", reason: DECLINED },
  },
  {
    number: "4000 0027 6000 3184",
    does: "pays now, authenticated here; a renewal needs authentication",
    declinedAtCheckout: null,
    offSession: { outcome: "needs_authentication" },
  },
  {
    number: "4000 0000 0000 0002",
    does: "is declined",
    declinedAtCheckout: DECLINED,
    offSession: { outcome: "declined", reason: DECLINED },
  },
  {
    number: "4000 0000 0000 9995",
    does: "has insufficient funds",
    declinedAtCheckout: "Your card has insufficient funds.",
    offSession: { outcome: "declined", reason: "Your card has insufficient funds." },
  },
];

/** The card typed (spaces and dashes aside); null when it is no test card. */
export function testCardOf(typed: string): TestCard | null {
  const digits = digitsOf(typed);
  return TEST_CARDS.find((card) => digitsOf(card.number) === digits) ?? null;
}

export function digitsOf(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, "");
}
