import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAllBonusPointTransactions } from "../../domain/debug/delete-all-bonus-point-transactions.ts";
import { deleteAllDummyOrderPointTransactions } from "../../domain/debug/delete-all-dummy-order-point-transactions.ts";
import { deleteAllEarnedPointTransactions } from "../../domain/debug/delete-all-earned-point-transactions.ts";
import { deleteAllRefundPointTransactions } from "../../domain/debug/delete-all-refund-point-transactions.ts";
import { createEarnPointTransaction } from "../../domain/loyalty/points/earn-points.ts";
import { recordPointEntry } from "../../domain/loyalty/points/point-ledger.ts";
import { refundPointTransaction } from "../../domain/loyalty/points/refund-point-transaction.ts";
import { checkLedgerAfterEach, expectLedgerInvariant } from "../setup/ledger-invariant.ts";
import { asMember, createMember, entriesOf, memberState } from "../setup/loyalty-fixtures.ts";
import { noJobQueue } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

describe(`earning points (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  checkLedgerAfterEach(() => database.db);
  afterAll(() => database.close());

  const earn = (memberId: string, meta: Record<string, unknown>, debug = false) =>
    createEarnPointTransaction(asMember(database.db, memberId, { debug }), { memberId, meta });
  const deleteAll = {
    earned: deleteAllEarnedPointTransactions,
    refund: deleteAllRefundPointTransactions,
    bonus: deleteAllBonusPointTransactions,
    "dummy-order": deleteAllDummyOrderPointTransactions,
  };
  const deletePointGroup = (memberId: string, group: keyof typeof deleteAll) =>
    deleteAll[group](asMember(database.db, memberId, { debug: true }), { memberId });

  it("credits an earn action once and adds it to the activities in the same transaction", async () => {
    const member = await createMember(database.db);
    const first = await earn(member.id, { activityType: "follow-ig" });
    expect(first.credited).toBe(true);
    expect(first.member).toMatchObject({ points: 100, activities: ["sign-up", "follow-ig"] });
    expect(first.member.pointTransactions[0]).toMatchObject({
      activityType: "follow-ig",
      activityLabel: "Followed on Instagram",
      transactionType: "credit",
      points: 50,
      meta: { activityType: "follow-ig" },
    });

    const again = await earn(member.id, { activityType: "follow-ig" });
    expect(again.credited).toBe(false);
    expect(again.member).toMatchObject({ points: 100, activities: ["sign-up", "follow-ig"] });
    expect(again.member.pointTransactions).toHaveLength(2);

    await earn(member.id, { activityType: "follow-fb" });
    const last = await earn(member.id, { activityType: "tag-social" });
    expect(last.member.points).toBe(200);
    expect(last.member.activities).toEqual(["sign-up", "follow-ig", "follow-fb", "tag-social"]);
  });

  it("credits exactly once when 50 identical requests arrive together", async () => {
    const member = await createMember(database.db);
    const results = await Promise.all(Array.from({ length: 50 }, () => earn(member.id, { activityType: "follow-fb" })));
    expect(results.filter((result) => result.credited)).toHaveLength(1);
    expect(await memberState(database.db, member.id)).toMatchObject({ points: 100, activities: ["sign-up", "follow-fb"] });
    expect(await entriesOf(database.db, member.id, "follow-fb")).toHaveLength(1);
    await expectLedgerInvariant(database.db);
  });

  it("refuses hidden, coming-soon, unknown and sign-up actions, changing nothing", async () => {
    const member = await createMember(database.db);
    const refused = async (meta: Record<string, unknown>, message: RegExp) => {
      await expect(earn(member.id, meta)).rejects.toMatchObject({
        code: "BAD_USER_INPUT",
        message: expect.stringMatching(message),
      });
    };
    await refused({ activityType: "follow-tt" }, /"Follow Us on TikTok" is not available/);
    await refused({ activityType: "refer-friends" }, /"Refer Your Friends" is coming soon/);
    await refused({ activityType: "sign-up" }, /given once, when the membership is created/);
    await refused({ activityType: "post-review" }, /when our team approves your review/);
    await refused({ activityType: "follow-ig-twice" }, /no earn action "follow-ig-twice"/);
    await refused({ activityType: "toString" }, /no earn action/);
    await refused({}, /meta.activityType must name an earn action/);
    await refused({ activityType: 7 }, /meta.activityType must name an earn action/);
    expect(await memberState(database.db, member.id)).toMatchObject({ points: 50, activities: ["sign-up"] });
    await expect(earn("no-such-member", { activityType: "follow-ig" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("credits the debug bonus only in debug mode, 100 by default, once per requestId", async () => {
    const member = await createMember(database.db);
    await expect(earn(member.id, { activityType: "bonus" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await earn(member.id, { activityType: "bonus" }, true)).member.points).toBe(150);
    expect((await earn(member.id, { activityType: "bonus", points: 25 }, true)).member.points).toBe(175);
    const keyed = { activityType: "bonus", points: 5, requestId: "panel-click-1" };
    await earn(member.id, keyed, true);
    expect((await earn(member.id, keyed, true)).credited).toBe(false);
    await expect(earn(member.id, { activityType: "bonus", points: -5 }, true)).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    await expect(earn(member.id, { activityType: "bonus", points: 1.5 }, true)).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    const state = await memberState(database.db, member.id);
    expect(state).toMatchObject({ points: 180, activities: ["sign-up"] });
    expect((await entriesOf(database.db, member.id, "bonus")).map((entry) => entry.points).sort()).toEqual([100, 25, 5].sort());
  });

  it("lets a member earn for their own membership only, and refuses meta the database cannot store", async () => {
    const member = await createMember(database.db);
    const other = await createMember(database.db);
    const meta = { activityType: "follow-ig" };
    await expect(
      createEarnPointTransaction(asMember(database.db, other.id), { memberId: member.id, meta }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    for (const bad of [
      { activityType: "follow-ig", note: "a\u0000b" },
      { "\ud800": 1, activityType: "follow-ig" },
    ]) {
      await expect(earn(member.id, bad)).rejects.toMatchObject({ code: "BAD_USER_INPUT", fields: { meta: expect.any(String) } });
    }
    expect(await memberState(database.db, member.id)).toMatchObject({ points: 50, activities: ["sign-up"] });
  });

  it("gives debug refund points in debug mode only, on the caller's own member", async () => {
    const member = await createMember(database.db);
    const other = await createMember(database.db);
    const refund = (viewerId: string, debug: boolean) =>
      refundPointTransaction(asMember(database.db, viewerId, { debug }), { memberId: member.id, meta: '{"points":30}' });
    await expect(refund(member.id, false)).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "Debug operations are turned off.",
    });
    await expect(refund(other.id, true)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await refund(member.id, true)).member.points).toBe(80);
    await expect(
      deleteAllRefundPointTransactions(asMember(database.db, member.id), { memberId: member.id }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await entriesOf(database.db, member.id, "refund")).toHaveLength(1);
  });

  describe("debug deletions by kind", () => {
    it("deletes the earned entries (not sign-up), moves the balance and clears the activities", async () => {
      const member = await createMember(database.db);
      await earn(member.id, { activityType: "follow-ig" });
      await earn(member.id, { activityType: "tag-social" });
      await earn(member.id, { activityType: "bonus" }, true);
      const after = await deletePointGroup(member.id, "earned");
      expect(after).toMatchObject({ points: 150, activities: ["sign-up"] });
      expect(after.pointTransactions.map((entry) => entry.activityType).sort()).toEqual(["bonus", "sign-up"]);
      // The action can be completed again once its entry is gone.
      expect((await earn(member.id, { activityType: "follow-ig" })).member.points).toBe(200);
    });

    it("deletes bonus, refund and dummy-order entries, each group alone", async () => {
      const member = await createMember(database.db);
      await earn(member.id, { activityType: "bonus" }, true);
      await refundPointTransaction(asMember(database.db, member.id, { debug: true }), {
        memberId: member.id,
        meta: { points: 40 },
      });
      await database.db.transaction((tx) =>
        recordPointEntry(tx, noJobQueue, {
          memberId: member.id,
          email: member.email,
          kind: "dummy-order",
          transactionType: "credit",
          programmeVersion: 1,
          points: 30,
          idempotencyKey: `dummy-order:test:${member.id}`,
          at: new Date(),
        }),
      );
      expect((await memberState(database.db, member.id)).points).toBe(220);
      expect((await deletePointGroup(member.id, "refund")).points).toBe(180);
      expect((await deletePointGroup(member.id, "dummy-order")).points).toBe(150);
      const last = await deletePointGroup(member.id, "bonus");
      expect(last.points).toBe(50);
      expect(last.pointTransactions.map((entry) => entry.activityType)).toEqual(["sign-up"]);
      // Nothing left of the kind: nothing moves.
      expect((await deletePointGroup(member.id, "bonus")).points).toBe(50);
    });

    it("refuses with INSUFFICIENT_POINTS when the points were already spent, deleting nothing", async () => {
      const member = await createMember(database.db);
      await earn(member.id, { activityType: "bonus", points: 500 }, true);
      await database.db.transaction((tx) =>
        recordPointEntry(tx, noJobQueue, {
          memberId: member.id,
          email: member.email,
          kind: "redeem",
          transactionType: "debit",
          programmeVersion: 1,
          points: 520,
          at: new Date(),
        }),
      );
      await expect(deletePointGroup(member.id, "bonus")).rejects.toMatchObject({ code: "INSUFFICIENT_POINTS" });
      expect(await entriesOf(database.db, member.id, "bonus")).toHaveLength(1);
      expect((await memberState(database.db, member.id)).points).toBe(30);
    });

    it("deleting a debit raises the balance", async () => {
      const member = await createMember(database.db);
      await database.db.transaction((tx) =>
        recordPointEntry(tx, noJobQueue, {
          memberId: member.id,
          email: member.email,
          kind: "refund",
          transactionType: "debit",
          programmeVersion: 1,
          points: 20,
          at: new Date(),
        }),
      );
      expect((await deletePointGroup(member.id, "refund")).points).toBe(50);
    });
  });
});
