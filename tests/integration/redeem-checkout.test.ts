import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purchaseOptions } from "../../db/schema/catalog.ts";
import { orders } from "../../db/schema/orders.ts";
import { redeems } from "../../db/schema/rewards.ts";
import { seedRewards } from "../../db/seed/rewards.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { newBagToken } from "../../domain/bag/bag-token.ts";
import { fulfilCheckout } from "../../domain/checkout/fulfil-checkout.ts";
import { handlePaymentEvent } from "../../domain/checkout/handle-payment-event.ts";
import { startCheckout } from "../../domain/checkout/start-checkout.ts";
import { expirePendingRedeems } from "../../domain/loyalty/rewards/redeem-expiry.ts";
import { addRedeemToBag } from "../../domain/loyalty/rewards/redeems/add-redeem-to-bag.ts";
import { removeRedeemFromBag } from "../../domain/loyalty/rewards/redeems/remove-redeem-from-bag.ts";
import { updateRedeemFromBag } from "../../domain/loyalty/rewards/redeems/update-redeem-from-bag.ts";
import { updateRedeemsOrderId } from "../../domain/loyalty/rewards/redeems/update-redeems-order-id.ts";
import { orderConfirmationEmail } from "../../domain/orders/order-email.ts";
import { byCheckoutSession, loadOrder } from "../../domain/orders/order-view.ts";
import { guest, type Viewer } from "../../domain/shared/context.ts";
import { DAY_MS } from "../../kernel/singapore-time.ts";
import { bagWith, checkoutPorts, holderOf } from "../setup/checkout-fixtures.ts";
import { expectEveryCreditKeyed, expectLedgerInvariant } from "../setup/ledger-invariant.ts";
import { insertLinkedOrder } from "../setup/member-fixtures.ts";
import { noJobQueue, testContext } from "../setup/operation-context.ts";
import { type RecordingPayments, recordingTestPayments } from "../setup/recording-payments.ts";
import { balanceOf, memberWithPoints, redeemEntries, type TestMember } from "../setup/redeem-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

const SHIPPING = {
  name: "Tan Mei Ling",
  email: "mei@example.com",
  mobile: "9123 4567",
  address: "1 Orchard Road",
  postalCode: "238801",
  baseUrl: "http://shop.test",
  clientAddress: "203.0.113.10",
};

