import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema/email-outbox.ts";
import { testPaymentCharges } from "../../db/schema/test-payments.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { sendRenewalReminders } from "../../domain/subscriptions/renewals/renewal-reminders.ts";
import { runRenewals } from "../../domain/subscriptions/renewals/run-renewals.ts";
import { readSkipRenewalLink, skipRenewalByLink } from "../../domain/subscriptions/skip-renewal-link.ts";
import { AppError } from "../../kernel/app-error.ts";
import { addDaysToDate, DAY_MS, HOUR_MS } from "../../kernel/singapore-time.ts";
import { testContext } from "../setup/operation-context.ts";
import { recordingTestPayments } from "../setup/recording-payments.ts";
import { CARDS, dueSubscription, renewalRun, renewalsOf, subscriptionNow } from "../setup/subscription-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

describe(`reminders before a renewal, and their skip link (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let recording: ReturnType<typeof recordingTestPayments>;
  let day = 0;
  const nextDueAt = () => new Date(Date.UTC(2027, 5, 4 + 10 * day++, 2));

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    recording = recordingTestPayments(database.db);
  });
  afterAll(() => database.close());

  const remind = (at: Date) => sendRenewalReminders(renewalRun(database.db, recording, at), {});
  const remindersOf = (memberId: string) =>
    database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.memberId, memberId), eq(emailOutbox.kind, "subscription-reminder")));
  const anyone = (at: Date) => testContext(database.db, { now: () => at });

  it("reminds once, three days before, of the date and the amount the renewal then charges", async () => {
    const dueAt = nextDueAt();
    const subscription = await dueSubscription(database.db, recording, { dueAt, cardNumber: CARDS.renews });
    expect(await remind(new Date(dueAt.getTime() - 4 * DAY_MS))).toEqual({ reminded: 0 });
    const at = new Date(dueAt.getTime() - 3 * DAY_MS + HOUR_MS);
    const runs = await Promise.all([remind(at), remind(at), remind(new Date(at.getTime() + HOUR_MS))]);
    expect(runs.reduce((sum, run) => sum + run.reminded, 0)).toBe(1);
    const [reminder, ...more] = await remindersOf(subscription.memberId);
    expect(more).toEqual([]);
    expect(reminder?.data).toMatchObject({ dueOn: subscription.nextRenewalOn, item: expect.stringContaining("× 1") });

    await runRenewals(renewalRun(database.db, recording, dueAt), {});
    const [charge] = await database.db
      .select()
      .from(testPaymentCharges)
      .where(like(testPaymentCharges.idempotencyKey, `renewal:${subscription.id}:%`));
    expect(reminder?.data?.amountCents).toBe(charge?.amountCents);
    // The next date is reminded of in its turn.
    const next = new Date(dueAt.getTime() + 25 * DAY_MS);
    expect(await remind(next)).toEqual({ reminded: 1 });
  });

  it("skips the reminded date once from its link, and says so when the link is used again", async () => {
    const dueAt = nextDueAt();
    const subscription = await dueSubscription(database.db, recording, { dueAt, cardNumber: CARDS.renews });
    const before = new Date(dueAt.getTime() - 2 * DAY_MS);
    await remind(before);
    const token = String((await remindersOf(subscription.memberId))[0]?.data?.skipToken);
    const dueOn = subscription.nextRenewalOn;
    const nextRenewalOn = addDaysToDate(dueOn, 28);

    expect(await readSkipRenewalLink(anyone(before), { token })).toEqual({ state: "can_skip", dueOn, nextRenewalOn: dueOn });
    const skips = await Promise.all([skipRenewalByLink(anyone(before), { token }), skipRenewalByLink(anyone(before), { token })]);
    expect(skips).toEqual([
      { state: "skipped", dueOn, nextRenewalOn },
      { state: "skipped", dueOn, nextRenewalOn },
    ]);
    expect(await readSkipRenewalLink(anyone(before), { token })).toEqual({ state: "skipped", dueOn, nextRenewalOn });
    expect(await subscriptionNow(database.db, subscription.id)).toMatchObject({ nextRenewalOn, status: "active" });
    expect(await renewalsOf(database.db, subscription.id)).toEqual([expect.objectContaining({ dueOn, outcome: "skipped" })]);
    expect(await runRenewals(renewalRun(database.db, recording, dueAt), {})).toEqual({});

    const forged = `${token.slice(0, -2)}xx`;
    await expect(skipRenewalByLink(anyone(before), { token: forged })).rejects.toThrow(AppError);
  });
});
