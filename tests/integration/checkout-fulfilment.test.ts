import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentEvents } from "../../db/schema/checkout.ts";
import { members } from "../../db/schema/members.ts";
import { customers, orders } from "../../db/schema/orders.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { completeCheckout } from "../../domain/checkout/complete-checkout.ts";
import { fulfilCheckout } from "../../domain/checkout/fulfil-checkout.ts";
import { handlePaymentEvent } from "../../domain/checkout/handle-payment-event.ts";
import { payTestCheckout } from "../../domain/checkout/pay-test-checkout.ts";
import { redeliverWebhook } from "../../domain/checkout/redeliver-webhook.ts";
import { startCheckout } from "../../domain/checkout/start-checkout.ts";
import { guest, type OperationContext, type Viewer } from "../../domain/shared/context.ts";
import { generateOrderCode } from "../../kernel/order-code.ts";
import { bagWith, checkoutPorts, holderOf, SHIPPING } from "../setup/checkout-fixtures.ts";
import { testContext } from "../setup/operation-context.ts";
import { type RecordingPayments, recordingTestPayments } from "../setup/recording-payments.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

const MEMBER_SHIPPING = { ...SHIPPING, email: "mei.member@example.com" };
/** The redeliver-webhook job. */
const JOB: Viewer = { kind: "system", job: "redeliver-webhook" };
const STRANGER = { ...MEMBER_SHIPPING, name: "Somebody Else", mobile: "8765 4321", address: "9 Elsewhere Road, #01-01" };

