import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedRewards } from "../../db/seed/rewards.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { getDashboard } from "../../domain/dashboard/get-dashboard.ts";
import { listUnsentExpiryWarnings, markExpiryWarningSent } from "../../domain/loyalty/expiry/expiry-warnings.ts";
import { getPointsExpiry } from "../../domain/loyalty/expiry/get-points-expiry.ts";
import { restoreExpiredPoints } from "../../domain/loyalty/expiry/restore-expired-points.ts";
import { discardProgrammeDraft } from "../../domain/loyalty/programme-drafts/discard-programme-draft.ts";
import { listProgrammeVersions } from "../../domain/loyalty/programme-drafts/list-programme-versions.ts";
import { previewProgrammeDraft } from "../../domain/loyalty/programme-drafts/preview-programme-draft.ts";
import { saveProgrammeDraft } from "../../domain/loyalty/programme-drafts/save-programme-draft.ts";
import { startProgrammeDraft } from "../../domain/loyalty/programme-drafts/start-programme-draft.ts";
import { addRedeemToBag } from "../../domain/loyalty/rewards/redeems/add-redeem-to-bag.ts";
import { runLoyaltyMaintenance } from "../../domain/loyalty/upkeep/maintenance.ts";
import { creditAt, expiriesOf, publishRulesAt, sgt } from "../setup/expiry-fixtures.ts";
import { checkLedgerAfterEach } from "../setup/ledger-invariant.ts";
import { asJob, asMember, createMember, memberState } from "../setup/loyalty-fixtures.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

/** Version 2 switches expiry on: 2 months without earning or redeeming, warned 30 and 3 days before. */
const EXPIRY_ON = sgt("2030-01-01 00:00");

