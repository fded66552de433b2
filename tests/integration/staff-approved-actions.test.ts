import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { approveEarnAction } from "../../domain/loyalty/points/approve-earn-action.ts";
import { createEarnPointTransaction } from "../../domain/loyalty/points/earn-points.ts";
import { publishRulesAt } from "../setup/expiry-fixtures.ts";
import { checkLedgerAfterEach } from "../setup/ledger-invariant.ts";
import { asMember, createMember, memberState } from "../setup/loyalty-fixtures.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

describe(`earn actions staff approve (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  const db = () => database.db;
  beforeAll(async () => {
    database = await openTestDatabase();
    // A version that adds an action staff approve once they have checked it.
    await publishRulesAt(database.db, new Date(Date.now() - 60_000), (rules) => ({
      ...rules,
      actions: [
        ...rules.actions,
        {
          id: "store-visit",
          title: "Visit our pop-up store",
          description: "Show this page at our pop-up store.",
          icon: "gift",
          points: 120,
          hidden: false,
          disabled: false,
          verification: "staff",
          socialNetwork: null,
        },
      ],
    }));
  });
  checkLedgerAfterEach(db);
  afterAll(() => database.close());

  const staff = (...permissions: Parameters<typeof staffWith>) => testContext(db(), { viewer: staffWith(...permissions) });

  it("credits the action once, with the points of the version in force, recorded on the entry and in the audit log", async () => {
    const member = await createMember(db());
    const approve = () => approveEarnAction(staff("points"), { memberId: member.id, actionId: "store-visit" });
    expect(await approve()).toEqual({ title: "Visit our pop-up store", credited: 120, points: 170 });
    await expect(approve()).rejects.toMatchObject({
      code: "CONFLICT",
      message: 'This member has already earned "Visit our pop-up store".',
    });
    expect((await memberState(db(), member.id)).points).toBe(170);
    const [entry] = await queryRows<{ points: number; version: number }>(
      db(),
      sql`select points, programme_version as version from point_transactions where member_id = ${member.id} and activity_type = 'store-visit'`,
    );
    expect(entry).toEqual({ points: 120, version: 2 });
    const audits = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from audit_log where action = 'member.action-approve' and target = ${member.id}`,
    );
    expect(audits[0]?.n).toBe(1);
  });

  it("refuses actions members complete themselves, unknown ones, and staff without the points permission", async () => {
    const member = await createMember(db());
    await expect(approveEarnAction(staff("points"), { memberId: member.id, actionId: "follow-ig" })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
    await expect(approveEarnAction(staff("points"), { memberId: member.id, actionId: "no-such" })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
    await expect(approveEarnAction(staff("catalog"), { memberId: member.id, actionId: "store-visit" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await memberState(db(), member.id)).points).toBe(50);
  });

  it("is not something a member can claim for themselves", async () => {
    const member = await createMember(db());
    await expect(
      createEarnPointTransaction(asMember(db(), member.id), { memberId: member.id, meta: { activityType: "store-visit" } }),
    ).rejects.toMatchObject({ code: "BAD_USER_INPUT", message: expect.stringContaining("Our team adds these points") });
    expect((await memberState(db(), member.id)).points).toBe(50);
  });
});
