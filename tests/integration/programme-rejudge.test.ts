import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { creditOrderToMember } from "../../domain/loyalty/order-points/order-points.ts";
import type { ProgrammeRules } from "../../domain/loyalty/programme/programme-rules.ts";
import { listProgrammeVersions } from "../../domain/loyalty/programme-drafts/list-programme-versions.ts";
import { previewProgrammeDraft } from "../../domain/loyalty/programme-drafts/preview-programme-draft.ts";
import { publishProgrammeDraft } from "../../domain/loyalty/programme-drafts/publish-programme-draft.ts";
import { saveProgrammeDraft } from "../../domain/loyalty/programme-drafts/save-programme-draft.ts";
import { startProgrammeDraft } from "../../domain/loyalty/programme-drafts/start-programme-draft.ts";
import { rejudgeTiers } from "../../domain/loyalty/tiers/rejudge-tiers.ts";
import { runLoyaltyMaintenance } from "../../domain/loyalty/upkeep/maintenance.ts";
import { expectLedgerInvariant } from "../setup/ledger-invariant.ts";
import { asJob, createMember, insertPaidOrder, memberState } from "../setup/loyalty-fixtures.ts";
import { noJobQueue, staffWith, testContext } from "../setup/operation-context.ts";
import { recordingJobs } from "../setup/recording-jobs.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

const JOINED = new Date("2026-01-01T00:00:00Z");
const BOUGHT = new Date("2026-02-01T00:00:00Z");
const MINUTE = 60_000;
const plus = (at: Date, ms: number) => new Date(at.getTime() + ms);

