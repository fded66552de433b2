import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChargeSavedCard, CreatePaymentSession } from "../../integrations/payments/payment-provider.ts";
import { createStripePaymentProvider } from "../../integrations/payments/stripe-provider.ts";
import { type StripeAnswer, type StripeRequest, startStripeApi } from "../setup/stripe-api.ts";

const CONSENT = { text: "S$62.01 every 4 weeks until you cancel, which you can do at any time at /member/subscriptions." };

/** Stripe's answer to a card error: HTTP 402 with the payment intent it made. */
const cardError = (code: string, message: string, intent: string): StripeAnswer => ({
  status: 402,
  body: {
    error: {
      type: "card_error",
      code,
      message,
      payment_intent: { id: intent, object: "payment_intent", status: "requires_payment_method" },
    },
  },
});

const card = (id: string, last4: string) => ({
  id,
  object: "payment_method",
  card: { brand: "visa", last4, fingerprint: `fp_${last4}` },
});

/** Off-session charges answered per saved card, as Stripe's test cards behave; sessions as they were completed. */
function answer({ path, body }: StripeRequest): StripeAnswer | null {
  if (path === "/v1/checkout/sessions") {
    return {
      body: { id: "cs_test_new", object: "checkout.session", url: "https://checkout.stripe.test/c", expires_at: 1_800_000_000 },
    };
  }
  if (path === "/v1/payment_intents") {
    const intent = { object: "payment_intent", amount: Number(body.get("amount")) };
    switch (body.get("payment_method")) {
      case "pm_4242":
        return { body: { ...intent, id: "pi_paid", status: "succeeded" } };
      case "pm_3184":
        return cardError(
          "authentication_required",
          "Your card was declined. This transaction requires authentication.",
          "pi_auth",
        );
      case "pm_0341":
        return cardError("card_declined", "Your card was declined.", "pi_declined");
      case "pm_action":
        return { body: { ...intent, id: "pi_action", status: "requires_action" } };
      default:
        return { status: 400, body: { error: { type: "invalid_request_error", message: "No such PaymentMethod" } } };
    }
  }
  if (path === "/v1/refunds") return { body: { id: "re_9", object: "refund", amount: Number(body.get("amount")) } };
  if (path.startsWith("/v1/checkout/sessions/cs_saved?")) {
    return {
      body: {
        id: "cs_saved",
        object: "checkout.session",
        mode: "payment",
        status: "complete",
        payment_status: "paid",
        customer: "cus_new",
        payment_intent: {
          id: "pi_first",
          object: "payment_intent",
          setup_future_usage: "off_session",
          payment_method: card("pm_4242", "4242"),
        },
      },
    };
  }
  if (path.startsWith("/v1/checkout/sessions/cs_setup?")) {
    return {
      body: {
        id: "cs_setup",
        object: "checkout.session",
        mode: "setup",
        status: "complete",
        payment_status: "no_payment_required",
        customer: "cus_42",
        payment_intent: null,
        setup_intent: { id: "seti_1", object: "setup_intent", payment_method: card("pm_0341", "0341") },
      },
    };
  }
  return null;
}

