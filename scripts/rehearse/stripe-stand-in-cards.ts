/**
 * The Stripe stand-in's cards: Stripe's test numbers as they behave, the payment methods it keeps for
 * customers, and off-session charges to them (PaymentIntents created with off_session and confirm).
 */
import { randomBytes } from "node:crypto";

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** The cards the card page takes (all pay there) and how an off-session charge to each answers. */
const OFF_SESSION: Record<string, "paid" | "declined" | "authentication"> = {
  "4242424242424242": "paid",
  "4000000000000341": "declined",
  "4000002760003184": "authentication",
};

type Method = {
  id: string;
  object: "payment_method";
  customer: string;
  card: { brand: "visa"; last4: string; fingerprint: string };
};
const methods = new Map<string, Method & { number: string }>();

/** Every payment taken, by payment intent: what refunds may give back. */
export const paidAmounts = new Map<string, number>();

type PaymentIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: "sgd";
  customer: string;
  payment_method: string;
  metadata: Record<string, string>;
  status: "succeeded" | "requires_payment_method";
};

/** Every off-session charge made (a repeated idempotency key makes none), newest last. */
const offSessionCharges: PaymentIntent[] = [];

/** GET /v1/payment_intents?customer=…: the customer's off-session charges, newest first, as Stripe lists them. */
export function listOffSessionCharges(customer: string | null): unknown {
  const data = offSessionCharges.filter((intent) => intent.customer === customer).reverse();
  return { object: "list", data, has_more: false, url: "/v1/payment_intents" };
}

/** The card number typed on the card page, when it is one the page takes. */
export function payingCard(typed: string | null): string | null {
  const number = typed?.replace(/\s/g, "") ?? "";
  return number in OFF_SESSION ? number : null;
}

export function keepCard(customer: string, number: string): string {
  const id = newId("pm");
  methods.set(id, {
    id,
    object: "payment_method",
    customer,
    number,
    card: { brand: "visa", last4: number.slice(-4), fingerprint: `fp_${number}` },
  });
  return id;
}

/** A kept card as Stripe shows it (expanded on a session's intent). */
export function paymentMethod(id: string | null): Method | null {
  const method = id ? methods.get(id) : undefined;
  if (!method) return null;
  const { number: _number, ...shown } = method;
  return shown;
}

/** POST /v1/payment_intents: an off-session, confirmed charge to a kept card. */
export function chargeOffSession(form: URLSearchParams): [number, unknown] {
  const method = methods.get(form.get("payment_method") ?? "");
  const customer = form.get("customer");
  if (!method || method.customer !== customer || form.get("off_session") !== "true" || form.get("confirm") !== "true") {
    return [400, { error: { type: "invalid_request_error", message: "No such PaymentMethod for this customer." } }];
  }
  const metadata = Object.fromEntries(
    [...form].flatMap(([field, value]) => {
      const key = /^metadata\[(.+)\]$/.exec(field)?.[1];
      return key ? [[key, value]] : [];
    }),
  );
  const amount = Number(form.get("amount"));
  const behaviour = OFF_SESSION[method.number];
  const intent: PaymentIntent = {
    id: newId("pi"),
    object: "payment_intent",
    amount,
    currency: "sgd",
    customer: method.customer,
    payment_method: method.id,
    metadata,
    status: behaviour === "paid" ? "succeeded" : "requires_payment_method",
  };
  offSessionCharges.push(intent);
  if (behaviour === "paid") {
    paidAmounts.set(intent.id, amount);
    return [200, intent];
  }
  const [code, message] =
    behaviour === "declined"
      ? ["card_declined", "Your card was declined."]
      : ["authentication_required", "Your card was declined. This transaction requires authentication."];
  return [402, { error: { type: "card_error", code, message, payment_intent: intent } }];
}
