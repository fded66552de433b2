import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { optionSkus, purchaseOptions } from "../../db/schema/catalog.ts";
import { emailOutbox } from "../../db/schema/email-outbox.ts";
import { stockLevels } from "../../db/schema/stock.ts";
import { subscriptionSettings, subscriptions } from "../../db/schema/subscriptions.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { endPauses } from "../../domain/subscriptions/manage/end-pauses.ts";
import { pauseSubscription } from "../../domain/subscriptions/manage/pause-subscription.ts";
import { sendRenewalReminders } from "../../domain/subscriptions/renewals/renewal-reminders.ts";
import { getSubscriptionForStaff } from "../../domain/subscriptions/staff/subscription-for-staff.ts";
import { addDaysToDate, DAY_MS, HOUR_MS } from "../../kernel/singapore-time.ts";
import { memberViewer, staffWith, testContext } from "../setup/operation-context.ts";
import { recordingTestPayments } from "../setup/recording-payments.ts";
import { CARDS, dueSubscription, LUNA, renewalRun, runRenewalsAt, subscriptionNow } from "../setup/subscription-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

describe(`a subscription's member is told what happens to it (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let recording: ReturnType<typeof recordingTestPayments>;
  // Each test's subscriptions fall due in a month of their own, so one test's runs touch no other's.
  let month = 0;
  const nextDueAt = () => new Date(Date.UTC(2028, month++, 1, 2));
  const days = (from: Date, count: number) => new Date(from.getTime() + count * DAY_MS);

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    recording = recordingTestPayments(database.db);
  });
  afterAll(() => database.close());

  const run = (at: Date, adminEmail: string | null = null) => runRenewalsAt(database.db, recording, at, adminEmail);
  const endPausesAt = (at: Date) =>
    endPauses(testContext(database.db, { viewer: { kind: "system", job: "end-pauses" }, now: () => at }), {});
  const pause = (subscription: { id: string; memberId: string }, at: Date, until: string) =>
    pauseSubscription(testContext(database.db, { viewer: memberViewer(subscription.memberId), now: () => at }), {
      subscriptionId: subscription.id,
      until,
    });
  const emailsOf = (memberId: string, kind: string) =>
    database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.memberId, memberId), eq(emailOutbox.kind, kind as "renewal-not-charged")))
      .orderBy(emailOutbox.createdAt);
  const eventsOf = (subscriptionId: string, type: string) =>
    queryRows<{ data: Record<string, unknown> }>(
      database.db,
      sql`select data from shop_events where type = ${type} and data->>'subscriptionId' = ${subscriptionId}`,
    );
  /** Ends a test's subscriptions, so the next test's runs renew none of them. */
  const retire = (...ids: string[]) =>
    database.db.update(subscriptions).set({ status: "cancelled" }).where(inArray(subscriptions.id, ids));
  /** Runs `during` with Luna switched off, or with every box of it held by others. */
  async function lunaUnsellable<T>(how: "switched_off" | "sold_out", during: () => Promise<T>): Promise<T> {
    const skus = (await database.db.select().from(optionSkus).where(eq(optionSkus.optionId, LUNA))).map((row) => row.skuId);
    const levels = await database.db.select().from(stockLevels).where(inArray(stockLevels.skuId, skus));
    if (how === "switched_off")
      await database.db.update(purchaseOptions).set({ active: false }).where(eq(purchaseOptions.optionId, LUNA));
    else
      await database.db
        .update(stockLevels)
        .set({ held: sql`${stockLevels.onHand}` })
        .where(inArray(stockLevels.skuId, skus));
    try {
      return await during();
    } finally {
      await database.db.update(purchaseOptions).set({ active: true }).where(eq(purchaseOptions.optionId, LUNA));
      for (const level of levels)
        await database.db.update(stockLevels).set({ held: level.held }).where(eq(stockLevels.skuId, level.skuId));
    }
  }

  it("ends a pause on its day once however many runs race, with the next box as resuming decides, told and recorded", async () => {
    const dueAt = nextDueAt();
    const ending = await dueSubscription(database.db, recording, { dueAt, cardNumber: CARDS.renews });
    const indefinite = await dueSubscription(database.db, recording, { dueAt, cardNumber: CARDS.renews });
    const until = addDaysToDate(ending.nextRenewalOn, 9);
    await pause(ending, days(dueAt, -2), until);
    await pause(indefinite, days(dueAt, -2), "");

    expect(await endPausesAt(days(dueAt, 8))).toEqual({ resumed: 0 });
    const onItsDay = days(dueAt, 9);
    const runs = await Promise.all([
      endPausesAt(onItsDay),
      endPausesAt(onItsDay),
      endPausesAt(new Date(onItsDay.getTime() + HOUR_MS)),
    ]);
    expect(runs.reduce((sum, { resumed }) => sum + resumed, 0)).toBe(1);

    expect(await subscriptionNow(database.db, ending.id)).toMatchObject({
      status: "active",
      pausedUntil: null,
      nextRenewalOn: addDaysToDate(until, 1),
    });
    expect(await subscriptionNow(database.db, indefinite.id)).toMatchObject({ status: "paused", pausedUntil: null });
    expect(await eventsOf(ending.id, "subscription.resumed")).toEqual([
      { data: expect.objectContaining({ status: "active", changedBy: "schedule", nextRenewalOn: addDaysToDate(until, 1) }) },
    ]);
    const told = await emailsOf(ending.memberId, "subscription-changed");
    expect(told.map((email) => email.data?.change)).toEqual([
      expect.stringContaining("paused until"),
      expect.stringMatching(/^Your pause ended on .+, so your subscription is running again\.$/),
    ]);
    expect(await run(onItsDay)).toEqual({});
    expect(await run(days(onItsDay, 1))).toEqual({ paid: 1 });
    await retire(ending.id, indefinite.id);
  });

  it("tells of a box not sent once per date, with what comes next: tried again each day, or skipped to the next date", async () => {
    const dueAt = nextDueAt();
    const subscription = await dueSubscription(database.db, recording, { dueAt, cardNumber: CARDS.renews });
    const dueOn = subscription.nextRenewalOn;
    await lunaUnsellable("sold_out", async () => {
      expect(await run(dueAt)).toEqual({ delayed: 1 });
      expect(await run(days(dueAt, 1))).toEqual({ delayed: 1 });
      expect(await run(days(dueAt, 1))).toEqual({});
    });
    expect(await run(days(dueAt, 2))).toEqual({ paid: 1 });
    const next = addDaysToDate(dueOn, 2 + 28);
    await database.db.insert(subscriptionSettings).values({ soldOutRule: "skip" });
    try {
      await lunaUnsellable("switched_off", async () => {
        expect(await run(days(dueAt, 30))).toEqual({ skipped: 1 });
      });
    } finally {
      await database.db.delete(subscriptionSettings);
    }
    const told = await emailsOf(subscription.memberId, "renewal-not-charged");
    expect(told.map((email) => [email.subjectKey, email.data])).toEqual([
      [
        `${subscription.id}:${dueOn}`,
        {
          item: expect.stringContaining("× 1"),
          dueOn,
          why: "sold_out",
          outcome: "delayed",
          nextRenewalOn: addDaysToDate(dueOn, 1),
        },
      ],
      [
        `${subscription.id}:${next}`,
        {
          item: expect.stringContaining("× 1"),
          dueOn: next,
          why: "not_offered",
          outcome: "skipped",
          nextRenewalOn: addDaysToDate(next, 28),
        },
      ],
    ]);
    await retire(subscription.id);
  });

  it("lists every email about a subscription on its back-office page: changes, reminders, boxes not sent, declines and the admin's alert", async () => {
    const dueAt = nextDueAt();
    const subscription = await dueSubscription(database.db, recording, { dueAt, cardNumber: CARDS.declines });
    await pause(subscription, days(dueAt, -5), addDaysToDate(subscription.nextRenewalOn, -2));
    await endPausesAt(days(dueAt, -2));
    const remindAt = days(dueAt, -1);
    await sendRenewalReminders(renewalRun(database.db, recording, remindAt), {});
    await lunaUnsellable("switched_off", () => run(dueAt));
    for (const after of [1, 2, 4, 6]) await run(new Date(days(dueAt, after).getTime() + HOUR_MS), "admin@shop.test");
    expect(await subscriptionNow(database.db, subscription.id)).toMatchObject({ status: "payment_failed" });

    const staff = testContext(database.db, { viewer: staffWith("subscriptions") });
    const { emails } = await getSubscriptionForStaff(staff, { subscriptionId: subscription.id });
    const kinds = emails.map((email) => email.kind).sort();
    expect(kinds).toEqual([
      "renewal-declined",
      "renewal-declined",
      "renewal-declined",
      "renewal-declined",
      "renewal-not-charged",
      "subscription-changed",
      "subscription-changed",
      "subscription-payment-failed",
      "subscription-reminder",
    ]);
  });
});
