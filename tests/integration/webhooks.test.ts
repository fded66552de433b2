import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { shopEvents, webhookAttempts, webhookDeliveries } from "../../db/schema/webhooks.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { fulfilCheckout } from "../../domain/checkout/fulfil-checkout.ts";
import { handlePaymentEvent } from "../../domain/checkout/handle-payment-event.ts";
import { startCheckout } from "../../domain/checkout/start-checkout.ts";
import { recordShopEvent } from "../../domain/events/record-shop-event.ts";
import type { ShopEventType } from "../../domain/events/shop-event-types.ts";
import { creditOrderToMember } from "../../domain/loyalty/order-points/order-points.ts";
import { memberOfIdentity } from "../../domain/members/joining/member-of-identity.ts";
import { applyOrderRefund } from "../../domain/orders/refunds/apply-order-refund.ts";
import { guest, type Ports } from "../../domain/shared/context.ts";
import { createWebhookEndpoint } from "../../domain/webhooks/create-webhook-endpoint.ts";
import { fanOutEvent } from "../../domain/webhooks/fan-out-event.ts";
import { redeliverWebhookDelivery } from "../../domain/webhooks/redeliver-webhook-delivery.ts";
import { updateWebhookEndpoint } from "../../domain/webhooks/update-webhook-endpoint.ts";
import { createHttpWebhookSender } from "../../integrations/webhooks/http-webhook-sender.ts";
import type { Jobs } from "../../server/jobs.ts";
import { bagWith, checkoutPorts, holderOf } from "../setup/checkout-fixtures.ts";
import { insertPaidOrder } from "../setup/loyalty-fixtures.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { type RecordingPayments, recordingTestPayments } from "../setup/recording-payments.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";
import { eventually, openTestJobs, testServices } from "../setup/test-jobs.ts";
import { startWebhookReceiver, verifiesWith } from "../setup/webhook-receiver.ts";

/** Short, so a hanging endpoint costs the test a second; the shop's own is 10 s. */
const TIMEOUT_MS = 1_000;

