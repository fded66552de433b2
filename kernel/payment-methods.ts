import { DAY_MS } from "./singapore-time.ts";

/** The ways a shopper may pay, as Stripe names them in payment_method_types. Card is always on. */
export const PAYMENT_METHODS = ["card", "paynow", "grabpay"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Wallets pay with a card in Stripe (the card method's wallet), so an order paid by one records "card". */
export const CARD_WALLETS = ["apple_pay", "google_pay"] as const;
export type CardWallet = (typeof CARD_WALLETS)[number];

/** The methods a merchant switches on or off, with the names shoppers and staff read. */
export const OPTIONAL_METHODS = {
  paynow: "PayNow",
  grabpay: "GrabPay",
  apple_pay: "Apple Pay",
  google_pay: "Google Pay",
} as const satisfies Record<Exclude<PaymentMethod, "card"> | CardWallet, string>;
export type OptionalMethod = keyof typeof OPTIONAL_METHODS;

/** The merchant's choice: which optional methods checkout offers beside cards. */
export type AcceptedMethods = Record<OptionalMethod, boolean>;

/** How an order was paid: the method, and for a card its brand, last four digits and the wallet it came from. */
export type PaidWith = {
  method: PaymentMethod;
  cardBrand: string | null;
  cardLast4: string | null;
  wallet: CardWallet | null;
};

/** A card of an order placed before methods were recorded: nothing more is known of it. */
export const UNKNOWN_CARD: PaidWith = { method: "card", cardBrand: null, cardLast4: null, wallet: null };

/** The method in words: "PayNow", "GrabPay", "Visa ·· 4242", "Apple Pay · Visa ·· 4242", or "Card" when no more is known. */
export function paymentMethodLabel(paid: PaidWith): string {
  if (paid.method !== "card") return OPTIONAL_METHODS[paid.method];
  const brand = paid.cardBrand ? paid.cardBrand.charAt(0).toUpperCase() + paid.cardBrand.slice(1) : "Card";
  const card = paid.cardLast4 ? `${brand} ·· ${paid.cardLast4}` : brand;
  return paid.wallet ? `${OPTIONAL_METHODS[paid.wallet]} · ${card}` : card;
}

/**
 * Methods whose payment arrives after the shopper leaves the payment page: the order waits for the
 * provider's checkout.session.async_payment_succeeded.
 */
export const ASYNC_METHODS: readonly PaymentMethod[] = ["paynow"];

/** How an order was paid, from its columns (orders.payment_method, card_brand, card_last4, card_wallet), in words. */
export function orderPaymentLabel(order: {
  paymentMethod: PaymentMethod;
  cardBrand: string | null;
  cardLast4: string | null;
  cardWallet: CardWallet | null;
}): string {
  const { paymentMethod: method, cardBrand, cardLast4, cardWallet: wallet } = order;
  return paymentMethodLabel({ method, cardBrand, cardLast4, wallet });
}

/** Days after the payment its provider still takes a refund of it: GrabPay's 90 (Stripe); no entry, no limit the shop knows of. */
export const REFUND_DAYS: Partial<Record<PaymentMethod, number>> = { grabpay: 90 };

/**
 * What staff must know before they refund an order paid this way: a refund the provider no longer
 * takes (GrabPay after REFUND_DAYS) has to be given back another way. Null when nothing stands in the way.
 */
export function refundCaveat(method: PaymentMethod, paidAt: Date, now: Date): string | null {
  const days = REFUND_DAYS[method];
  if (days === undefined || now.getTime() - paidAt.getTime() < days * DAY_MS) return null;
  return `${OPTIONAL_METHODS[method as Exclude<PaymentMethod, "card">]} refunds only up to ${days} days after the payment, and this order was paid longer ago: a refund here will be refused by the provider, so give the money back another way (a bank transfer) and record it in a note.`;
}
