import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripePaymentProvider } from "../../integrations/payments/stripe-provider.ts";
import { signStripePayload } from "../../integrations/payments/stripe-signature.ts";
import { type StripeAnswer, type StripeRequest, startStripeApi } from "../setup/stripe-api.ts";

type StripeApi = Awaited<ReturnType<typeof startStripeApi>>;

/** Stripe's API as the contract tests need it: each path answered as Stripe would. */
function answer({ path, body }: StripeRequest): StripeAnswer | null {
  if (path === "/v1/coupons") return { body: { id: "coupon_123", object: "coupon" } };
  if (path === "/v1/checkout/sessions") {
    return {
      body: {
        id: "cs_test_abc",
        object: "checkout.session",
        url: "https://checkout.stripe.test/c/pay/cs_test_abc",
        expires_at: 1_800_000_000,
      },
    };
  }
  if (path === "/v1/checkout/sessions/cs_test_open/expire") {
    return { body: { id: "cs_test_open", object: "checkout.session", status: "expired", payment_status: "unpaid" } };
  }
  if (path === "/v1/checkout/sessions/cs_test_paid/expire") {
    return {
      status: 400,
      body: {
        error: { type: "invalid_request_error", message: "Only Checkout Sessions with a status of `open` can be expired." },
      },
    };
  }
  if (path === "/v1/refunds") {
    return { body: { id: "re_123", object: "refund", amount: Number(body.get("amount")), status: "succeeded" } };
  }
  if (path === "/v1/checkout/sessions?payment_intent=pi_42&limit=1") {
    return { body: { object: "list", data: [{ id: "cs_test_paid", object: "checkout.session" }] } };
  }
  if (path.startsWith("/v1/checkout/sessions/cs_test_paynow")) {
    // A shopper who finished with PayNow: the session is complete, its payment still to come.
    const method = { id: "pm_2", object: "payment_method", type: "paynow", paynow: {} };
    return {
      body: {
        id: "cs_test_paynow",
        object: "checkout.session",
        status: "complete",
        payment_status: "unpaid",
        customer: null,
        payment_intent: { id: "pi_43", object: "payment_intent", payment_method: method },
      },
    };
  }
  if (path.startsWith("/v1/checkout/sessions/cs_test_")) {
    const paid = path.includes("paid");
    // Read with its payment method expanded (the card's fingerprint), Stripe nests the objects.
    const expanded = path.includes("expand");
    const intent = expanded
      ? {
          id: "pi_42",
          object: "payment_intent",
          payment_method: {
            id: "pm_1",
            object: "payment_method",
            type: "card",
            card: { fingerprint: "fp_card_42", brand: "visa", last4: "4242", wallet: { type: "google_pay" } },
          },
        }
      : "pi_42";
    return {
      body: {
        id: "cs_test_paid",
        object: "checkout.session",
        status: paid ? "complete" : "open",
        payment_status: paid ? "paid" : "unpaid",
        customer: "cus_42",
        payment_intent: paid ? intent : null,
      },
    };
  }
  return null;
}

