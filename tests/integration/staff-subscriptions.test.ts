import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { optionSkus } from "../../db/schema/catalog.ts";
import { emailOutbox } from "../../db/schema/email-outbox.ts";
import { auditLog } from "../../db/schema/staff.ts";
import { subscriptionOptionTerms } from "../../db/schema/subscriptions.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { loadSubscriptionOffer, subscriptionDiscounts } from "../../domain/catalog/subscription-offer.ts";
import { listSubscriptions } from "../../domain/subscriptions/staff/list-subscriptions.ts";
import { saveOptionTerms } from "../../domain/subscriptions/staff/save-option-terms.ts";
import { getSubscriptionForStaff } from "../../domain/subscriptions/staff/subscription-for-staff.ts";
import { getSubscriptionSettings, saveSubscriptionOffer } from "../../domain/subscriptions/staff/subscription-offer-settings.ts";
import { subscriptionEmailSubject } from "../../kernel/subscription-email-subject.ts";
import { createMember, insertPaidOrder } from "../setup/loyalty-fixtures.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { insertRenewal, insertSubscription } from "../setup/subscription-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

// 10:00 in Singapore on 20 March 2026.
const NOW = new Date("2026-03-20T02:00:00Z");

describe(`staff look after subscriptions and the subscription offer (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let optionId: string;
  let members: { id: string; email: string }[];
  let subscriptionIds: { active: string; paused: string; failed: string; cancelled: string };
  let renewalOrderId: string;

  const as = (...permissions: Parameters<typeof staffWith>) =>
    testContext(database.db, { viewer: staffWith(...permissions), now: () => NOW });

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    const db = database.db;
    const [line] = await db.select().from(optionSkus).limit(1);
    if (!line) throw new Error("the seeded catalogue has no option");
    optionId = line.optionId;
    members = [await createMember(db), await createMember(db)];
    const [first, second] = members as [{ id: string; email: string }, { id: string; email: string }];
    const firstOrder = await insertPaidOrder(db, { subtotalCents: 3_900, memberId: first.id, optionId });
    const base = { optionId, firstOrderId: firstOrder.id, nextRenewalOn: "2026-04-10" };
    const active = await insertSubscription(db, { ...base, memberId: first.id });
    const paused = await insertSubscription(db, { ...base, memberId: first.id, status: "paused" });
    const failed = await insertSubscription(db, { ...base, memberId: second.id, status: "payment_failed" });
    const cancelled = await insertSubscription(db, {
      ...base,
      memberId: second.id,
      status: "cancelled",
      cancelledAt: NOW,
      cancelReason: "Too much at once",
    });
    subscriptionIds = { active: active.id, paused: paused.id, failed: failed.id, cancelled: cancelled.id };
    const renewal = await insertPaidOrder(db, { subtotalCents: 3_315, memberId: first.id, optionId });
    renewalOrderId = renewal.id;
    await insertRenewal(db, { subscriptionId: active.id, dueOn: "2026-03-13", outcome: "paid", orderId: renewal.id });
    await insertRenewal(db, {
      subscriptionId: active.id,
      dueOn: "2026-02-13",
      outcome: "skipped",
      attempts: 0,
      failureReason: "Sold out",
    });
    await db.insert(emailOutbox).values([
      { id: "email-confirmation", kind: "order-confirmation", orderId: renewal.id },
      {
        id: "email-about-it",
        kind: "order-points",
        memberId: first.id,
        subjectKey: subscriptionEmailSubject(active.id, "2026-03-13"),
      },
      {
        id: "email-about-another",
        kind: "order-points",
        memberId: first.id,
        subjectKey: subscriptionEmailSubject(paused.id, "x"),
      },
    ]);
  });
  afterAll(() => database.close());

  it("lists subscriptions newest first, by status and by text in the member's email", async () => {
    const everyone = await listSubscriptions(as("subscriptions"), {});
    expect(everyone.subscriptions).toHaveLength(4);
    expect(everyone.hasMore).toBe(false);
    const failed = await listSubscriptions(as("subscriptions"), { status: "payment_failed", query: "" });
    expect(failed.subscriptions.map((row) => row.id)).toEqual([subscriptionIds.failed]);
    const second = members[1]?.email.slice(0, 12).toUpperCase() ?? "";
    const bySecond = await listSubscriptions(as("subscriptions"), { query: second });
    expect(new Set(bySecond.subscriptions.map((row) => row.id))).toEqual(
      new Set([subscriptionIds.failed, subscriptionIds.cancelled]),
    );
    expect((await listSubscriptions(as("subscriptions"), { query: "%" })).subscriptions).toEqual([]);
    expect((await listSubscriptions(as("subscriptions"), { page: 2 })).subscriptions).toEqual([]);
  });

  it("refuses a status it does not know and staff without the permission", async () => {
    await expect(listSubscriptions(as("subscriptions"), { status: "lapsed" as never })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
    await expect(listSubscriptions(as("orders", "catalog"), {})).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(getSubscriptionForStaff(as("orders"), { subscriptionId: subscriptionIds.active })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("shows one subscription with its renewals, the orders it made and the emails about it", async () => {
    const found = await getSubscriptionForStaff(as("subscriptions"), { subscriptionId: subscriptionIds.active });
    expect(found.subscription).toMatchObject({ email: members[0]?.email, cardLast4: "4242", nextRenewalOn: "2026-04-10" });
    expect(found.renewals).toMatchObject([
      { dueOn: "2026-03-13", outcome: "paid", orderId: renewalOrderId, attempts: 1 },
      { dueOn: "2026-02-13", outcome: "skipped", orderId: null, failureReason: "Sold out" },
    ]);
    expect(found.orders.map((order) => order.id)).toContain(renewalOrderId);
    expect(found.orders).toHaveLength(2);
    expect(new Set(found.emails.map((email) => email.id))).toEqual(new Set(["email-confirmation", "email-about-it"]));
    await expect(getSubscriptionForStaff(as("subscriptions"), { subscriptionId: "nope" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  const offer = {
    discountPercent: 20,
    cadencesWeeks: "2, 4",
    reminderDays: 2,
    retryDays: "1, 2, 4",
    soldOutRule: "skip" as const,
  };

  it("refuses an offer that cannot work, field by field, and changes nothing", async () => {
    const before = await loadSubscriptionOffer(database.db);
    const refusals: [Record<string, unknown>, string][] = [
      [{ discountPercent: 95 }, "discountPercent"],
      [{ cadencesWeeks: "4, 2" }, "cadencesWeeks"],
      [{ cadencesWeeks: "" }, "cadencesWeeks"],
      [{ cadencesWeeks: "two" }, "cadencesWeeks.0"],
      [{ retryDays: "3, 3" }, "retryDays"],
      [{ reminderDays: 14 }, "reminderDays"],
      [{ soldOutRule: "wait" }, "soldOutRule"],
    ];
    for (const [change, field] of refusals) {
      const error = await saveSubscriptionOffer(as("subscriptions"), { ...offer, ...change } as never).catch((e: unknown) => e);
      expect(error, JSON.stringify(change)).toMatchObject({ code: "BAD_USER_INPUT", fields: { [field]: expect.any(String) } });
    }
    expect(await loadSubscriptionOffer(database.db)).toMatchObject(before);
  });

  it("saves the offer, audited, and refuses a save from a form opened before someone else's", async () => {
    const { offerStamp } = await getSubscriptionSettings(as("subscriptions"), {});
    await saveSubscriptionOffer(as("subscriptions"), { ...offer, seen: offerStamp });
    expect(await loadSubscriptionOffer(database.db)).toMatchObject({
      discountPercent: 20,
      cadencesWeeks: [2, 4],
      reminderDays: 2,
      retryDays: [1, 2, 4],
      soldOutRule: "skip",
    });
    await expect(
      saveSubscriptionOffer(as("subscriptions"), { ...offer, discountPercent: 10, seen: offerStamp }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    const audited = await database.db.select().from(auditLog).where(eq(auditLog.action, "subscription.offer"));
    expect(audited).toHaveLength(1);
    expect(audited[0]?.after).toMatchObject({ discountPercent: 20 });
  });

  it("gives an option its own discount or switches it off, which pricing then reads, and back to the shop's", async () => {
    const settings = await getSubscriptionSettings(as("subscriptions"), {});
    const product = settings.products.find((row) => row.options.some((option) => option.optionId === optionId));
    if (!product) throw new Error("the option's product is not in the settings");
    const ids = product.options.map((option) => option.optionId);
    const others = ids.filter((id) => id !== optionId);
    const discounts = ids.map((id) => (id === optionId ? "25" : ""));
    await saveOptionTerms(as("subscriptions"), {
      productId: product.productId,
      optionIds: ids,
      subscribable: [optionId],
      discounts,
      seen: product.stamp,
    });
    const priced = await subscriptionDiscounts(database.db, await loadSubscriptionOffer(database.db), ids);
    expect(priced.get(optionId)).toBe(25);
    for (const other of others) expect(priced.has(other)).toBe(false);
    await expect(
      saveOptionTerms(as("subscriptions"), {
        productId: product.productId,
        optionIds: ids,
        subscribable: ids,
        discounts: ids.map(() => ""),
        seen: product.stamp,
      }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    await expect(
      saveOptionTerms(as("subscriptions"), {
        productId: product.productId,
        optionIds: ids,
        subscribable: ids,
        discounts: ids.map(() => "91"),
      }),
    ).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    // The same option twice, not the product's options.
    await expect(
      saveOptionTerms(as("subscriptions"), {
        productId: product.productId,
        optionIds: [optionId, optionId],
        subscribable: [],
        discounts: ["", ""],
      }),
    ).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    await saveOptionTerms(as("subscriptions"), {
      productId: product.productId,
      optionIds: ids,
      subscribable: ids,
      discounts: ids.map(() => ""),
    });
    expect(await database.db.select().from(subscriptionOptionTerms)).toEqual([]);
  });
});
