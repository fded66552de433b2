import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPaymentCharges, testPaymentMethods, testPaymentRefunds } from "../../db/schema/test-payments.ts";
import type { ChargeSavedCard, CreatePaymentSession, SavedCard } from "../../integrations/payments/payment-provider.ts";
import type { TestPaymentProvider } from "../../integrations/payments/test-provider.ts";
import { recordingTestPayments } from "../setup/recording-payments.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

const CONSENT = { text: "S$62.01 every 4 weeks until you cancel, which you can do at any time at /member/subscriptions." };

describe(`the test payment provider's saved cards (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let payments: TestPaymentProvider;

  beforeAll(async () => {
    database = await openTestDatabase();
    payments = recordingTestPayments(database.db).payments;
  });
  afterAll(() => database.close());

  function session(extra: Partial<CreatePaymentSession> = {}) {
    return payments.createSession({
      lines: [{ name: "Luna Collagen Nectar · Berries Acai · 1 Box", unitAmountCents: 6890, quantity: 1 }],
      discountCents: 689,
      shippingCents: 0,
      totalCents: 6201,
      customerEmail: "mei@example.com",
      successUrl: "https://shop.test/checkout/complete/{CHECKOUT_SESSION_ID}",
      cancelUrl: "https://shop.test/bag",
      lifetimeMinutes: 30,
      idempotencyKey: randomUUID(),
      ...extra,
    });
  }

  /** Pays a session that keeps the card with this test card, and answers the card it saved. */
  async function saveCard(cardNumber: string): Promise<SavedCard> {
    const { id } = await session({ saveCard: CONSENT });
    expect(await payments.pay(id, cardNumber)).toMatchObject({ ok: true });
    const state = await payments.retrieveSession(id);
    if (!state?.savedCard) throw new Error(`session ${id} saved no card`);
    return state.savedCard;
  }

  const renewal = (card: SavedCard, extra: Partial<ChargeSavedCard> = {}): ChargeSavedCard => ({
    customerId: card.customerId,
    paymentMethodId: card.paymentMethodId,
    amountCents: 6201,
    description: "Renewal of subscription 7",
    idempotencyKey: randomUUID(),
    metadata: { subscriptionId: "7" },
    ...extra,
  });

  const chargesOf = (idempotencyKey: string) =>
    database.db.select().from(testPaymentCharges).where(eq(testPaymentCharges.idempotencyKey, idempotencyKey));

  it("saves the paying card when the session asks to keep it, with a customer made for it", async () => {
    const { id } = await session({ saveCard: CONSENT });
    expect((await payments.findSession(id))?.saveCardConsent).toBe(CONSENT.text);
    await payments.pay(id, "4242 4242 4242 4242");
    const state = await payments.retrieveSession(id);
    expect(state).toMatchObject({ paid: true, status: "complete", customerId: expect.stringMatching(/^cus_test_/) });
    expect(state?.savedCard).toEqual({
      customerId: state?.customerId,
      paymentMethodId: expect.stringMatching(/^pm_test_/),
      brand: "visa",
      last4: "4242",
    });
    expect(state?.paymentIntentId).toMatch(/^pi_test_/);
    expect(await payments.sessionOfPayment(state?.paymentIntentId ?? "")).toBe(id);
  });

  it("keeps no card and makes no customer for a session that did not ask", async () => {
    const { id } = await session();
    await payments.pay(id, "4242424242424242");
    expect(await payments.retrieveSession(id)).toMatchObject({ paid: true, customerId: null, savedCard: null });
  });

  it("charges each saved test card as Stripe's does off-session: paid, declined, or needing authentication", async () => {
    expect(await payments.chargeSavedCard(renewal(await saveCard("4242424242424242")))).toEqual({
      outcome: "paid",
      paymentIntentId: expect.stringMatching(/^pi_test_/),
    });
    expect(await payments.chargeSavedCard(renewal(await saveCard("4000 0000 0000 0341")))).toEqual({
      outcome: "declined",
      paymentIntentId: expect.stringMatching(/^pi_test_/),
      reason: "Your card was declined.",
    });
    expect(await payments.chargeSavedCard(renewal(await saveCard("4000 0027 6000 3184")))).toEqual({
      outcome: "needs_authentication",
      paymentIntentId: expect.stringMatching(/^pi_test_/),
    });
  });

  it("declines 4000 0000 0000 0002 at once and saves nothing", async () => {
    const { id } = await session({ saveCard: CONSENT });
    expect(await payments.pay(id, "4000000000000002")).toEqual({ ok: false, message: "Your card was declined." });
    expect(await payments.retrieveSession(id)).toMatchObject({ paid: false, status: "open", savedCard: null });
  });

  it("saves a card in a setup session for the named customer without charging it", async () => {
    const customerId = (await saveCard("4242424242424242")).customerId;
    await expect(session({ mode: "setup" })).rejects.toThrow(/customer/);
    const { id } = await session({ mode: "setup", customerId, saveCard: CONSENT });
    expect(await payments.findSession(id)).toMatchObject({ mode: "setup", amountCents: 0 });
    expect(await payments.pay(id, "4000 0000 0000 0341")).toMatchObject({ ok: true });
    const state = await payments.retrieveSession(id);
    expect(state).toMatchObject({ status: "complete", customerId, paymentIntentId: null });
    expect(state?.savedCard).toMatchObject({ customerId, last4: "0341" });
    if (!state?.savedCard) throw new Error("no card saved");
    expect((await payments.chargeSavedCard(renewal(state.savedCard))).outcome).toBe("declined");
    await expect(payments.refund({ sessionId: id, amountCents: 1, refundId: randomUUID() })).rejects.toThrow(/not paid/);
  });

  it("answers the same key with the same charge, recorded once, also when the calls race", async () => {
    const card = await saveCard("4242424242424242");
    const charge = renewal(card);
    const first = await payments.chargeSavedCard(charge);
    expect(await payments.chargeSavedCard(charge)).toEqual(first);
    expect(await chargesOf(charge.idempotencyKey)).toHaveLength(1);

    const racing = renewal(card);
    const answers = await Promise.all(Array.from({ length: 6 }, () => payments.chargeSavedCard(racing)));
    expect(new Set(answers.map((answer) => answer.paymentIntentId)).size).toBe(1);
    expect(answers[0]?.outcome).toBe("paid");
    expect(await chargesOf(racing.idempotencyKey)).toHaveLength(1);

    const declined = renewal(await saveCard("4000000000000341"));
    const declines = await Promise.all([payments.chargeSavedCard(declined), payments.chargeSavedCard(declined)]);
    expect(declines[1]).toEqual(declines[0]);
    expect(await chargesOf(declined.idempotencyKey)).toHaveLength(1);
  });

  it("refuses a key reused for another charge, and a card the customer never saved", async () => {
    const card = await saveCard("4242424242424242");
    const charge = renewal(card);
    await payments.chargeSavedCard(charge);
    await expect(payments.chargeSavedCard({ ...charge, amountCents: 100 })).rejects.toThrow(/another charge/);
    const other = await saveCard("4242424242424242");
    await expect(payments.chargeSavedCard(renewal(card, { customerId: other.customerId }))).rejects.toThrow(/no saved card/);
    expect(
      await database.db.select().from(testPaymentMethods).where(eq(testPaymentMethods.id, card.paymentMethodId)),
    ).toHaveLength(1);
  });

  it("refunds an off-session charge by its payment intent, once per refund id and never past what it took", async () => {
    const charged = await payments.chargeSavedCard(renewal(await saveCard("4242424242424242")));
    const paymentIntentId = charged.paymentIntentId ?? "";
    const refundId = randomUUID();
    const refunds = await Promise.all([
      payments.refund({ paymentIntentId, amountCents: 5000, refundId }),
      payments.refund({ paymentIntentId, amountCents: 5000, refundId }),
    ]);
    expect(refunds[1]).toEqual(refunds[0]);
    expect(
      await database.db.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.chargeId, paymentIntentId)),
    ).toHaveLength(1);
    await expect(payments.refund({ paymentIntentId, amountCents: 1202, refundId: randomUUID() })).rejects.toThrow(
      /more than is left/,
    );
    expect(await payments.refund({ paymentIntentId, amountCents: 1201, refundId: randomUUID() })).toEqual({
      providerRefundId: expect.stringMatching(/^re_test_/),
    });
    expect(await payments.sessionOfPayment(paymentIntentId)).toBeNull();

    const declined = await payments.chargeSavedCard(renewal(await saveCard("4000000000000341")));
    await expect(
      payments.refund({ paymentIntentId: declined.paymentIntentId ?? "", amountCents: 1, refundId: randomUUID() }),
    ).rejects.toThrow(/no test payment/);
  });

  it("refunds a session's payment by its payment intent as by the session", async () => {
    const { id } = await session();
    await payments.pay(id, "4242424242424242");
    const paymentIntentId = (await payments.retrieveSession(id))?.paymentIntentId ?? "";
    await payments.refund({ sessionId: id, amountCents: 6000, refundId: randomUUID() });
    await expect(payments.refund({ paymentIntentId, amountCents: 202, refundId: randomUUID() })).rejects.toThrow(
      /more than is left/,
    );
    await payments.refund({ paymentIntentId, amountCents: 201, refundId: randomUUID() });
    expect(await database.db.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.sessionId, id))).toHaveLength(2);
  });
});
