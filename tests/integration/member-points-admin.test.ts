import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findMembers } from "../../domain/loyalty/account/find-members.ts";
import { getMemberForStaff } from "../../domain/loyalty/account/member-for-staff.ts";
import { adjustMemberPoints } from "../../domain/loyalty/points/adjust-member-points.ts";
import { guest, type Viewer } from "../../domain/shared/context.ts";
import { createMember, entriesOf, memberState } from "../setup/loyalty-fixtures.ts";
import { memberViewer, staffWith, testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

describe(`staff point corrections (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const as = (viewer: Viewer) => testContext(database.db, { viewer });
  const auditOf = (memberId: string) =>
    queryRows<{ actor_email: string; action: string; before: unknown; after: unknown }>(
      database.db,
      sql`select actor_email, action, before, after from audit_log where target = ${memberId} order by created_at, id`,
    );

  it("credits Bonus Points with the reason in the entry's meta and an audit entry of the balance before and after", async () => {
    const member = await createMember(database.db);
    const result = await adjustMemberPoints(as(staffWith("points")), {
      memberId: member.id,
      direction: "credit",
      points: 120,
      reason: "  Sorry for the late parcel ",
    });
    expect(result.points).toBe(170);
    expect((await memberState(database.db, member.id)).points).toBe(170);
    const [entry] = await entriesOf(database.db, member.id, "manual-credit");
    expect(entry).toMatchObject({ transactionType: "credit", points: 120, meta: { reason: "Sorry for the late parcel" } });
    expect(await auditOf(member.id)).toEqual([
      {
        actor_email: "points@staff.test",
        action: "member.points-credit",
        before: { points: 50 },
        after: { points: 170, reason: "Sorry for the late parcel" },
      },
    ]);
    const page = await getMemberForStaff(as(staffWith("orders")), { memberId: member.id });
    expect(page.history.entries[0]?.activityLabel).toBe("Bonus Points");
    expect(page.mayAdjustPoints).toBe(false);
  });

  it("refuses guests, members and staff without the points permission, changing nothing", async () => {
    const member = await createMember(database.db);
    const input = { memberId: member.id, direction: "credit" as const, points: 10, reason: "Goodwill" };
    for (const viewer of [guest(), memberViewer(member.id), staffWith("orders", "refunds")]) {
      await expect(adjustMemberPoints(as(viewer), input)).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    for (const viewer of [guest(), memberViewer(member.id), staffWith("refunds")]) {
      await expect(findMembers(as(viewer), {})).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(getMemberForStaff(as(viewer), { memberId: member.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect((await memberState(database.db, member.id)).points).toBe(50);
    expect(await auditOf(member.id)).toEqual([]);
  });

  it("refuses a debit beyond the balance with a clear message, changing nothing", async () => {
    const member = await createMember(database.db);
    await expect(
      adjustMemberPoints(as(staffWith("points")), { memberId: member.id, direction: "debit", points: 51, reason: "Refund" }),
    ).rejects.toMatchObject({ code: "INSUFFICIENT_POINTS", message: expect.stringContaining("only 50 points") });
    expect((await memberState(database.db, member.id)).points).toBe(50);
    expect(await entriesOf(database.db, member.id, "manual-debit")).toEqual([]);
    expect(await auditOf(member.id)).toEqual([]);
  });

  it("refuses bad input, changing nothing", async () => {
    const member = await createMember(database.db);
    const staff = as(staffWith("points"));
    for (const bad of [
      { points: 0, reason: "x" },
      { points: 100_001, reason: "x" },
      { points: 1.5, reason: "x" },
      { points: 1, reason: "   " },
      { points: 1, reason: "x".repeat(201) },
    ]) {
      await expect(adjustMemberPoints(staff, { memberId: member.id, direction: "credit", ...bad })).rejects.toMatchObject({
        code: "BAD_USER_INPUT",
      });
    }
    await expect(
      adjustMemberPoints(staff, { memberId: "no-such-member", direction: "credit", points: 1, reason: "x" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await memberState(database.db, member.id)).points).toBe(50);
  });

  it("lets exactly one of two debits through when together they exceed the balance", async () => {
    const member = await createMember(database.db);
    const debit = () =>
      adjustMemberPoints(as(staffWith("points")), { memberId: member.id, direction: "debit", points: 30, reason: "Correction" });
    const outcomes = await Promise.allSettled([debit(), debit()]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === "rejected")).toEqual([
      expect.objectContaining({ reason: expect.objectContaining({ code: "INSUFFICIENT_POINTS" }) }),
    ]);
    expect((await memberState(database.db, member.id)).points).toBe(20);
    expect(await entriesOf(database.db, member.id, "manual-debit")).toHaveLength(1);
  });

  it("finds a member by an email, their name or a mobile on their customer records", async () => {
    const member = await createMember(database.db);
    await database.db.execute(
      sql`insert into customers (id, email, name, mobile, address, postal_code, member_id) values (${`cust-${member.id}`}, 'other@example.com', 'Lim Wei Jie', '+6598761234', '1 Orchard Road', '238801', ${member.id})`,
    );
    const staff = as(staffWith("orders"));
    for (const query of [member.email.toUpperCase(), "98761234", "lim wei", "other@example"]) {
      const found = await findMembers(staff, { query });
      expect(found.members.map((row) => row.id)).toContain(member.id);
    }
    expect((await findMembers(staff, { query: "%" })).members.map((row) => row.id)).not.toContain(member.id);
    await expect(getMemberForStaff(staff, { memberId: "no-such-member" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
