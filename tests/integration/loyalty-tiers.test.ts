import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { redeems } from "../../db/schema/rewards.ts";
import { creditOrderToMember } from "../../domain/loyalty/order-points/order-points.ts";
import { createEarnPointTransaction } from "../../domain/loyalty/points/earn-points.ts";
import { recordPointEntry } from "../../domain/loyalty/points/point-ledger.ts";
import { resetMembership } from "../../domain/loyalty/points/reset-membership.ts";
import { getGoldProgress } from "../../domain/loyalty/tiers/get-gold-progress.ts";
import { runLoyaltyMaintenance } from "../../domain/loyalty/upkeep/maintenance.ts";
import { expectLedgerInvariant } from "../setup/ledger-invariant.ts";
import { asJob, asMember, createMember, insertPaidOrder, memberState } from "../setup/loyalty-fixtures.ts";
import { noJobQueue } from "../setup/operation-context.ts";
import { recordingJobs } from "../setup/recording-jobs.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

const JOINED = new Date("2026-01-01T00:00:00Z");
const PROMOTED = new Date("2026-02-01T00:00:00Z");
const YEAR_END = new Date("2027-02-01T00:00:00Z");
const plus = (at: Date, ms: number) => new Date(at.getTime() + ms);
const DAY = 24 * 60 * 60 * 1000;

