import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { creditOrderToMember } from "../../domain/loyalty/order-points/order-points.ts";
import { loadProgrammeSchedule, programmeAt } from "../../domain/loyalty/programme/programme.ts";
import { discardProgrammeDraft } from "../../domain/loyalty/programme-drafts/discard-programme-draft.ts";
import { listProgrammeVersions } from "../../domain/loyalty/programme-drafts/list-programme-versions.ts";
import { previewProgrammeDraft } from "../../domain/loyalty/programme-drafts/preview-programme-draft.ts";
import { publishProgrammeDraft } from "../../domain/loyalty/programme-drafts/publish-programme-draft.ts";
import { saveProgrammeDraft } from "../../domain/loyalty/programme-drafts/save-programme-draft.ts";
import { startProgrammeDraft } from "../../domain/loyalty/programme-drafts/start-programme-draft.ts";
import { withdrawProgrammeVersion } from "../../domain/loyalty/programme-drafts/withdraw-programme-version.ts";
import { singaporeDate, singaporeDateTimeText } from "../../kernel/singapore-time.ts";
import { expectLedgerInvariant } from "../setup/ledger-invariant.ts";
import { createMember, insertPaidOrder } from "../setup/loyalty-fixtures.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { recordingJobs } from "../setup/recording-jobs.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A minute boundary `ms` or more from now: publishing is scheduled to the minute. */
const minuteFromNow = (ms: number) => new Date(Math.ceil((Date.now() + ms) / MINUTE) * MINUTE);
const plus = (at: Date, ms: number) => new Date(at.getTime() + ms);

