import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreatePaymentSession } from "../../integrations/payments/payment-provider.ts";
import { createTestPaymentProvider, type TestPaymentProvider } from "../../integrations/payments/test-provider.ts";
import { recordingJobs } from "../setup/recording-jobs.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const CONSENT = "S$62.01 every 4 weeks until you cancel, which you can do at any time at /member/subscriptions.";

describe("the test provider's pay page over HTTP: choosing a card, the consent, saving a card", () => {
  let shop: TestServer;
  /** The provider on the shop's database, as the shop's own code would reach it (sessions are its rows). */
  let payments: TestPaymentProvider;
  beforeAll(async () => {
    shop = await startTestServer();
    payments = createTestPaymentProvider({
      db: shop.server.database.db,
      webhookSecret: "whsec_page",
      jobs: recordingJobs().jobs,
    });
  });
  afterAll(() => shop.close());

  const session = (extra: Partial<CreatePaymentSession>) =>
    payments.createSession({
      lines: [{ name: "Luna Collagen Nectar · Berries Acai · 1 Box", unitAmountCents: 6201, quantity: 1 }],
      discountCents: 0,
      shippingCents: 0,
      totalCents: 6201,
      customerEmail: "mei@example.com",
      successUrl: `${shop.baseUrl}/member`,
      cancelUrl: `${shop.baseUrl}/bag`,
      lifetimeMinutes: 30,
      idempotencyKey: randomUUID(),
      ...extra,
    });
  const page = async (url: string) => (await fetch(`${shop.baseUrl}${url}`)).text();
  const pay = (url: string, cardNumber: string) =>
    fetch(`${shop.baseUrl}${url}`, {
      method: "POST",
      body: new URLSearchParams({ cardNumber }).toString(),
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

  it("offers the test cards with 4242 chosen, shows the consent, and keeps the card chosen", async () => {
    const { id, url } = await session({ saveCard: { text: CONSENT } });
    const html = await page(url);
    expect(html).toContain("Pay S$62.01");
    expect(html).toContain(CONSENT);
    expect(html).toMatch(/id="cardNumber"[^>]*value="4242 4242 4242 4242"/);
    for (const number of ["4000 0000 0000 0341", "4000 0027 6000 3184", "4000 0000 0000 0002"]) expect(html).toContain(number);

    const paid = await pay(url, "4000 0027 6000 3184");
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`${shop.baseUrl}/member`);
    const state = await payments.retrieveSession(id);
    expect(state).toMatchObject({ paid: true, savedCard: { brand: "visa", last4: "3184" } });
    if (!state?.savedCard) throw new Error("no card saved");
    const renewal = await payments.chargeSavedCard({
      ...state.savedCard,
      amountCents: 6201,
      description: "Renewal",
      idempotencyKey: randomUUID(),
      metadata: {},
    });
    expect(renewal.outcome).toBe("needs_authentication");
  });

  it("shows no consent on a session that keeps no card", async () => {
    const { url } = await session({});
    expect(await page(url)).not.toContain("save-card-consent");
  });

  it("saves a card on a setup session's page without charging, and declines a declining card there", async () => {
    const { id, url } = await session({ mode: "setup", customerId: "cus_test_page", saveCard: { text: CONSENT } });
    const html = await page(url);
    expect(html).toContain("Save a card");
    expect(html).not.toContain("Pay S$");

    const declined = await pay(url, "4000000000000002");
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");

    expect((await pay(url, "4242424242424242")).status).toBe(303);
    expect(await payments.retrieveSession(id)).toMatchObject({
      status: "complete",
      paymentIntentId: null,
      savedCard: { customerId: "cus_test_page", last4: "4242" },
    });
  });
});