describe(`points expiry (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  const db = () => database.db;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    await seedRewards(database.db);
  });
  checkLedgerAfterEach(db);
  afterAll(() => database.close());

  const maintain = (at: Date) =>
    runLoyaltyMaintenance(
      asJob(db(), () => at),
      {},
    );
  const expiryOf = (memberId: string, at: Date) => getPointsExpiry(asMember(db(), memberId, { now: () => at }), { memberId });
  const warnings = (memberId: string) =>
    queryRows<{ expiresOn: string; daysBefore: number; points: number }>(
      db(),
      sql`select expires_on as "expiresOn", days_before as "daysBefore", points from expiry_warnings
          where member_id = ${memberId} order by created_at`,
    );

  let early: { id: string; email: string };

  it("expires nothing under version 1, then under a version with expiry warns once per warning day and writes the balance off once on its date", async () => {
    early = await createMember(db(), sgt("2029-06-01 10:00"));
    const before = await maintain(sgt("2029-12-01 09:00"));
    expect(before.points).toEqual({ expired: 0, pointsExpired: 0, warnings: 0 });
    expect(await expiryOf(early.id, sgt("2029-12-01 09:00"))).toBeNull();

    await publishRulesAt(db(), EXPIRY_ON, (rules) => ({
      ...rules,
      redeemHoldDays: 90,
      expiry: { months: 2, warningDays: [30, 3] },
    }));
    const later = await createMember(db(), sgt("2030-01-15 12:00"));
    // The clock of a member last active under version 1 starts when expiry was switched on.
    expect(await expiryOf(early.id, sgt("2030-01-20 09:00"))).toMatchObject({ points: 50, expiresOn: "2030-03-01" });
    expect(await expiryOf(later.id, sgt("2030-01-20 09:00"))).toMatchObject({ points: 50, expiresOn: "2030-03-15" });

    await maintain(sgt("2030-01-29 09:00"));
    expect(await warnings(early.id)).toEqual([]);
    await maintain(sgt("2030-01-30 09:00"));
    await maintain(sgt("2030-01-30 09:10"));
    await maintain(sgt("2030-02-26 09:00"));
    expect(await warnings(early.id)).toEqual([
      { expiresOn: "2030-03-01", daysBefore: 30, points: 50 },
      { expiresOn: "2030-03-01", daysBefore: 3, points: 50 },
    ]);

    // Each warning is emailed once, by the runs that recorded it: none is left unsent.
    const emailed = await queryRows<{ memberId: string; subjectKey: string }>(
      db(),
      sql`select member_id as "memberId", subject_key as "subjectKey" from email_outbox where kind = 'points-expiring'`,
    );
    // The later member's 30-day warning came on the same run as the early member's 3-day one.
    const rows = emailed.map((email) => [email.memberId, email.subjectKey.split(":").at(-1)]);
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(
      expect.arrayContaining([
        [early.id, "30"],
        [early.id, "3"],
        [later.id, "30"],
      ]),
    );
    const job = asJob(db(), () => sgt("2030-02-27 09:00"));
    expect(await listUnsentExpiryWarnings(job, {})).toEqual([]);
    const [sent] = await queryRows<{ id: string }>(
      db(),
      sql`select id from expiry_warnings where member_id = ${early.id} limit 1`,
    );
    expect(await db().transaction((tx) => markExpiryWarningSent(tx, sent?.id ?? ""))).toBe(false);
    await expect(listUnsentExpiryWarnings(asMember(db(), early.id), {})).rejects.toMatchObject({ code: "FORBIDDEN" });

    // Earning moves the date on.
    await creditAt(db(), later, 10, sgt("2030-02-26 10:00"));
    expect(await expiryOf(later.id, sgt("2030-02-27 09:00"))).toMatchObject({ points: 60, expiresOn: "2030-04-26" });

    // Three runs at once on the expiry date: one write-off.
    const runs = await Promise.all([1, 2, 3].map(() => maintain(sgt("2030-03-01 00:05"))));
    expect(runs.reduce((sum, run) => sum + run.points.pointsExpired, 0)).toBe(50);
    await maintain(sgt("2030-03-01 00:15"));
    expect(await expiriesOf(db(), early.id)).toEqual([
      expect.objectContaining({
        points: 50,
        key: `expiry:${early.id}:2030-03-01`,
        version: 2,
        meta: { expiresOn: "2030-03-01" },
      }),
    ]);
    expect(await memberState(db(), early.id)).toMatchObject({ points: 0 });
    expect(await expiryOf(early.id, sgt("2030-03-01 00:15"))).toBeNull();
    expect(await memberState(db(), later.id)).toMatchObject({ points: 60 });
    // From the expiry date on, nothing is left to warn about.
    expect(
      await listUnsentExpiryWarnings(
        asJob(db(), () => sgt("2030-03-01 00:20")),
        {},
      ),
    ).toEqual([]);
  });

  it("lets staff with the points permission restore an expiry once, with a reason, audited, for a full period", async () => {
    const [expiry] = await expiriesOf(db(), early.id);
    if (!expiry) throw new Error("no expiry");
    const at = sgt("2030-03-05 10:00");
    const staff = testContext(db(), { viewer: staffWith("points"), now: () => at });
    const input = { memberId: early.id, entryId: expiry.id, reason: "Member was travelling" };
    await expect(restoreExpiredPoints(testContext(db(), { viewer: staffWith("orders") }), input)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(restoreExpiredPoints(staff, { ...input, reason: " " })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    expect(await restoreExpiredPoints(staff, input)).toEqual({ points: 50, restored: 50 });
    await expect(restoreExpiredPoints(staff, input)).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await memberState(db(), early.id)).toMatchObject({ points: 50 });
    const audit = await queryRows<{ action: string; after: { reason: string; restored: number } }>(
      db(),
      sql`select action, after from audit_log where target = ${early.id}`,
    );
    expect(audit).toEqual([
      { action: "member.expiry-restore", after: expect.objectContaining({ reason: "Member was travelling", restored: 50 }) },
    ]);
    expect(await expiryOf(early.id, at)).toMatchObject({ points: 50, expiresOn: "2030-05-05" });
  });

  it("finishes a run that failed half-way: every member written off once", async () => {
    const group = [];
    for (const hour of ["09", "10", "11", "12"]) group.push(await createMember(db(), sgt(`2030-04-10 ${hour}:00`)));
    const stuck = group[2] as { id: string };
    // The third member's write-off fails, as if the process died there.
    await db().execute(
      sql.raw(`create function refuse_expiry() returns trigger language plpgsql as $$
      begin if new.activity_type = 'expired' and new.member_id = '${stuck.id}' then raise exception 'process died'; end if; return new; end $$`),
    );
    await db().execute(
      sql.raw(`create trigger refuse_expiry before insert on point_transactions for each row execute function refuse_expiry();`),
    );
    const errors: unknown[] = [];
    const job = (at: Date) =>
      testContext(db(), {
        viewer: { kind: "system", job: "loyalty-maintenance" },
        now: () => at,
        log: { info: () => {}, warn: () => {}, error: (details) => errors.push(details) },
      });
    await expect(runLoyaltyMaintenance(job(sgt("2030-06-10 00:05")), {})).rejects.toThrow(/1 member\(s\) failed/);
    expect(errors).toHaveLength(1);
    expect((await expiriesOf(db(), stuck.id)).length).toBe(0);
    await db().execute(sql.raw("drop trigger refuse_expiry on point_transactions"));

    await Promise.all([1, 2].map(() => runLoyaltyMaintenance(job(sgt("2030-06-10 00:15")), {})));
    for (const member of group) {
      expect(await expiriesOf(db(), member.id)).toEqual([
        expect.objectContaining({ points: 50, key: `expiry:${member.id}:2030-06-10` }),
      ]);
    }
  });

  it("never writes off a reward's points in the bag, and gives points back after the date a period of their own", async () => {
    const member = await createMember(db(), sgt("2030-07-01 10:00"));
    await creditAt(db(), member, 200, sgt("2030-07-01 10:00"));
    const taken = sgt("2030-07-02 10:00");
    await addRedeemToBag(asMember(db(), member.id, { now: () => taken }), {
      memberId: member.id,
      meta: { optionId: "op-mpu_ba-1pu" },
    });
    // Taking a reward is redeeming: the clock starts again.
    expect(await expiryOf(member.id, taken)).toMatchObject({ points: 100, expiresOn: "2030-09-02" });

    await maintain(sgt("2030-09-02 00:05"));
    expect((await expiriesOf(db(), member.id)).map((entry) => entry.points)).toEqual([100]);

    // The reward's hold (90 days) ends after the expiry date: its 150 points come back, and stay.
    await maintain(sgt("2030-10-01 00:05"));
    await maintain(sgt("2030-10-01 00:15"));
    expect(await memberState(db(), member.id)).toMatchObject({ points: 150 });
    expect(await expiryOf(member.id, sgt("2030-10-01 00:15"))).toMatchObject({ points: 150, expiresOn: "2030-12-01" });

    await maintain(sgt("2030-12-01 00:05"));
    const expired = await expiriesOf(db(), member.id);
    expect(expired.map((entry) => entry.points)).toEqual([100, 150]);
    // Every point the member held expired once: none twice, none lost.
    expect(await memberState(db(), member.id)).toMatchObject({ points: 0 });
  });

  it("leaves points whose date has come out of the dashboard's liability, and counts those expired and expiring", async () => {
    const due = await createMember(db(), sgt("2030-12-10 10:00"));
    const soon = await createMember(db(), sgt("2030-12-20 10:00"));
    const dashboardAt = (at: Date) => getDashboard(testContext(db(), { viewer: staffWith("points"), now: () => at }), {});
    const [{ total }] = (await queryRows<{ total: number }>(db(), sql`select sum(points)::int as total from members`)) as [
      { total: number },
    ];
    // On the expiry date, before the scheduled work has run.
    const before = await dashboardAt(sgt("2031-02-10 00:02"));
    expect(before.outstandingPoints).toBe(total - 50);
    expect(before.expiringSoon).toEqual({ days: 30, members: 1, points: 50 });
    expect(before.periods[0]?.pointsExpired).toBe(0);

    await maintain(sgt("2031-02-10 00:05"));
    const after = await dashboardAt(sgt("2031-02-10 00:10"));
    expect(after.outstandingPoints).toBe(total - 50);
    expect(after.periods[0]?.pointsExpired).toBe(50);
    expect(await memberState(db(), due.id)).toMatchObject({ points: 0 });
    expect(await memberState(db(), soon.id)).toMatchObject({ points: 50 });

    // A draft switching expiry off would save the member due next; its preview says so.
    const at = sgt("2031-02-10 00:10");
    const staff = testContext(db(), { viewer: staffWith("programme"), now: () => at });
    const { number } = await startProgrammeDraft(staff, {});
    const [draft] = await listProgrammeVersions(staff, {});
    if (!draft) throw new Error("no draft");
    await saveProgrammeDraft(staff, { number, rules: { ...draft.rules, expiry: { months: null, warningDays: [30, 3] } } });
    const preview = await previewProgrammeDraft(staff, { number, sampleCents: 10_000 });
    expect(preview.expiry).toEqual({ days: 30, current: { members: 1, points: 50 }, draft: { members: 0, points: 0 } });
    await discardProgrammeDraft(staff, { number });
  });
});