describe(`tier policies on publishing (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterEach(() => expectLedgerInvariant(database.db));
  afterAll(() => database.close());

  const staff = (now: Date) => testContext(database.db, { viewer: staffWith("programme"), now: () => now });

  async function buy(memberId: string, subtotalCents: number, at = BOUGHT) {
    const order = await insertPaidOrder(database.db, { subtotalCents });
    return database.db.transaction((tx) =>
      creditOrderToMember(tx, recordingJobs().jobs, { memberId, order, creditPoints: true, at }),
    );
  }
  async function memberWhoSpent(subtotalCents: number) {
    const member = await createMember(database.db, JOINED);
    await buy(member.id, subtotalCents);
    return member;
  }

  /** A draft of the next version with this gold threshold and tier policy, previewed and published at `at`. */
  async function publishWith(thresholdCents: number, tierPolicy: ProgrammeRules["tierPolicy"], at: Date) {
    const { number } = await startProgrammeDraft(staff(at), {});
    const [draft] = await listProgrammeVersions(staff(at), {});
    if (!draft) throw new Error("no draft");
    const rules = { ...draft.rules, tierPolicy, gold: { ...draft.rules.gold, thresholdCents } };
    await saveProgrammeDraft(staff(at), { number, rules });
    const preview = await previewProgrammeDraft(staff(at), { number, sampleCents: 10_000 });
    await publishProgrammeDraft(staff(at), { number, when: "now", date: "", time: "" });
    return { number, preview };
  }

  it("rejudges every member once when the version takes effect, as its preview said", async () => {
    const nearlyGold = await memberWhoSpent(29_000);
    const short = await memberWhoSpent(10_000);
    const gold = await memberWhoSpent(30_000);
    expect((await memberState(database.db, gold.id)).membershipStatus).toBe("gold");
    const points = (await memberState(database.db, nearlyGold.id)).points;

    const lowered = new Date("2026-03-01T00:00:00Z");
    const { number, preview } = await publishWith(28_000, "rejudge", lowered);
    expect(preview).toMatchObject({ members: { green: 2, gold: 1 }, atPublish: { greenToGold: 1, goldToGreen: 0 } });
    // Three processes at once, in batches of one member: each member is judged by exactly one of them.
    const runs = await Promise.all([1, 2, 3].map(() => rejudgeTiers(database.db, noJobQueue, plus(lowered, MINUTE), 1)));
    expect(runs.reduce((sum, run) => sum + run.promoted, 0)).toBe(1);
    expect(await memberState(database.db, nearlyGold.id)).toMatchObject({
      membershipStatus: "gold",
      goldStartAt: lowered,
      points,
    });
    expect((await memberState(database.db, short.id)).membershipStatus).toBe("green");
    const [judged] = await queryRows<{ at: Date | null }>(
      database.db,
      sql`select tiers_judged_at as at from programme_versions where number = ${number}`,
    );
    expect(new Date(judged?.at ?? 0)).toEqual(plus(lowered, MINUTE));

    const raised = new Date("2026-04-01T00:00:00Z");
    const second = await publishWith(40_000, "rejudge", raised);
    expect(second.preview.atPublish).toEqual({ greenToGold: 0, goldToGreen: 2 });
    const job = await runLoyaltyMaintenance(
      asJob(database.db, () => plus(raised, MINUTE)),
      {},
    );
    expect(job.rejudged).toEqual({ promoted: 0, demoted: 2 });
    // Back to green with the spend window restarting when the version took effect; no point taken away.
    for (const member of [gold, nearlyGold]) {
      expect(await memberState(database.db, member.id)).toMatchObject({ membershipStatus: "green", goldStartAt: null });
    }
    expect((await memberState(database.db, nearlyGold.id)).points).toBe(points);
    const [windowStart] = await queryRows<{ at: Date }>(
      database.db,
      sql`select tier_window_start_at as at from members where id = ${gold.id}`,
    );
    expect(new Date(windowStart?.at ?? 0)).toEqual(raised);

    // Judged once: a later run leaves alone a member that version's rule would now move.
    await database.db.execute(
      sql`update members set membership_status = 'gold', gold_start_at = ${JOINED.toISOString()}::timestamptz where id = ${short.id}`,
    );
    expect(
      (
        await runLoyaltyMaintenance(
          asJob(database.db, () => plus(raised, 2 * MINUTE)),
          {},
        )
      ).rejudged,
    ).toEqual({
      promoted: 0,
      demoted: 0,
    });
    expect((await memberState(database.db, short.id)).membershipStatus).toBe("gold");
    await database.db.execute(sql`update members set membership_status = 'green', gold_start_at = null where id = ${short.id}`);
  });

  it("keeps tiers on publishing under 'keep'; the new rule applies at a member's next order", async () => {
    const stays = await memberWhoSpent(15_000);
    const at = new Date("2026-05-01T00:00:00Z");
    const { preview } = await publishWith(12_000, "keep", at);
    // S$150 reaches the new S$120 threshold; the members the last version made green have spent nothing since.
    expect(preview.atNextOrder).toBe(1);
    expect(
      (
        await runLoyaltyMaintenance(
          asJob(database.db, () => plus(at, MINUTE)),
          {},
        )
      ).rejudged,
    ).toEqual({ promoted: 0, demoted: 0 });
    expect((await memberState(database.db, stays.id)).membershipStatus).toBe("green");
    await buy(stays.id, 500, plus(at, 2 * MINUTE));
    expect(await memberState(database.db, stays.id)).toMatchObject({
      membershipStatus: "gold",
      goldStartAt: plus(at, 2 * MINUTE),
    });
  });

  it("previews the points of a sample bag and of the last 30 days' member orders under each version", async () => {
    const member = await createMember(database.db);
    const at = new Date();
    await buy(member.id, 12_345, at);
    const { number } = await startProgrammeDraft(staff(at), {});
    const [draft] = await listProgrammeVersions(staff(at), {});
    if (!draft) throw new Error("no draft");
    const rules = {
      ...draft.rules,
      earning: { ...draft.rules.earning, pointsPerDollar: 2 },
      gold: { ...draft.rules.gold, multiplier: 2 },
      subscriptions: { renewalMultiplier: 1.5, renewalBonusPoints: 25, bonusEveryRenewals: 6 },
    };
    await saveProgrammeDraft(staff(at), { number, rules });
    const preview = await previewProgrammeDraft(staff(at), { number, sampleCents: 8_550 });
    expect(preview.sample.rows).toEqual([
      { tier: "green", current: 85, draft: 170 },
      { tier: "gold", current: 127, draft: 340 },
    ]);
    // As a first renewal: half as many again and the bonus under the draft; as any order under the version in force.
    expect(preview.sample.renewalRows).toEqual([
      { tier: "green", current: 85, draft: 170 + 85 + 25 },
      { tier: "gold", current: 127, draft: 340 + 170 + 25 },
    ]);
    expect(preview.copy.texts.find((text) => text.where.startsWith("Earn page and subscriptions"))).toMatchObject({
      draft:
        "Subscription renewals count towards gold like any order, and earn 1.5 times the points of the order and bring 25 points more on your first renewal and every 6th.",
    });
    // The one order of the last 30 days: S$123 by a gold member (the S$120 threshold of version 4 promoted them).
    expect(preview.liability).toEqual({ days: 30, orders: 1, currentPoints: 184, draftPoints: 492 });
    expect(preview.copy.texts.find((text) => text.where.startsWith("Sign-in page"))).toEqual({
      where: "Sign-in page: what an order earns",
      current: "Earn 1 point for every S$1 you spend",
      draft: "Earn 2 points for every S$1 you spend",
    });
  });
});