describe("Stripe saving cards and charging them off-session, against a stand-in for Stripe's API", () => {
  let stripe: Awaited<ReturnType<typeof startStripeApi>>;
  beforeAll(async () => {
    stripe = await startStripeApi(answer);
  });
  afterAll(() => stripe.close());

  const provider = () =>
    createStripePaymentProvider({ secretKey: "sk_test_saved", webhookSecret: "whsec_saved", apiUrl: stripe.apiUrl });

  const session = (key: string, extra: Partial<CreatePaymentSession>) =>
    provider().createSession({
      lines: [{ name: "Luna Collagen Nectar · Berries Acai · 1 Box", unitAmountCents: 6201, quantity: 1 }],
      discountCents: 0,
      shippingCents: 0,
      totalCents: 6201,
      customerEmail: "mei@example.com",
      successUrl: "https://shop.test/done/{CHECKOUT_SESSION_ID}",
      cancelUrl: "https://shop.test/bag",
      lifetimeMinutes: 30,
      idempotencyKey: key,
      ...extra,
    });

  const sent = (key: string) => {
    const request = stripe.seen.find((seen) => seen.headers["idempotency-key"] === key);
    if (!request) throw new Error(`no request with idempotency key ${key}`);
    return { path: request.path, fields: Object.fromEntries(request.body) };
  };

  it("asks Checkout to keep the paying card for off-session use, with the consent beside the pay button", async () => {
    await session("save-1", { saveCard: CONSENT });
    expect(sent("save-1").fields).toMatchObject({
      mode: "payment",
      customer_email: "mei@example.com",
      customer_creation: "always",
      "payment_intent_data[setup_future_usage]": "off_session",
      "custom_text[submit][message]": CONSENT.text,
    });

    await session("repay-1", { customerId: "cus_42", saveCard: CONSENT });
    const repay = sent("repay-1").fields;
    expect(repay).toMatchObject({
      mode: "payment",
      customer: "cus_42",
      "payment_intent_data[setup_future_usage]": "off_session",
    });
    expect(repay).not.toHaveProperty("customer_email");
    expect(repay).not.toHaveProperty("customer_creation");

    await session("plain-1", {});
    expect(
      Object.keys(sent("plain-1").fields).filter((field) => /customer_creation|setup_future|custom_text/.test(field)),
    ).toEqual([]);
  });

  it("makes a setup session for the customer: no lines, no charge", async () => {
    await session("setup-1", { mode: "setup", customerId: "cus_42", saveCard: CONSENT });
    const { path, fields } = sent("setup-1");
    expect(path).toBe("/v1/checkout/sessions");
    expect(fields).toMatchObject({
      mode: "setup",
      customer: "cus_42",
      currency: "sgd",
      "custom_text[submit][message]": CONSENT.text,
    });
    expect(Object.keys(fields).filter((field) => /line_items|discounts|shipping|customer_email/.test(field))).toEqual([]);
    const requests = stripe.seen.length;
    await expect(session("setup-2", { mode: "setup" })).rejects.toThrow(/customer/);
    expect(stripe.seen).toHaveLength(requests);
  });

  it("reads the card a session saved, from its payment or its setup", async () => {
    expect(await provider().retrieveSession("cs_saved")).toMatchObject({
      paid: true,
      customerId: "cus_new",
      paymentIntentId: "pi_first",
      savedCard: { customerId: "cus_new", paymentMethodId: "pm_4242", brand: "visa", last4: "4242" },
    });
    expect(await provider().retrieveSession("cs_setup")).toMatchObject({
      status: "complete",
      paymentIntentId: null,
      savedCard: { customerId: "cus_42", paymentMethodId: "pm_0341", brand: "visa", last4: "0341" },
    });
    const read = stripe.seen.find((request) => request.path.startsWith("/v1/checkout/sessions/cs_setup?"));
    expect(decodeURIComponent(read?.path ?? "")).toContain("setup_intent.payment_method");
  });

  const charge = (paymentMethodId: string, idempotencyKey: string): ChargeSavedCard => ({
    customerId: "cus_42",
    paymentMethodId,
    amountCents: 6201,
    description: "Subscription 7, renewal of 2026-03-02",
    idempotencyKey,
    metadata: { subscriptionId: "7", renewalDate: "2026-03-02" },
  });

  it("charges a saved card off-session and confirmed, with the renewal's idempotency key", async () => {
    expect(await provider().chargeSavedCard(charge("pm_4242", "renewal-7-2026-03-02"))).toEqual({
      outcome: "paid",
      paymentIntentId: "pi_paid",
    });
    const { path, fields } = sent("renewal-7-2026-03-02");
    expect(path).toBe("/v1/payment_intents");
    expect(fields).toEqual({
      customer: "cus_42",
      payment_method: "pm_4242",
      amount: "6201",
      currency: "sgd",
      off_session: "true",
      confirm: "true",
      description: "Subscription 7, renewal of 2026-03-02",
      "metadata[subscriptionId]": "7",
      "metadata[renewalDate]": "2026-03-02",
    });
  });

  it("answers the bank's call for the card holder as needs_authentication, and other card errors as declined", async () => {
    expect(await provider().chargeSavedCard(charge("pm_3184", "auth-1"))).toEqual({
      outcome: "needs_authentication",
      paymentIntentId: "pi_auth",
    });
    expect(await provider().chargeSavedCard(charge("pm_action", "action-1"))).toEqual({
      outcome: "needs_authentication",
      paymentIntentId: "pi_action",
    });
    expect(await provider().chargeSavedCard(charge("pm_0341", "declined-1"))).toEqual({
      outcome: "declined",
      paymentIntentId: "pi_declined",
      reason: "Your card was declined.",
    });
    await expect(provider().chargeSavedCard(charge("pm_gone", "gone-1"))).rejects.toThrow(/No such PaymentMethod/);
  });

  it("refunds a charge by its payment intent without reading a session", async () => {
    const before = stripe.seen.length;
    expect(await provider().refund({ paymentIntentId: "pi_paid", amountCents: 6201, refundId: "r-7" })).toEqual({
      providerRefundId: "re_9",
    });
    expect(stripe.seen.slice(before).map((request) => request.path)).toEqual(["/v1/refunds"]);
    expect(sent("refund-r-7").fields).toEqual({ payment_intent: "pi_paid", amount: "6201", "metadata[refundId]": "r-7" });
  });
});
