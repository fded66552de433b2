import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { orders } from "../../db/schema/orders.ts";
import { auditLog } from "../../db/schema/staff.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { chooseDelivery } from "../../domain/bag/choose-delivery.ts";
import { checkoutSummary } from "../../domain/checkout/checkout-summary.ts";
import { fulfilCheckout } from "../../domain/checkout/fulfil-checkout.ts";
import { priceRenewal } from "../../domain/checkout/renewal-price.ts";
import { startCheckout } from "../../domain/checkout/start-checkout.ts";
import {
  listDeliveryOptions,
  switchDeliveryOption,
  updateDeliveryOption,
} from "../../domain/delivery/manage-delivery-options.ts";
import { getSalesReport } from "../../domain/reports/get-sales-report.ts";
import { listShippingQueue } from "../../domain/shipping/shipping-queue.ts";
import { renewalGoods, subscribedLine } from "../../domain/subscriptions/renewals/claim-renewal.ts";
import { isAppError } from "../../kernel/app-error.ts";
import { bagWith, checkoutPorts, holderOf, SHIPPING } from "../setup/checkout-fixtures.ts";
import { createMember } from "../setup/loyalty-fixtures.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { type RecordingPayments, recordingTestPayments } from "../setup/recording-payments.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

/** A Luna box, S$39: under both free-delivery thresholds. */
const LUNA = "op-m8_ba-1b";
/** A moment on the Singapore clock. */
const sg = (local: string) => new Date(`${local}+08:00`);
/** Express as seeded: S$9.90, free from S$150, one working day, Monday to Friday, cut-off 14:00. */
const EXPRESS = {
  name: "Express",
  price: 990,
  freeFrom: 15000,
  minDays: 1,
  maxDays: 1,
  weekdays: [1, 2, 3, 4, 5],
  cutoff: "14:00",
};