describe(`rewards leaving the bag: expiry, orders, checkout (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let recording: RecordingPayments;
  let payments: RecordingPayments["payments"];
  let lastEvent: RecordingPayments["lastEvent"];
  /** Checkout as this viewer (by default the webhook's: a guest without a bag). */
  const checkoutAs = (viewer: Viewer = guest()) => testContext(database.db, { viewer, ports: checkoutPorts(recording) });
  const db = () => database.db;
  /** The redeem operations as the member calls them (at `at`, when given), answering with the redeem. */
  const add = async (member: TestMember, meta: Record<string, unknown>, at?: Date) =>
    (await addRedeemToBag(member.as(at), { memberId: member.id, meta })).redeem;
  const remove = async (member: TestMember, ref: ReturnType<typeof refOf>) =>
    (await removeRedeemFromBag(member.as(), ref)).redeem;
  const refOf = (redeem: { id: string; memberId: string; pointTransactionId: string }) => ({
    redeemId: redeem.id,
    memberId: redeem.memberId,
    pointTransactionId: redeem.pointTransactionId,
  });
  const statusOf = async (redeemId: string) =>
    (await db().select({ status: redeems.status, orderId: redeems.orderId }).from(redeems).where(eq(redeems.id, redeemId)))[0];

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    await seedRewards(database.db);
    recording = recordingTestPayments(database.db);
    ({ payments, lastEvent } = recording);
  });
  afterAll(() => database.close());

  it("expires a reward after 7 days in the bag and returns its points once, however many runs meet", async () => {
    const now = new Date();
    const member = await memberWithPoints(db(), 2000);
    const old = await add(member, { optionId: "op-j4_bb-1b", quantity: 2 }, new Date(now.getTime() - 8 * DAY_MS));
    const recent = await add(member, { optionId: "op-mpu_ba-1pu" }, new Date(now.getTime() - 6 * DAY_MS));
    expect(await balanceOf(db(), member.id)).toBe(2050 - 700 - 150);

    const runs = await Promise.all([expirePendingRedeems(db(), noJobQueue, now), expirePendingRedeems(db(), noJobQueue, now)]);
    expect(runs.reduce((total, run) => total + run.expired, 0)).toBe(1);
    expect(runs.reduce((total, run) => total + run.pointsReturned, 0)).toBe(700);
    expect(await expirePendingRedeems(db(), noJobQueue, now)).toEqual({ expired: 0, pointsReturned: 0 });
    expect((await statusOf(old.id))?.status).toBe("Expired");
    expect((await statusOf(recent.id))?.status).toBe("Pending");
    expect(await balanceOf(db(), member.id)).toBe(2050 - 150);
    expect(await redeemEntries(db(), member.id, old.id)).toEqual([
      { signed: -700, reason: "added" },
      { signed: 700, reason: "expired" },
    ]);

    expect((await remove(member, refOf(old))).status).toBe("Expired");
    await expect(updateRedeemFromBag(member.as(), { ...refOf(old), meta: { quantity: 1 } })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect(await balanceOf(db(), member.id)).toBe(2050 - 150);
    await expectLedgerInvariant(db());
    await expectEveryCreditKeyed(db());
  });

  it("attaches Pending redeems to the member's own paid order, all or nothing, once", async () => {
    const member = await memberWithPoints(db(), 3000);
    const other = await memberWithPoints(db(), 0);
    const paidAt = new Date();
    const delivery = { deliveryStart: "2026-12-01", deliveryEnd: "2026-12-03" };
    const { checkoutSessionId } = await insertLinkedOrder(db(), {
      memberId: member.id,
      email: member.email,
      priceCents: 3900,
      paidAt,
      ...delivery,
    });
    const [order] = await db().select().from(orders).where(eq(orders.checkoutSessionId, checkoutSessionId));
    if (!order) throw new Error("no order");
    const othersOrder = await insertLinkedOrder(db(), {
      memberId: other.id,
      email: other.email,
      priceCents: 3900,
      paidAt,
      ...delivery,
    });
    const [foreign] = await db().select().from(orders).where(eq(orders.checkoutSessionId, othersOrder.checkoutSessionId));

    const pouch = await add(member, { optionId: "op-mpu_sb-1pu" });
    const box = await add(member, { optionId: "op-l8_ca-1b" });
    const gone = await add(member, { optionId: "op-j4_yz-1b" });
    await remove(member, refOf(gone));
    const attach = async (redeemIds: string[], orderId: string) =>
      (await updateRedeemsOrderId(member.as(), { memberId: member.id, redeemIds, orderId })).redeems;

    await expect(attach([pouch.id], foreign?.id ?? "")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(attach([pouch.id, "no-such-redeem"], order.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(attach([pouch.id, gone.id], order.id)).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await statusOf(pouch.id))?.status).toBe("Pending");
    await expect(attach([], order.id)).rejects.toMatchObject({ code: "BAD_USER_INPUT" });

    const attached = await attach([pouch.id], order.invoiceId.toLowerCase());
    expect(attached).toEqual([expect.objectContaining({ id: pouch.id, status: "Ordered", orderId: order.id })]);
    expect(await attach([pouch.id, box.id], order.orderId)).toHaveLength(2);
    expect(await statusOf(box.id)).toEqual({ status: "Ordered", orderId: order.id });
    await expect(remove(member, refOf(box))).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await balanceOf(db(), member.id)).toBe(3050 - 150 - 950);

    const late = await add(member, { optionId: "op-mpu_ll-1pu" });
    await db().update(orders).set({ status: "shipped" }).where(eq(orders.id, order.id));
    await expect(attach([late.id], order.id)).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await loadOrder(db(), byCheckoutSession(checkoutSessionId)))?.rewards).toEqual([
      expect.objectContaining({
        redeemId: pouch.id,
        productName: "Luna Collagen Nectar pouch",
        flavourName: "Strawberry Bliss",
        pointsTotal: 150,
      }),
      expect.objectContaining({ redeemId: box.id, flavourName: "Cranberry Apple", quantity: 1, pointsEach: 950 }),
    ]);
    await expectLedgerInvariant(db());
  });

  it("sends the bag's member's rewards out with the paid order exactly once when the webhook is replayed", async () => {
    const member = await memberWithPoints(db(), 1000);
    const bagToken = await bagWith(db(), [["op-m8_ba-1b", 2]]);
    const reward = await add(member, { optionId: "op-l4_cp-1b" });
    const started = await startCheckout(checkoutAs(holderOf(bagToken, member.id)), {
      ...SHIPPING,
    });
    expect(await payments.pay(started.sessionId, "4242 4242 4242 4242")).toMatchObject({ ok: true });
    const event = await lastEvent();
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => handlePaymentEvent(checkoutAs(), event)),
      ...Array.from({ length: 3 }, () => fulfilCheckout(checkoutAs(), { sessionId: started.sessionId })),
    ]);
    expect(results.filter((result) => result?.created)).toHaveLength(1);
    const order = await loadOrder(db(), byCheckoutSession(started.sessionId));
    expect(await statusOf(reward.id)).toEqual({ status: "Ordered", orderId: order?.id });
    expect(order?.rewards).toEqual([
      expect.objectContaining({ redeemId: reward.id, flavourName: "Calamansi Pomelo", pointsTotal: 500 }),
    ]);
    if (!order) throw new Error("no order");
    expect(orderConfirmationEmail(order, "Nectar Lab", "http://shop.test").text).toMatch(
      /^Reward: .*Calamansi Pomelo \(500 points\) — S\$0\.00$/m,
    );
    expect(await redeemEntries(db(), member.id, reward.id)).toEqual([{ signed: -500, reason: "added" }]);
    const orderCredits = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from point_transactions
          where member_id = ${member.id} and activity_type = 'order' and meta->>'orderId' = ${order?.id ?? ""}`,
    );
    expect(orderCredits[0]?.n).toBe(1);
    // Two 8-serving boxes at the two-box price, S$68.90 of goods: 68 order points.
    expect(await balanceOf(db(), member.id)).toBe(1050 - 500 + 68);
    await expectLedgerInvariant(db());

    const renameFlavour = (flavourName: string) =>
      db().update(purchaseOptions).set({ flavourName }).where(eq(purchaseOptions.optionId, "op-l4_cp-1b"));
    await renameFlavour("Calamansi Sunrise");
    try {
      expect((await loadOrder(db(), byCheckoutSession(started.sessionId)))?.rewards).toEqual([
        expect.objectContaining({ redeemId: reward.id, flavourName: "Calamansi Pomelo" }),
      ]);
    } finally {
      await renameFlavour("Calamansi Pomelo");
    }
  });

  it("keeps rewards Pending when the order is a guest's, and a bag of rewards alone cannot be checked out", async () => {
    const member = await memberWithPoints(db(), 500);
    const reward = await add(member, { optionId: "op-mpu_yd-1pu" });
    const guestBag = await bagWith(db(), [["op-vs8_st-1b", 1]]);
    const started = await startCheckout(checkoutAs(holderOf(guestBag)), SHIPPING);
    await payments.pay(started.sessionId, "4242424242424242");
    expect((await fulfilCheckout(checkoutAs(), { sessionId: started.sessionId }))?.created).toBe(true);
    expect((await statusOf(reward.id))?.status).toBe("Pending");

    await expect(startCheckout(checkoutAs(holderOf(newBagToken(), member.id)), SHIPPING)).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      message: "Your bag is empty.",
    });
    expect((await statusOf(reward.id))?.status).toBe("Pending");
  });
});