describe(`versions scheduled for later (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase();
  });
  afterEach(() => database.close());

  const staff = (now: Date | (() => Date) = new Date()) =>
    testContext(database.db, { viewer: staffWith("programme"), now: typeof now === "function" ? now : () => now });
  const withdraw = (number: number, now?: Date | (() => Date)) => withdrawProgrammeVersion(staff(now), { number });
  const publishAt = (number: number, at: Date | null) =>
    publishProgrammeDraft(
      staff(),
      at
        ? { number, when: "scheduled", date: singaporeDate(at), time: singaporeDateTimeText(at).slice(11) }
        : { number, when: "now", date: "", time: "" },
    );
  /** A new draft with this gold multiplier. */
  async function draftWith(multiplier: number): Promise<number> {
    const { number } = await startProgrammeDraft(staff(), {});
    const draft = (await listProgrammeVersions(staff(), {})).find((entry) => entry.number === number);
    if (!draft) throw new Error("no draft");
    await saveProgrammeDraft(staff(), { number, rules: { ...draft.rules, gold: { ...draft.rules.gold, multiplier } } });
    return number;
  }
  const states = async () => (await listProgrammeVersions(staff(), {})).map((entry) => [entry.number, entry.state]);
  const row = async (number: number) =>
    (
      await queryRows<{ state: string; multiplier: number; effective_at: string | null; published_at: string | null }>(
        database.db,
        sql`select state, (rules->'gold'->>'multiplier')::float as multiplier, effective_at, published_at
            from programme_versions where number = ${number}`,
      )
    )[0];
  const audits = (action: string, number: number) =>
    queryRows<{ actor: string; before: Record<string, string>; after: Record<string, string> }>(
      database.db,
      sql`select actor_email as actor, before, after from audit_log
          where action = ${action} and target = ${`programme version ${number}`} order by created_at, id`,
    );

  it("withdraws a version scheduled for later back to a draft with its rules, until the moment it takes effect", async () => {
    const at = minuteFromNow(2 * HOUR);
    const two = await draftWith(2);
    await publishAt(two, at);
    expect(await withdraw(two)).toEqual({ number: two, effectiveAt: at });
    expect(await row(two)).toEqual({ state: "draft", multiplier: 2, effective_at: null, published_at: null });
    expect(await states()).toEqual([
      [two, "draft"],
      [1, "in force"],
    ]);
    const [audit] = await audits("programme.withdraw", two);
    expect(audit).toMatchObject({
      before: { Version: expect.stringMatching(/^2, in force from /) },
      after: { Version: "2, a draft again with its rules: withdrawn before it took effect" },
    });

    // Published again; while another draft is open, it stays scheduled.
    await publishAt(two, at);
    const three = await draftWith(3);
    await expect(withdraw(two)).rejects.toMatchObject({
      code: "CONFLICT",
      message: `Draft ${three} is open, and there is one draft at a time: publish or discard it, then withdraw version ${two}.`,
    });
    await discardProgrammeDraft(staff(), { number: three });

    // From the moment it takes effect, members' points and tiers follow it.
    for (const moment of [at, plus(at, MINUTE)]) {
      await expect(withdraw(two, moment)).rejects.toMatchObject({
        code: "CONFLICT",
        message: expect.stringMatching(/^Version 2 took effect on .* and can no longer be withdrawn/),
      });
    }
    await expect(withdraw(1)).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/^Version 1 took effect/),
    });
    await expect(withdraw(99)).rejects.toMatchObject({ code: "NOT_FOUND", message: "There is no version 99." });
    await expect(withdrawProgrammeVersion(staff(), { number: "two" as unknown as number })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
    const catalogue = testContext(database.db, { viewer: staffWith("catalog") });
    await expect(withdrawProgrammeVersion(catalogue, { number: two })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await row(two))?.state).toBe("published");
    // The database lets a published version back to a draft only whole.
    await expect(
      database.db.execute(
        sql`update programme_versions set state = 'draft', effective_at = null, published_at = null, rules = '{}'::jsonb where number = ${two}`,
      ),
    ).rejects.toMatchObject({ cause: { message: "programme version 2 is published and cannot be changed" } });
    expect(await audits("programme.withdraw", two)).toHaveLength(1);
  });

  it("lets one of two staff withdrawing at once do it, and one draft at a time when a draft is started at that moment", async () => {
    const two = await draftWith(2);
    await publishAt(two, minuteFromNow(HOUR));
    const outcomes = await Promise.allSettled([withdraw(two), withdraw(two)]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(outcomes.find((outcome) => outcome.status === "rejected")?.reason).toMatchObject({
      code: "CONFLICT",
      message: `Version ${two} is a draft, not a published version: there is nothing to withdraw.`,
    });
    expect(await audits("programme.withdraw", two)).toHaveLength(1);

    await publishAt(two, minuteFromNow(HOUR));
    const raced = await Promise.allSettled([withdraw(two), startProgrammeDraft(staff(), {})]);
    expect(raced.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(raced.find((outcome) => outcome.status === "rejected")?.reason).toMatchObject({ code: "CONFLICT" });
    expect((await states()).filter(([, state]) => state === "draft")).toHaveLength(1);
  });

  it("races the moment it takes effect: every order records the version in force at its time, as the schedule stands after", async () => {
    const outcomes: string[] = [];
    // A round for each start of the clock: the withdrawal reading it before or after the version takes effect.
    for (const [round, ticksBefore] of [24, 8].entries()) {
      const at = minuteFromNow((round + 1) * HOUR);
      const draft = (await listProgrammeVersions(staff(), {})).find((entry) => entry.state === "draft")?.number;
      const version = draft ?? (await draftWith(2 + round));
      await publishAt(version, at);
      // One clock for everyone, a millisecond a reading.
      let tick = at.getTime() - ticksBefore;
      const clock = () => new Date(tick++);
      const members = await Promise.all(Array.from({ length: 16 }, () => createMember(database.db)));
      const orders = await Promise.all(members.map(() => insertPaidOrder(database.db, { subtotalCents: 10_000 })));
      const credit = (memberId: string, order: (typeof orders)[number]) =>
        database.db.transaction((tx) =>
          creditOrderToMember(tx, recordingJobs().jobs, { memberId, order, creditPoints: true, at: clock() }),
        );
      const [withdrawal, ...credits] = await Promise.allSettled([
        withdraw(version, clock),
        ...members.map((member, index) => credit(member.id, orders[index] as (typeof orders)[number])),
      ]);
      expect(credits.every((outcome) => outcome.status === "fulfilled")).toBe(true);
      const recorded = await queryRows<{ version: number }>(
        database.db,
        sql`select programme_version as version from point_transactions
            where activity_type = 'order' and member_id in ${members.map((member) => member.id)}`,
      );
      if (withdrawal?.status === "fulfilled") {
        expect(recorded.map((entry) => entry.version)).not.toContain(version);
        expect((await row(version))?.state).toBe("draft");
      } else {
        expect(withdrawal?.reason).toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/took effect/) });
        expect((await row(version))?.state).toBe("published");
      }
      outcomes.push(withdrawal?.status ?? "");
    }
    const schedule = await loadProgrammeSchedule(database.db);
    const entries = await queryRows<{ version: number; at: string }>(
      database.db,
      sql`select programme_version as version, transaction_at as at from point_transactions where activity_type = 'order'`,
    );
    expect(entries).toHaveLength(32);
    for (const entry of entries) expect(entry.version).toBe(programmeAt(schedule, new Date(entry.at)).number);
    await expectLedgerInvariant(database.db);
  });

  it("publishes now while a version is scheduled: the scheduled one goes back to a draft, as the preview says", async () => {
    const at = minuteFromNow(2 * HOUR);
    const two = await draftWith(2);
    await publishAt(two, at);
    const three = await draftWith(3);
    const preview = await previewProgrammeDraft(staff(), { number: three, sampleCents: 10_000 });
    expect(preview).toMatchObject({ inForce: 1, scheduled: [{ number: two, effectiveAt: at }] });

    expect(await publishAt(three, null)).toMatchObject({ number: three, follows: 1, withdrew: two });
    expect(await states()).toEqual([
      [two, "draft"],
      [three, "in force"],
      [1, "superseded"],
    ]);
    expect(await row(two)).toMatchObject({ state: "draft", multiplier: 2 });
    expect(programmeAt(await loadProgrammeSchedule(database.db), plus(at, MINUTE)).number).toBe(three);
    const [withdrawn] = await audits("programme.withdraw", two);
    expect(withdrawn?.after).toEqual({ Version: "2, a draft again with its rules: version 3 takes effect before it" });
    const [published] = await audits("programme.publish", three);
    expect(published?.before).toMatchObject({ Version: "1", "Gold multiplier": "1.5×" });

    // Scheduled again, it follows the version that took its place.
    expect(await publishAt(two, at)).toMatchObject({ number: two, follows: three, withdrew: null });
    const later = plus(at, HOUR);
    const four = await draftWith(4);
    await publishAt(four, later);
    const five = await draftWith(5);
    await expect(publishAt(five, null)).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { date: expect.stringMatching(/^Versions 2 and 4 are scheduled after that time.*withdraw version 4 first/) },
    });
    expect(await publishAt(five, plus(at, MINUTE))).toMatchObject({ follows: two, withdrew: four });
    await expect(publishAt(four, plus(at, MINUTE))).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { date: expect.stringMatching(/^Version 5 takes effect at that very time/) },
    });
    expect(await states()).toEqual([
      [four, "draft"],
      [five, "scheduled"],
      [two, "scheduled"],
      [three, "in force"],
      [1, "superseded"],
    ]);
  });
});
