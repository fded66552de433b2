import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { creditOrderToMember } from "../../domain/loyalty/order-points/order-points.ts";
import { createEarnPointTransaction } from "../../domain/loyalty/points/earn-points.ts";
import { orderPoints } from "../../domain/loyalty/points/order-earn.ts";
import { loadProgrammeSchedule, programmeAt } from "../../domain/loyalty/programme/programme.ts";
import { listProgrammeVersions } from "../../domain/loyalty/programme-drafts/list-programme-versions.ts";
import { publishProgrammeDraft } from "../../domain/loyalty/programme-drafts/publish-programme-draft.ts";
import { saveProgrammeDraft } from "../../domain/loyalty/programme-drafts/save-programme-draft.ts";
import { startProgrammeDraft } from "../../domain/loyalty/programme-drafts/start-programme-draft.ts";
import { applyOrderRefund } from "../../domain/orders/refunds/apply-order-refund.ts";
import { expectLedgerInvariant } from "../setup/ledger-invariant.ts";
import { asMember, createMember, insertPaidOrder, memberState } from "../setup/loyalty-fixtures.ts";
import { noJobQueue, staffWith, testContext } from "../setup/operation-context.ts";
import { recordingJobs } from "../setup/recording-jobs.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

type Entry = {
  memberId: string;
  kind: string;
  points: number;
  spentCents: number;
  version: number;
  at: string;
  orderId: string | null;
};

describe(`exactly one programme version per event (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const staff = () => testContext(database.db, { viewer: staffWith("programme") });

  /** An order credited as fulfilment credits it: its time taken inside the transaction that writes it. */
  async function fulfil(memberId: string, subtotalCents: number) {
    const order = await insertPaidOrder(database.db, { subtotalCents, memberId });
    await database.db.transaction((tx) =>
      creditOrderToMember(tx, recordingJobs().jobs, { memberId, order, creditPoints: true, at: new Date() }),
    );
    return order;
  }
  const follow = (memberId: string) =>
    createEarnPointTransaction(asMember(database.db, memberId), { memberId, meta: { activityType: "follow-ig" } });

  it("gives every order and earn action the points of the version it records, the one in force at its time", async () => {
    const members = [];
    for (let n = 0; n < 8; n++) {
      const member = await createMember(database.db);
      await fulfil(member.id, 30_000);
      expect((await memberState(database.db, member.id)).membershipStatus).toBe("gold");
      members.push(member);
    }
    const [first, ...rest] = members;
    if (!first) throw new Error("no member");
    const creditedUnderV1 = await fulfil(first.id, 10_000);

    const { number } = await startProgrammeDraft(staff(), {});
    const [draft] = await listProgrammeVersions(staff(), {});
    if (!draft) throw new Error("no draft");
    const actions = draft.rules.actions.map((action) => (action.id === "follow-ig" ? { ...action, points: 80 } : action));
    await saveProgrammeDraft(staff(), {
      number,
      rules: { ...draft.rules, gold: { ...draft.rules.gold, multiplier: 2 }, actions },
    });

    // Orders and earn actions under way while the version is published to take effect now; and more
    // that start once publishing has read its clock (their time is then at or after the new version's).
    let during: Promise<unknown> | null = null;
    const publisher = testContext(database.db, {
      viewer: staffWith("programme"),
      now: () => {
        during ??= Promise.all(rest.flatMap((member) => [fulfil(member.id, 10_000), follow(member.id)]));
        return new Date();
      },
    });
    await Promise.all([
      ...rest.map((member) => fulfil(member.id, 4_550)),
      publishProgrammeDraft(publisher, { number, when: "now", date: "", time: "" }),
      follow(first.id),
    ]);
    await during;
    await fulfil(first.id, 10_000);

    const schedule = await loadProgrammeSchedule(database.db);
    const entries = await queryRows<Entry>(
      database.db,
      sql`select member_id as "memberId", activity_type as kind, points, spent_cents as "spentCents",
            programme_version as version, transaction_at as at, meta->>'orderId' as "orderId"
          from point_transactions where activity_type in ('order', 'follow-ig') and spent_cents <> 30000`,
    );
    expect(entries).toHaveLength(1 + rest.length * 3 + 2);
    for (const entry of entries) {
      const version = schedule.find((each) => each.number === entry.version);
      if (!version) throw new Error(`no version ${entry.version}`);
      const expected =
        entry.kind === "order"
          ? orderPoints(version.rules, entry.spentCents, "gold")
          : version.rules.actions.find((action) => action.id === "follow-ig")?.points;
      expect({ ...entry, points: entry.points }).toEqual({ ...entry, points: expected });
      expect(entry.version, `the version in force at ${entry.at}`).toBe(programmeAt(schedule, new Date(entry.at)).number);
    }
    expect(new Set(entries.map((entry) => entry.version))).toEqual(new Set([1, number]));
    await expectLedgerInvariant(database.db);

    // Refunded after the new version took effect: reversed as the version that credited it, and recorded so.
    await database.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, creditedUnderV1.id)).for("update");
      if (!order) throw new Error("no order");
      await applyOrderRefund(tx, noJobQueue, order, {
        refundId: randomUUID(),
        amountCents: order.priceCents,
        at: new Date(),
        cancelsOrder: false,
      });
    });
    const [refund] = await queryRows<{ points: number; version: number }>(
      database.db,
      sql`select points, programme_version as version from point_transactions
          where activity_type = 'refund' and meta->>'orderId' = ${creditedUnderV1.id}`,
    );
    expect(refund).toEqual({ points: 150, version: 1 });
    await expectLedgerInvariant(database.db);
  });
});