describe("Stripe Checkout adapter against a stand-in for Stripe's API", () => {
  let stripe: StripeApi;
  beforeAll(async () => {
    stripe = await startStripeApi(answer);
  });
  afterAll(() => stripe.close());

  const provider = () =>
    createStripePaymentProvider({ secretKey: "sk_test_contract", webhookSecret: "whsec_contract", apiUrl: stripe.apiUrl });

  it("creates a Checkout Session from server-side prices with the attempt's idempotency key", async () => {
    const before = Math.floor(Date.now() / 1000);
    const session = await provider().createSession({
      lines: [
        { name: "Luna Collagen Nectar, 8-serving box · Berries Acai · 2 Boxes", unitAmountCents: 6890, quantity: 1 },
        { name: "Joffee · Yuzu · 1 Box", unitAmountCents: 1290, quantity: 2 },
      ],
      discountCents: 689,
      shippingCents: 0,
      totalCents: 8781,
      customerEmail: "mei@example.com",
      successUrl: "https://shop.test/checkout/complete/{CHECKOUT_SESSION_ID}",
      cancelUrl: "https://shop.test/checkout/summary?cancelled=1",
      lifetimeMinutes: 30,
      idempotencyKey: "attempt-1",
    });
    const after = Math.ceil(Date.now() / 1000);
    expect(session).toEqual({
      id: "cs_test_abc",
      url: "https://checkout.stripe.test/c/pay/cs_test_abc",
      expiresAt: new Date(1_800_000_000 * 1000),
    });

    const coupon = stripe.seen.find((request) => request.path === "/v1/coupons");
    expect(coupon?.body.get("amount_off")).toBe("689");
    expect(coupon?.body.get("currency")).toBe("sgd");
    expect(coupon?.headers["idempotency-key"]).toBe("attempt-1-coupon");

    const create = stripe.seen.find((request) => request.path === "/v1/checkout/sessions");
    expect(create?.method).toBe("POST");
    expect(create?.headers.authorization).toBe("Bearer sk_test_contract");
    expect(create?.headers["idempotency-key"]).toBe("attempt-1");
    expect(Object.fromEntries(create?.body ?? [])).toMatchObject({
      mode: "payment",
      currency: "sgd",
      customer_email: "mei@example.com",
      success_url: "https://shop.test/checkout/complete/{CHECKOUT_SESSION_ID}",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][unit_amount]": "6890",
      "line_items[0][price_data][currency]": "sgd",
      "line_items[1][quantity]": "2",
      "line_items[1][price_data][unit_amount]": "1290",
      "discounts[0][coupon]": "coupon_123",
      "shipping_options[0][shipping_rate_data][fixed_amount][amount]": "0",
    });
    // The 30 minutes asked for, and a minute so that Stripe, receiving it a moment later, never finds it too soon.
    const expiresAt = Number(create?.body.get("expires_at"));
    expect(expiresAt).toBeGreaterThanOrEqual(before + 31 * 60);
    expect(expiresAt).toBeLessThanOrEqual(after + 31 * 60);
  });

  it("re-reads a session to learn whether it is paid", async () => {
    expect(await provider().retrieveSession("cs_test_paid")).toEqual({
      id: "cs_test_paid",
      paid: true,
      status: "complete",
      customerId: "cus_42",
      cardFingerprint: "fp_card_42",
      savedCard: null,
      paymentIntentId: "pi_42",
      paidWith: { method: "card", cardBrand: "visa", cardLast4: "4242", wallet: "google_pay" },
      awaitingPayment: false,
    });
    const read = stripe.seen.find((request) => request.path.startsWith("/v1/checkout/sessions/cs_test_paid?"));
    expect(decodeURIComponent(read?.path ?? "")).toContain("expand[0]=payment_intent.payment_method");
    expect((await provider().retrieveSession("cs_test_open"))?.paid).toBe(false);
  });

  it("reads a session finished with PayNow as awaiting its payment, paid by PayNow", async () => {
    expect(await provider().retrieveSession("cs_test_paynow")).toMatchObject({
      paid: false,
      status: "complete",
      awaitingPayment: true,
      paidWith: { method: "paynow", cardBrand: null, cardLast4: null, wallet: null },
    });
  });

  it("asks Checkout for the methods the merchant turned on, and for cards only when the card is kept", async () => {
    const session = {
      lines: [{ name: "Joffee · Yuzu · 1 Box", unitAmountCents: 1290, quantity: 1 }],
      discountCents: 0,
      shippingCents: 0,
      totalCents: 1290,
      customerEmail: "mei@example.com",
      successUrl: "https://shop.test/checkout/complete/{CHECKOUT_SESSION_ID}",
      cancelUrl: "https://shop.test/checkout/summary?cancelled=1",
      lifetimeMinutes: 30,
      methods: { paynow: true, grabpay: true, apple_pay: true, google_pay: false },
    };
    const sent = (key: string) =>
      [...(stripe.seen.find((request) => request.headers["idempotency-key"] === key)?.body ?? [])]
        .filter(([field]) => field.startsWith("allowed_payment_method_types"))
        .map(([, value]) => value);
    await provider().createSession({ ...session, idempotencyKey: "methods-1" });
    expect(sent("methods-1")).toEqual(["card", "paynow", "grabpay"]);
    await provider().createSession({ ...session, idempotencyKey: "methods-2", saveCard: { text: "Renews every 4 weeks." } });
    expect(sent("methods-2")).toEqual(["card"]);
  });

  it("expires an open session, and answers a session no longer open with its state", async () => {
    expect(await provider().expireSession("cs_test_open")).toEqual({
      id: "cs_test_open",
      paid: false,
      status: "expired",
      customerId: null,
      cardFingerprint: null,
      savedCard: null,
      paymentIntentId: null,
      paidWith: null,
      awaitingPayment: false,
    });
    const expire = stripe.seen.find((request) => request.path === "/v1/checkout/sessions/cs_test_open/expire");
    expect(expire?.method).toBe("POST");
    expect(await provider().expireSession("cs_test_paid")).toMatchObject({ paid: true, status: "complete" });
  });

  it("verifies webhook signatures on the raw body", async () => {
    const payload = JSON.stringify({
      id: "evt_1",
      object: "event",
      type: "checkout.session.completed",
      data: { object: { id: "cs_test_abc", object: "checkout.session" } },
    });
    const signature = await signStripePayload(payload, "whsec_contract");
    expect(await provider().verifyWebhook(payload, signature)).toEqual({
      id: "evt_1",
      type: "checkout.session.completed",
      sessionId: "cs_test_abc",
      refund: null,
    });
    await expect(provider().verifyWebhook(payload.replace("evt_1", "evt_2"), signature)).rejects.toThrow();
    await expect(provider().verifyWebhook(payload, await signStripePayload(payload, "whsec_other"))).rejects.toThrow();
  });

  it("refunds a session's payment intent with the shop's refund id as idempotency key and metadata", async () => {
    expect(await provider().refund({ sessionId: "cs_test_paid", amountCents: 1_950, refundId: "r-1" })).toEqual({
      providerRefundId: "re_123",
    });
    const refund = stripe.seen.find((request) => request.path === "/v1/refunds");
    expect(refund?.headers["idempotency-key"]).toBe("refund-r-1");
    expect(Object.fromEntries(refund?.body ?? [])).toEqual({
      payment_intent: "pi_42",
      amount: "1950",
      "metadata[refundId]": "r-1",
    });
    expect(await provider().sessionOfPayment("pi_42")).toBe("cs_test_paid");
  });

  it("reads a refund event: the payment it belongs to, how much, and whether the shop asked for it", async () => {
    const payload = JSON.stringify({
      id: "evt_r1",
      object: "event",
      type: "refund.created",
      data: { object: { id: "re_9", object: "refund", amount: 500, payment_intent: "pi_42", status: "succeeded", metadata: {} } },
    });
    expect(await provider().verifyWebhook(payload, await signStripePayload(payload, "whsec_contract"))).toEqual({
      id: "evt_r1",
      type: "refund.created",
      sessionId: null,
      refund: { providerRefundId: "re_9", paymentIntentId: "pi_42", amountCents: 500, succeeded: true, shopRefundId: null },
    });
  });
});