describe(`outbound webhooks (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let recording: RecordingPayments;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const queues: Jobs[] = [];
  const webhooks = createHttpWebhookSender({ allowLocalTargets: true, timeoutMs: TIMEOUT_MS });
  let shopper = 0;

  const ports = (): Partial<Ports> => ({ ...checkoutPorts(recording), jobs: queues[0]?.queue, webhooks });
  const staff = () => testContext(database.db, { viewer: staffWith("webhooks"), ports: ports() });

  async function register(path: string, events: ShopEventType[] = ["order.paid"]) {
    return createWebhookEndpoint(staff(), { url: receiver.url(path), description: path, events });
  }

  /** A guest pays for a box, and the payment's webhook and return both fulfil it at once. */
  async function paidOrder(): Promise<string> {
    shopper += 1;
    const bagToken = await bagWith(database.db, [["op-m8_ba-1b", 1]]);
    const form = { name: "Tan Mei Ling", email: `hooks-${shopper}@example.com`, mobile: "9123 4567", address: "1 Orchard Road" };
    const { sessionId } = await startCheckout(testContext(database.db, { viewer: holderOf(bagToken), ports: ports() }), {
      ...form,
      postalCode: "238801",
      baseUrl: "http://shop.test",
      clientAddress: `198.51.100.${shopper}`,
    });
    expect(await recording.payments.pay(sessionId, "4242 4242 4242 4242")).toMatchObject({ ok: true });
    const event = await recording.lastEvent();
    const ctx = () => testContext(database.db, { viewer: guest(), ports: ports() });
    const results = await Promise.all([fulfilCheckout(ctx(), { sessionId }), handlePaymentEvent(ctx(), event)]);
    const orderId = results.find((result) => result && "orderId" in result && result.orderId)?.orderId;
    if (!orderId) throw new Error("the checkout made no order");
    return orderId;
  }

  /** A member as a first sign-in makes one, through the shop's job queue. */
  async function newMember() {
    const email = `hooks-${randomUUID()}@example.com`;
    const identity = { subject: `sub-${randomUUID()}`, provider: "google" as const, email, emailVerified: true };
    const { member } = await memberOfIdentity(testContext(database.db, { ports: ports() }), {
      ...identity,
      name: "Tan Mei Ling",
      picture: null,
    });
    return member;
  }

  const eventsOf = (type: string, key: string) =>
    database.db
      .select()
      .from(shopEvents)
      .where(and(eq(shopEvents.type, type), eq(shopEvents.key, key)));

  const deliveriesOf = (eventId: string) =>
    database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId));

  const attemptsOf = (deliveryId: string) =>
    database.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, deliveryId)).orderBy(webhookAttempts.at);

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    recording = recordingTestPayments(database.db);
    receiver = await startWebhookReceiver({
      "/flaky": [{ status: 500, body: "database down" }, { status: 200 }],
      "/hang": ["hang"],
    });
    // Two shop processes on one database, each running every worker.
    queues.push(await openTestJobs(database), await openTestJobs(database));
    const mailer = { send: async () => ({ messageId: randomUUID() }) };
    for (const jobs of queues) await jobs.startWorkers(testServices(database, { ...ports(), mailer, jobs: jobs.queue }));
  });
  afterAll(async () => {
    for (const jobs of queues) await jobs.stop();
    await receiver.close();
    await database.close();
  });

  it("records a change's event once however often its producer runs, in its transaction", async () => {
    const key = `order.paid:${randomUUID()}`;
    const data = { orderId: key } as never;
    const at = new Date();
    const jobs = queues[0]?.queue;
    if (!jobs) throw new Error("no queue");
    const ids = await Promise.all(
      [1, 2, 3, 4].map(() => database.db.transaction((tx) => recordShopEvent(tx, jobs, { type: "order.paid", key, data, at }))),
    );
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    expect(await eventsOf("order.paid", key)).toHaveLength(1);
    // A producer whose transaction rolls back leaves no event behind.
    const rolledBack = `order.paid:${randomUUID()}`;
    await expect(
      database.db.transaction(async (tx) => {
        await recordShopEvent(tx, jobs, { type: "order.paid", key: rolledBack, data, at });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await eventsOf("order.paid", rolledBack)).toHaveLength(0);
  });

  it("sends a paid order's event signed, retries it after a 500 until it is taken, and redelivers it on request", async () => {
    const endpoint = await register("/flaky");
    const orderId = await paidOrder();
    const [event] = await eventsOf("order.paid", `order.paid:${orderId}`);
    if (!event) throw new Error("no order.paid event");
    expect(event.data).toMatchObject({ orderId, memberId: null, totalCents: expect.any(Number), total: expect.any(Number) });

    const received = await eventually(
      async () => receiver.at("/flaky").filter((request) => request.headers["webhook-id"] === event.id),
      (requests) => requests.length >= 2,
    );
    for (const request of received) {
      expect(verifiesWith(endpoint.secret, request)).toBe(true);
      expect(verifiesWith("whsec_someone_else", request)).toBe(false);
      expect(JSON.parse(request.body)).toMatchObject({ id: event.id, type: "order.paid", data: { orderId } });
    }
    const [delivery] = await eventually(
      () => deliveriesOf(event.id),
      (rows) => rows[0]?.status === "succeeded",
    );
    if (!delivery) throw new Error("no delivery");
    expect((await attemptsOf(delivery.id)).map((attempt) => [attempt.statusCode, attempt.response])).toEqual([
      [500, "database down"],
      [200, "ok"],
    ]);

    await redeliverWebhookDelivery(staff(), { deliveryId: delivery.id });
    const again = await eventually(
      async () => receiver.at("/flaky").filter((request) => request.headers["webhook-id"] === event.id),
      (requests) => requests.length === 3,
    );
    const redelivered = again[2];
    if (!redelivered) throw new Error("no redelivery");
    expect(verifiesWith(endpoint.secret, redelivered)).toBe(true);
    const attempts = await eventually(
      () => attemptsOf(delivery.id),
      (rows) => rows.length === 3,
    );
    expect(attempts[2]).toMatchObject({ statusCode: 200, redelivery: true });
    await updateWebhookEndpoint(staff(), { id: endpoint.id, events: ["order.paid"], active: false });
  });

  it("fulfils an order at once while its endpoint hangs, and records the timeout", async () => {
    const endpoint = await register("/hang");
    const orderId = await paidOrder();
    const [event] = await eventsOf("order.paid", `order.paid:${orderId}`);
    if (!event) throw new Error("no order.paid event");
    const [delivery] = await eventually(
      () => deliveriesOf(event.id),
      (rows) => (rows[0]?.attempts ?? 0) >= 1,
    );
    if (!delivery) throw new Error("no delivery");
    const [attempt] = await attemptsOf(delivery.id);
    expect(attempt).toMatchObject({ statusCode: null, response: "No answer within 1 s" });
    expect(delivery.status).toBe("failing");
    await updateWebhookEndpoint(staff(), { id: endpoint.id, events: ["order.paid"], active: false });
  });

  it("makes one delivery and one job per event and endpoint, however many processes fan the event out", async () => {
    const endpoint = await register("/members", ["member.created", "points.changed"]);
    await updateWebhookEndpoint(staff(), { id: endpoint.id, events: ["member.created", "points.changed"], active: true });
    const member = await newMember();
    const [created] = await eventsOf("member.created", `member.created:${member.id}`);
    if (!created) throw new Error("no member.created event");
    const [signUp] = await database.db
      .select()
      .from(shopEvents)
      .where(and(eq(shopEvents.type, "points.changed"), sql`${shopEvents.data}->>'memberId' = ${member.id}`));
    expect(signUp?.data).toMatchObject({ kind: "sign-up", direction: "credit", points: 50, balance: 50, programmeVersion: 1 });

    const job = () => testContext(database.db, { viewer: { kind: "system", job: "fan-out-event" }, ports: ports() });
    await Promise.all([1, 2, 3].map(() => fanOutEvent(job(), { eventId: created.id })));
    const deliveries = await deliveriesOf(created.id);
    expect(deliveries).toHaveLength(1);
    const jobs = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pgboss.job where name = 'send-webhook' and data->>'deliveryId' = ${deliveries[0]?.id ?? ""}`,
    );
    expect(jobs[0]?.n).toBe(1);
    await eventually(
      async () => receiver.at("/members").filter((request) => request.headers["webhook-id"] === created.id),
      (requests) => requests.length === 1,
    );
    await updateWebhookEndpoint(staff(), { id: endpoint.id, events: ["member.created"], active: false });
  });

  it("records a member's order points, promotion to gold, refund, its points reversal and the return to green", async () => {
    const member = await newMember();
    const jobs = queues[0]?.queue;
    if (!jobs) throw new Error("no queue");
    const order = await insertPaidOrder(database.db, { subtotalCents: 32_000, memberId: member.id });
    await database.db.transaction((tx) => creditOrderToMember(tx, jobs, { memberId: member.id, order, creditPoints: true }));
    const refundId = randomUUID();
    await database.db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for("update");
      if (!locked) throw new Error("no order");
      await applyOrderRefund(tx, jobs, locked, { refundId, amountCents: locked.priceCents, at: new Date(), cancelsOrder: false });
    });
    const events = await database.db
      .select({ type: shopEvents.type, data: shopEvents.data })
      .from(shopEvents)
      .where(sql`${shopEvents.data}->>'memberId' = ${member.id}`)
      .orderBy(shopEvents.createdAt, shopEvents.key);
    const summary = events.map(({ type, data }) =>
      type === "points.changed"
        ? `${type} ${data.kind} ${data.direction} ${data.points} = ${data.balance}`
        : `${type} ${data.change ?? data.status ?? ""}`.trim(),
    );
    expect(summary).toEqual(
      expect.arrayContaining([
        "member.created",
        "points.changed sign-up credit 50 = 50",
        "points.changed order credit 320 = 370",
        "tier.changed promoted",
        "points.changed refund debit 320 = 50",
        "order.refunded refunded",
        "tier.changed demoted",
      ]),
    );
    expect(summary).toHaveLength(7);
    const [refunded] = await eventsOf("order.refunded", `order.refunded:${refundId}`);
    expect(refunded?.data).toMatchObject({
      orderId: order.id,
      amountCents: 32_000,
      amount: 320,
      refundedCents: 32_000,
      pointsReversed: 320,
    });
  });

  it("refuses in production addresses that are or resolve to private, loopback or link-local ones, also when sending", async () => {
    const production = createHttpWebhookSender({ allowLocalTargets: false });
    const refused = [
      "http://hooks.example.com/in",
      "https://127.0.0.1/in",
      "https://[::1]/in",
      "https://[::ffff:127.0.0.1]/in",
      "https://[::ffff:a9fe:a9fe]/latest/meta-data",
      "https://169.254.169.254/latest/meta-data",
      "https://10.0.0.7/in",
      "https://2130706433/in",
      "https://localhost/in",
      "https://user:pass@hooks.example.com/in",
    ];
    for (const url of refused) expect(await production.refusal(url), url).not.toBeNull();
    expect(await production.refusal("https://[2606:4700:4700::1111]/in")).toBeNull();
    await expect(
      createWebhookEndpoint(testContext(database.db, { viewer: staffWith("webhooks"), ports: { webhooks: production } }), {
        url: "https://localhost/in",
        events: ["order.paid"],
      }),
    ).rejects.toMatchObject({ code: "BAD_USER_INPUT", message: expect.stringMatching(/localhost resolves to/) });

    // Sending checks again as it connects: a name that pointed outside when registered may point inside since.
    const sent = await production.post({
      url: receiver.url("/inside").replace("http://127.0.0.1", "https://localhost"),
      headers: {},
      body: "{}",
    });
    expect(sent).toMatchObject({ statusCode: null, response: expect.stringMatching(/localhost resolves to (127\.0\.0\.1|::1)/) });
    expect(receiver.at("/inside")).toEqual([]);
  });
});
