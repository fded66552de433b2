import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GOLD_START_DATE_MESSAGE } from "../../domain/loyalty/tiers/gold-start-date.ts";
import { setGoldStartDate } from "../../domain/loyalty/tiers/set-gold-start-date.ts";
import { expectLedgerInvariant } from "../setup/ledger-invariant.ts";
import { asMember, createMember, memberState } from "../setup/loyalty-fixtures.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

const JOINED = new Date("2026-01-01T00:00:00Z");
const NOW = new Date("2026-06-01T04:00:00Z");

describe(`setting the gold start date in debug mode (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterEach(() => expectLedgerInvariant(database.db));
  afterAll(() => database.close());

  const debugAs = (memberId: string) => asMember(database.db, memberId, { debug: true, now: () => NOW });

  it("makes the member gold from the start of that Singapore day, points and spend untouched", async () => {
    const member = await createMember(database.db, JOINED);
    const view = await setGoldStartDate(debugAs(member.id), { memberId: member.id, goldStartDate: "2026-03-10" });
    expect(view).toMatchObject({ id: member.id, membershipStatus: "gold", points: 50 });
    expect(await memberState(database.db, member.id)).toMatchObject({
      membershipStatus: "gold",
      goldStartAt: new Date("2026-03-09T16:00:00Z"),
      points: 50,
      totalSpentCents: 0,
    });
  });

  it("judges a gold year that has already ended: without its spend the member is green again", async () => {
    const member = await createMember(database.db, new Date("2024-01-01T00:00:00Z"));
    const view = await setGoldStartDate(debugAs(member.id), { memberId: member.id, goldStartDate: "2025-02-01" });
    expect(view).toMatchObject({ membershipStatus: "green" });
    expect(await memberState(database.db, member.id)).toMatchObject({ membershipStatus: "green", goldStartAt: null });
  });

  it("refuses anything but a real YYYY-MM-DD date with the panel's message, and changes nothing", async () => {
    const member = await createMember(database.db, JOINED);
    for (const goldStartDate of ["2026-02-30", "2026-13-01", "2026-3-10", "10/03/2026", "2026-03-10T00:00", "", " 2026-03-10"]) {
      await expect(setGoldStartDate(debugAs(member.id), { memberId: member.id, goldStartDate })).rejects.toMatchObject({
        code: "BAD_USER_INPUT",
        message: GOLD_START_DATE_MESSAGE,
      });
    }
    expect(await memberState(database.db, member.id)).toMatchObject({ membershipStatus: "green", goldStartAt: null });
  });

  it("is a debug tool on the viewer's own member only", async () => {
    const member = await createMember(database.db, JOINED);
    const other = await createMember(database.db, JOINED);
    const input = { memberId: member.id, goldStartDate: "2026-03-10" };
    await expect(setGoldStartDate(asMember(database.db, member.id), input)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(setGoldStartDate(debugAs(other.id), input)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await memberState(database.db, member.id)).toMatchObject({ membershipStatus: "green", goldStartAt: null });
  });
});