describe(`delivery options at checkout (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let recording: RecordingPayments;
  // The clock the shop and the payment provider read; each test sets it.
  let clock = sg("2026-12-07T10:00:00");
  let shopper = 0;
  const now = () => clock;
  const db = () => database.db;
  const ctx = (bagToken: string | null) =>
    testContext(db(), { viewer: holderOf(bagToken), ports: checkoutPorts(recording), now });
  const staff = () => testContext(db(), { viewer: staffWith("orders"), now });
  const shipping = () => ({ ...SHIPPING, clientAddress: `203.0.113.${++shopper}` });

  async function expressTerms(terms: Partial<typeof EXPRESS> = {}) {
    const [express] = (await listDeliveryOptions(staff(), {})).filter((option) => option.id === "express");
    if (!express) throw new Error("express is not seeded");
    const { name, price, freeFrom, minDays, maxDays, weekdays, cutoff } = { ...EXPRESS, ...terms };
    return {
      id: "express",
      name,
      priceCents: price,
      freeFromCents: freeFrom,
      minDays,
      maxDays,
      weekdays,
      cutoff,
      seen: express.stamp,
    };
  }

  /** A bag with a Luna box and express chosen; its token. */
  async function expressBag() {
    const bagToken = await bagWith(db(), [[LUNA, 1]]);
    await chooseDelivery(ctx(bagToken), { deliveryOptionId: "express" });
    return bagToken;
  }

  async function payAndFulfil(sessionId: string) {
    expect(await recording.payments.pay(sessionId, "4242 4242 4242 4242")).toMatchObject({ ok: true });
    const placed = await fulfilCheckout(ctx(null), { sessionId });
    if (!placed) throw new Error("no order was placed");
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.orderId));
    if (!order) throw new Error("no order row");
    return order;
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    recording = recordingTestPayments(database.db, { now });
  });
  afterAll(() => database.close());

  it("promises express for tomorrow a second before the cut-off and for the day after from the cut-off on", async () => {
    clock = sg("2026-12-07T13:59:59");
    const before = await startCheckout(ctx(await expressBag()), shipping());
    clock = sg("2026-12-07T14:00:00");
    const after = await startCheckout(ctx(await expressBag()), shipping());
    // Paid after the cut-off, the first order keeps the promise it was shown.
    clock = sg("2026-12-07T14:05:00");
    expect(await payAndFulfil(before.sessionId)).toMatchObject({
      deliveryOptionId: "express",
      deliveryOptionName: "Express",
      shippingCents: 990,
      priceCents: 3900 + 990,
      deliveryStart: "2026-12-08",
      deliveryEnd: "2026-12-08",
    });
    expect(await payAndFulfil(after.sessionId)).toMatchObject({ shippingCents: 990, deliveryStart: "2026-12-09" });
  });

  it("gives a bag with no choice standard delivery, promised as before", async () => {
    clock = sg("2026-12-07T16:00:00");
    const { sessionId } = await startCheckout(ctx(await bagWith(db(), [[LUNA, 1]])), shipping());
    expect(await payAndFulfil(sessionId)).toMatchObject({
      deliveryOptionName: "Standard",
      shippingCents: 490,
      deliveryStart: "2026-12-14",
      deliveryEnd: "2026-12-16",
    });
  });

  it("keeps the price and promise of a checkout at the payment page while the merchant changes express, racing", async () => {
    clock = sg("2026-12-08T10:00:00");
    const { sessionId } = await startCheckout(ctx(await expressBag()), shipping());
    const terms = await expressTerms({ price: 1290, cutoff: "09:00" });
    const [order] = await Promise.all([payAndFulfil(sessionId), updateDeliveryOption(staff(), terms)]);
    expect(order).toMatchObject({ shippingCents: 990, priceCents: 3900 + 990, deliveryStart: "2026-12-09" });
    // A checkout started after the change pays the new price, promised after the new cut-off.
    const next = await startCheckout(ctx(await expressBag()), shipping());
    const [session] = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, next.sessionId));
    expect(session).toMatchObject({ shippingCents: 1290, delivery: { name: "Express", start: "2026-12-10" } });
    await updateDeliveryOption(staff(), await expressTerms());
  });

  it("refuses a checkout whose express changed after the page showed it, or charges what the page showed, racing", async () => {
    clock = sg("2026-12-09T10:00:00");
    const bagToken = await expressBag();
    const { delivery } = await checkoutSummary(ctx(bagToken), {});
    expect(delivery.chosen).toMatchObject({ id: "express", priceCents: 990, start: "2026-12-10" });
    const terms = await expressTerms({ price: 1490 });
    const [started] = await Promise.allSettled([
      startCheckout(ctx(bagToken), { ...shipping(), deliverySeen: delivery.stamp }),
      updateDeliveryOption(staff(), terms),
    ]);
    if (started.status === "fulfilled") {
      expect(await payAndFulfil(started.value.sessionId)).toMatchObject({ shippingCents: 990, deliveryStart: "2026-12-10" });
    } else {
      const error = started.reason;
      expect(isAppError(error) && error.code).toBe("CONFLICT");
      expect(String(error.message)).toContain("Express delivery costs S$14.90");
    }
    // Shown the old price, a checkout started after the change is always refused.
    await expect(startCheckout(ctx(bagToken), { ...shipping(), deliverySeen: delivery.stamp })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await updateDeliveryOption(staff(), await expressTerms());
  });

  it("prices a bag whose express was switched off with standard, and refuses the checkout the page showed express for", async () => {
    clock = sg("2026-12-09T11:00:00");
    const bagToken = await expressBag();
    const shown = (await checkoutSummary(ctx(bagToken), {})).delivery;
    const { seen } = await expressTerms();
    await switchDeliveryOption(staff(), { id: "express", active: false, seen });
    const summary = await checkoutSummary(ctx(bagToken), {});
    expect(summary.delivery.chosen?.id).toBe("standard");
    expect(summary.pricing.shippingCents).toBe(490);
    await expect(startCheckout(ctx(bagToken), { ...shipping(), deliverySeen: shown.stamp })).rejects.toThrow(
      /The delivery you chose is no longer offered\. Standard delivery costs S\$4\.90/,
    );
    await expect(chooseDelivery(ctx(bagToken), { deliveryOptionId: "express" })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
    await switchDeliveryOption(staff(), { id: "express", active: true });
  });

  it("sorts and filters the shipping desk by option and promised date, and reports sales by option", async () => {
    clock = sg("2026-12-10T09:00:00");
    const staffDesk = testContext(db(), { viewer: staffWith("orders"), now });
    const express = await listShippingQueue(staffDesk, { delivery: "express", sort: "promised" });
    const starts = express.orders.map((order) => order.deliveryStart);
    expect(starts.length).toBeGreaterThanOrEqual(3);
    expect(express.orders.every((order) => order.deliveryOptionName === "Express")).toBe(true);
    expect(starts).toEqual([...starts].sort());
    const report = await getSalesReport(staffDesk, { from: "2026-12-07", to: "2026-12-09" });
    const byName = new Map(report.deliveries.map((row) => [row.name, row]));
    expect(byName.get("Standard")).toMatchObject({ orders: 1, shippingCents: 490, netCents: 3900 + 490 });
    expect(byName.get("Express")).toMatchObject({ orders: express.orders.length, shippingCents: express.orders.length * 990 });
  });

  it("keeps the last option on offer switched on, and records each change in the audit log", async () => {
    await switchDeliveryOption(staff(), { id: "express", active: false });
    await expect(switchDeliveryOption(staff(), { id: "standard", active: false })).rejects.toMatchObject({ code: "CONFLICT" });
    await switchDeliveryOption(staff(), { id: "express", active: true });
    const entries = await db().select().from(auditLog).where(eq(auditLog.target, "express"));
    expect(entries.map((entry) => entry.action)).toContain("delivery.switch");
    expect(entries.map((entry) => entry.action)).toContain("delivery.update");
  });

  it("charges a renewal the standard delivery the merchant set last, not the one in force when the member subscribed", async () => {
    const member = await createMember(db());
    const subscribed = { optionId: LUNA, quantity: 1, cadenceWeeks: 4, discountPercent: 15 };
    const renewalTotal = async () => {
      const goods = await renewalGoods(testContext(db(), { now }), { ...subscribed, memberId: member.id });
      const line = subscribedLine(subscribed, goods);
      if (!line) throw new Error("the Luna box is not sold");
      return (await priceRenewal(db(), line, goods.delivery, now())).totalCents;
    };
    const setStandard = async (priceCents: number, freeFromCents: number | undefined) => {
      const [standard] = (await listDeliveryOptions(staff(), {})).filter((option) => option.id === "standard");
      if (!standard) throw new Error("standard is not seeded");
      const { id, name, minDays, maxDays, weekdays } = standard;
      await updateDeliveryOption(staff(), {
        id,
        name,
        minDays,
        maxDays,
        weekdays,
        priceCents,
        freeFromCents,
        seen: standard.stamp,
      });
    };
    // S$39.00 less 15 % is S$33.15, under S$60: standard's S$4.90 on top.
    expect(await renewalTotal()).toBe(3315 + 490);
    await setStandard(550, 3000);
    expect(await renewalTotal()).toBe(3315);
    await setStandard(550, undefined);
    expect(await renewalTotal()).toBe(3315 + 550);
    await setStandard(490, 6000);
  });
});