describe(`tiers and the maintenance job (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterEach(() => expectLedgerInvariant(database.db));
  afterAll(() => database.close());

  async function buy(memberId: string, subtotalCents: number, at: Date) {
    const order = await insertPaidOrder(database.db, { subtotalCents });
    return database.db.transaction((tx) =>
      creditOrderToMember(tx, recordingJobs().jobs, { memberId, order, creditPoints: true, at }),
    );
  }

  /** A member who became gold at PROMOTED with S$300 of spend. */
  async function goldMember() {
    const member = await createMember(database.db, JOINED);
    await buy(member.id, 30_000, PROMOTED);
    expect(await memberState(database.db, member.id)).toMatchObject({ membershipStatus: "gold", goldStartAt: PROMOTED });
    return member;
  }

  const maintain = (now: Date) =>
    runLoyaltyMaintenance(
      asJob(database.db, () => now),
      {},
    );
  const loadGoldProgress = (db: TestDatabase["db"], memberId: string) => getGoldProgress(asMember(db, memberId), { memberId });

  it("renews gold for 12 months when S$300 was spent in the gold year, once however often it runs", async () => {
    const member = await goldMember();
    await buy(member.id, 20_000, plus(PROMOTED, 100 * DAY));
    await buy(member.id, 10_000, plus(YEAR_END, -DAY));
    expect(await maintain(plus(YEAR_END, -60_000))).toMatchObject({ renewed: 0, demoted: 0 });
    expect(await memberState(database.db, member.id)).toMatchObject({ membershipStatus: "gold", goldStartAt: PROMOTED });

    // The year is judged once it has ended: the last moment still belongs to it.
    expect(await maintain(YEAR_END)).toMatchObject({ renewed: 0, demoted: 0 });
    expect(await maintain(plus(YEAR_END, 1))).toMatchObject({ renewed: 1, demoted: 0 });
    expect(await memberState(database.db, member.id)).toMatchObject({ membershipStatus: "gold", goldStartAt: YEAR_END });
    expect(await maintain(plus(YEAR_END, DAY))).toMatchObject({ renewed: 0, demoted: 0 });
    expect((await memberState(database.db, member.id)).goldStartAt).toEqual(YEAR_END);
  });

  it("returns a member to green when the gold year's spend falls short, and restarts the spend window", async () => {
    const member = await goldMember();
    await buy(member.id, 29_999, plus(PROMOTED, 30 * DAY));
    expect(await loadGoldProgress(database.db, member.id)).toMatchObject({
      goal: "renewal",
      spentCents: 29_999,
      remainingCents: 1,
      renewBy: YEAR_END,
    });
    expect(await maintain(plus(YEAR_END, 10 * 60_000))).toMatchObject({ demoted: 1 });
    expect(await memberState(database.db, member.id)).toMatchObject({ membershipStatus: "green", goldStartAt: null });
    // The spend before the gold year ended no longer counts towards gold.
    expect(await loadGoldProgress(database.db, member.id)).toMatchObject({ goal: "promotion", spentCents: 0, renewBy: null });

    const back = plus(YEAR_END, 40 * DAY);
    await buy(member.id, 30_000, back);
    expect(await memberState(database.db, member.id)).toMatchObject({ membershipStatus: "gold", goldStartAt: back });
  });

  it("judges a gold year that ended before the job ran when the member's next order is credited", async () => {
    const member = await goldMember();
    const late = plus(YEAR_END, 5 * 60_000);
    // Gold ended with no spend: this order earns at the green rate and starts the new spend window.
    expect((await buy(member.id, 10_000, late)).points).toBe(100);
    expect(await memberState(database.db, member.id)).toMatchObject({ membershipStatus: "green", goldStartAt: null });
    expect(await loadGoldProgress(database.db, member.id)).toMatchObject({ goal: "promotion", spentCents: 10_000 });
    expect(await maintain(plus(late, DAY))).toMatchObject({ demoted: 0, renewed: 0 });
  });

  it("catches up on several gold years at once, judging each on its own spend", async () => {
    const member = await goldMember();
    await buy(member.id, 30_000, plus(PROMOTED, 200 * DAY));
    const result = await maintain(new Date("2028-03-01T00:00:00Z"));
    expect(result).toMatchObject({ renewed: expect.any(Number), demoted: expect.any(Number) });
    // Renewed for the year from 2027-02-01 (its spend), then back to green when that year ended with none.
    const [row] = await database.db
      .select({ status: members.membershipStatus, goldStartAt: members.goldStartAt, windowStart: members.tierWindowStartAt })
      .from(members)
      .where(eq(members.id, member.id));
    expect(row).toEqual({ status: "green", goldStartAt: null, windowStart: new Date("2028-02-01T00:00:00Z") });
  });

  it("does the work once when two runs start together", async () => {
    const batch = [];
    for (let i = 0; i < 6; i++) {
      const member = await goldMember();
      if (i % 2 === 0) await buy(member.id, 30_000, plus(PROMOTED, 10 * DAY));
      batch.push(member.id);
    }
    const now = plus(YEAR_END, 60_000);
    const runs = await Promise.all([maintain(now), maintain(now), maintain(now)]);
    const total = (key: "renewed" | "demoted") => runs.reduce((sum, run) => sum + run[key], 0);
    // No earlier test left a gold year ending by then, so the runs judge exactly these six.
    const states = await Promise.all(batch.map((id) => memberState(database.db, id)));
    expect(
      states.filter((state) => state.membershipStatus === "gold" && state.goldStartAt?.getTime() === YEAR_END.getTime()),
    ).toHaveLength(3);
    expect(states.filter((state) => state.membershipStatus === "green")).toHaveLength(3);
    expect(total("renewed")).toBe(3);
    expect(total("demoted")).toBe(3);
    await expectLedgerInvariant(database.db);
  });

  it("expires Pending redeems past their hold in the same run", async () => {
    const member = await createMember(database.db, JOINED);
    const redeemId = randomUUID();
    const takenAt = new Date("2026-05-01T00:00:00Z");
    const entryId = await database.db.transaction(async (tx) => {
      await recordPointEntry(tx, noJobQueue, {
        memberId: member.id,
        email: member.email,
        kind: "redeem",
        transactionType: "debit",
        programmeVersion: 1,
        points: 40,
        idempotencyKey: `redeem:${redeemId}:0`,
        at: takenAt,
      });
      return (await tx.execute(sql`select id from point_transactions where idempotency_key = ${`redeem:${redeemId}:0`}`)) as {
        rows: { id: string }[];
      };
    });
    await database.db.insert(redeems).values({
      id: redeemId,
      memberId: member.id,
      pointTransactionId: entryId.rows[0]?.id ?? "",
      rewardId: "test-reward",
      pointsEach: 40,
      optionId: "op-m8_ba-1b",
      quantity: 1,
      createdAt: takenAt,
      updatedAt: takenAt,
    });
    expect((await memberState(database.db, member.id)).points).toBe(10);
    const result = await maintain(plus(takenAt, 8 * DAY));
    expect(result).toMatchObject({ redeems: { expired: 1, pointsReturned: 40 } });
    const [redeem] = await database.db.select().from(redeems).where(eq(redeems.id, redeemId));
    expect(redeem?.status).toBe("Expired");
    expect((await memberState(database.db, member.id)).points).toBe(50);
  });

  it("measures a green member's progress from the last reset", async () => {
    const member = await createMember(database.db, JOINED);
    await buy(member.id, 12_000, plus(JOINED, DAY));
    expect(await loadGoldProgress(database.db, member.id)).toMatchObject({ goal: "promotion", spentCents: 12_000, percent: 40 });
    await resetMembership(asMember(database.db, member.id, { debug: true, now: () => plus(JOINED, 2 * DAY) }), {
      memberId: member.id,
    });
    expect(await loadGoldProgress(database.db, member.id)).toMatchObject({ goal: "promotion", spentCents: 0 });
    await buy(member.id, 30_000, plus(JOINED, 3 * DAY));
    expect(await memberState(database.db, member.id)).toMatchObject({ membershipStatus: "gold", totalSpentCents: 30_000 });
  });

  /** Until the member's row says green, or fail after a few seconds. */
  async function untilGreen(memberId: string) {
    for (let waited = 0; waited < 10_000; waited += 20) {
      if ((await memberState(database.db, memberId)).membershipStatus === "green") return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`member ${memberId} never turned green`);
  }

  /** Two gold members whose gold year ends with no spend, in the order a run handles them (by id). */
  async function twoLapsingMembers() {
    const members = [await goldMember(), await goldMember()].sort((a, b) => (a.id < b.id ? -1 : 1));
    return members as [(typeof members)[0], (typeof members)[0]];
  }

  it("commits each member's change on its own: a member that fails holds back no one, and the run fails for a retry", async () => {
    // The failing member comes first, so the run must go on past it.
    const [failing, later] = await twoLapsingMembers();
    const now = plus(YEAR_END, 2 * DAY);
    await database.db.execute(
      sql.raw(`create function refuse_member_update() returns trigger language plpgsql as $$
        begin
          if new.id = '${failing.id}' then raise exception 'test: this member cannot be changed'; end if;
          return new;
        end $$`),
    );
    await database.db.execute(
      sql`create trigger refuse_member_update before update on members for each row execute function refuse_member_update()`,
    );
    const logged: { memberId?: string }[] = [];
    const ctx = {
      ...asJob(database.db, () => now),
      log: { info: () => {}, warn: () => {}, error: (details: object) => logged.push(details) },
    };
    try {
      await expect(runLoyaltyMaintenance(ctx, {})).rejects.toThrow(/1 member\(s\) failed/);
    } finally {
      await database.db.execute(sql`drop trigger refuse_member_update on members`);
      await database.db.execute(sql`drop function refuse_member_update`);
    }
    expect(logged).toEqual([expect.objectContaining({ memberId: failing.id })]);
    expect(await memberState(database.db, later.id)).toMatchObject({ membershipStatus: "green", goldStartAt: null });
    expect(await memberState(database.db, failing.id)).toMatchObject({ membershipStatus: "gold", goldStartAt: PROMOTED });

    // The retry finds only what is still due.
    await maintain(now);
    expect(await memberState(database.db, failing.id)).toMatchObject({ membershipStatus: "green", goldStartAt: null });
  });

  if (DRIVER_NAME === "postgres") {
    it("holds no member's row for the whole run: a member already handled can earn while the run waits on another", async () => {
      const [handled, waitedOn] = await twoLapsingMembers();
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked: () => void = () => {};
      const lockTaken = new Promise<void>((resolve) => {
        locked = resolve;
      });
      // Another transaction keeps the later member's row locked, so the run stops there.
      const holder = database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from members where id = ${waitedOn.id} for update`);
        locked();
        await held;
      });
      await lockTaken;
      let finished = false;
      const run = maintain(plus(YEAR_END, 3 * DAY)).finally(() => {
        finished = true;
      });
      try {
        await untilGreen(handled.id);
        const earned = createEarnPointTransaction(asMember(database.db, handled.id), {
          memberId: handled.id,
          meta: { activityType: "follow-ig" },
        });
        const timeout = new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error("the earn waited on the run")), 5_000),
        );
        expect((await Promise.race([earned, timeout])).credited).toBe(true);
        expect(finished).toBe(false);
        expect((await memberState(database.db, waitedOn.id)).membershipStatus).toBe("gold");
      } finally {
        release();
        await holder;
      }
      await run;
      expect((await memberState(database.db, waitedOn.id)).membershipStatus).toBe("green");
      await expectLedgerInvariant(database.db);
    });
  }
});