describe(`fulfilment: customer records, webhook redelivery, invoice ids (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let recording: RecordingPayments;
  const ctx = (viewer: Viewer = guest()) => testContext(database.db, { viewer, ports: checkoutPorts(recording) });

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    recording = recordingTestPayments(database.db);
  });
  afterAll(() => database.close());

  async function newMember(email: string) {
    const id = randomUUID();
    await database.db.insert(members).values({ id, email });
    return id;
  }

  /** A bag bought by this shopper (a member when memberId is given), paid, and its session fulfilled. */
  async function buy(form: typeof MEMBER_SHIPPING, memberId?: string) {
    const bagToken = await bagWith(database.db, [["op-m8_ba-1b", 1]]);
    const { sessionId } = await startCheckout(ctx(holderOf(bagToken, memberId)), form);
    expect(await recording.payments.pay(sessionId, "4242 4242 4242 4242")).toMatchObject({ ok: true });
    const result = await fulfilCheckout(ctx(), { sessionId });
    if (!result?.created) throw new Error("no order was created");
    const [order] = await database.db.select().from(orders).where(eq(orders.id, result.orderId));
    if (!order) throw new Error("no order row");
    return order;
  }

  const customerOf = async (id: string) => (await database.db.select().from(customers).where(eq(customers.id, id)))[0];
  const recordsFor = (email: string) =>
    database.db.select().from(customers).where(sql`lower(${customers.email}) = ${email.toLowerCase()}`);

  it("never changes a member's customer record when a stranger checks out with their email, in any letter case", async () => {
    const memberId = await newMember("Mei.Member@Example.com");
    const own = await buy(MEMBER_SHIPPING, memberId);
    const before = await customerOf(own.customerId);
    expect(before).toMatchObject({ memberId, name: "Tan Mei Ling", mobile: "+6591234567", purchaseCount: 1 });

    const stranger = await buy({ ...STRANGER, email: "MEI.MEMBER@EXAMPLE.COM" });
    expect(stranger.customerId).not.toBe(own.customerId);
    expect(await customerOf(own.customerId)).toEqual(before);
    expect(await customerOf(stranger.customerId)).toMatchObject({
      memberId: null,
      name: "Somebody Else",
      mobile: "+6587654321",
      purchaseCount: 1,
    });
    expect((await completeCheckout(ctx(), { sessionId: own.checkoutSessionId })).order?.customer).toMatchObject({
      name: "Tan Mei Ling",
      address: MEMBER_SHIPPING.address,
    });
  });

  it("files a member's next order under their own record, matching its email in any case", async () => {
    const memberId = await newMember("Lim.Wei@Example.com");
    const form = { ...MEMBER_SHIPPING, email: "lim.wei@example.com" };
    const first = await buy(form, memberId);
    await database.db.update(customers).set({ email: "Lim.Wei@Example.COM" }).where(eq(customers.id, first.customerId));
    await buy({ ...STRANGER, email: "LIM.WEI@example.com" });

    const second = await buy({ ...form, address: "1 New Address Road, #02-02" }, memberId);
    expect(second.customerId).toBe(first.customerId);
    expect(await customerOf(first.customerId)).toMatchObject({ purchaseCount: 2, address: "1 New Address Road, #02-02" });
    const records = await recordsFor("lim.wei@example.com");
    const counts = records.map((record) => [record.memberId, record.purchaseCount]);
    expect(counts).toHaveLength(2);
    expect(counts).toEqual(
      expect.arrayContaining([
        [memberId, 2],
        [null, 1],
      ]),
    );
  });

  it("keeps one unlinked record per email when guests check out with it at the same time", async () => {
    const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
    const bags = await Promise.all(Array.from({ length: 4 }, () => bagWith(database.db, [["op-j4_bb-1b", 1]])));
    const sessions = [];
    for (const bagToken of bags)
      sessions.push((await startCheckout(ctx(holderOf(bagToken)), { ...MEMBER_SHIPPING, email })).sessionId);
    for (const sessionId of sessions) await recording.payments.pay(sessionId, "4242424242424242");
    await Promise.all(sessions.map((sessionId) => fulfilCheckout(ctx(), { sessionId })));
    const records = await recordsFor(email);
    expect(records.map((record) => [record.memberId, record.purchaseCount])).toEqual([[null, 4]]);
  });

  it("delivers the payment again later when fulfilment fails at payment time: one order in the end", async () => {
    const bagToken = await bagWith(database.db, [["op-l8_yc-1b", 1]]);
    const { sessionId } = await startCheckout(ctx(holderOf(bagToken)), MEMBER_SHIPPING);
    const warnings: string[] = [];
    const crashing: OperationContext = {
      ...ctx(),
      now: () => {
        throw new Error("process killed");
      },
      log: { info: () => {}, error: () => {}, warn: (_details, message) => warnings.push(message) },
    };
    const paid = await payTestCheckout(crashing, { sessionId, cardNumber: "4242 4242 4242 4242" });
    expect(paid).toMatchObject({ ok: true, successUrl: `http://shop.test/checkout/complete/${sessionId}` });
    expect(warnings).toEqual(["payment webhook not delivered; the redelivery job will retry it"]);
    const orderCount = async () =>
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from orders where checkout_session_id = ${sessionId}`,
        )
      )[0]?.n;
    expect(await orderCount()).toBe(0);

    const [job] = recording.jobs.named("redeliver-webhook").filter((sent) => paid.ok && sent.data.eventId === paid.eventId);
    expect(job?.options).toMatchObject({ retryLimit: expect.any(Number), retryBackoff: true });
    expect(job?.options?.startAfter?.getTime()).toBeGreaterThan(Date.now());
    const eventId = String(job?.data.eventId);
    await expect(redeliverWebhook(ctx(), { eventId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await redeliverWebhook(ctx(JOB), { eventId });
    await redeliverWebhook(ctx(JOB), { eventId });
    expect(await orderCount()).toBe(1);
    expect(await database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId))).toHaveLength(1);
    await expect(redeliverWebhook(ctx(JOB), { eventId: "evt_test_unknown" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("stops redelivering a payment the shop has taken: the queued job delivers nothing again", async () => {
    const bagToken = await bagWith(database.db, [["op-m8_ba-1b", 1]]);
    const { sessionId } = await startCheckout(ctx(holderOf(bagToken)), MEMBER_SHIPPING);
    const paid = await payTestCheckout(ctx(), { sessionId, cardNumber: "4242 4242 4242 4242" });
    if (!paid.ok) throw new Error("the payment did not go through");
    let deliveries = 0;
    const job = ctx(JOB);
    const counting: OperationContext = {
      ...job,
      payments: {
        ...job.payments,
        verifyWebhook: (rawBody, signature) => {
          deliveries++;
          return job.payments.verifyWebhook(rawBody, signature);
        },
      },
    };
    await redeliverWebhook(counting, { eventId: paid.eventId });
    expect(deliveries).toBe(0);
    const placed = await database.db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
    expect(placed).toHaveLength(1);
  });

  it("takes another invoice id when a new one is already in use", async () => {
    const taken = (await buy(MEMBER_SHIPPING)).invoiceId;
    const bagToken = await bagWith(database.db, [["op-vs8_cz-1b", 1]]);
    const { sessionId } = await startCheckout(ctx(holderOf(bagToken)), MEMBER_SHIPPING);
    await recording.payments.pay(sessionId, "4242424242424242");
    const tried: string[] = [];
    const codes = [taken, taken, generateOrderCode(new Date())];
    const result = await fulfilCheckout(ctx(), {
      sessionId,
      orderCode: () => {
        const code = codes[tried.length] ?? "";
        tried.push(code);
        return code;
      },
    });
    expect(tried).toHaveLength(3);
    expect(result).toMatchObject({ created: true, invoiceId: codes[2] });
  });

  it("gives up after a few ids in use, leaves nothing behind, and a later attempt succeeds", async () => {
    const taken = (await buy(MEMBER_SHIPPING)).invoiceId;
    const bagToken = await bagWith(database.db, [["op-vs8_cz-1b", 1]]);
    const { sessionId } = await startCheckout(ctx(holderOf(bagToken)), MEMBER_SHIPPING);
    await recording.payments.pay(sessionId, "4242424242424242");
    const event = await recording.lastEvent();
    await expect(fulfilCheckout(ctx(), { sessionId, event, orderCode: () => taken })).rejects.toThrow("No free invoice id");
    expect(await database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id))).toEqual([]);
    expect((await handlePaymentEvent(ctx(), event))?.created).toBe(true);
  });
});
