import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bagLines, bags } from "../../db/schema/bags.ts";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { members } from "../../db/schema/members.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { bagIdOf, newBagToken } from "../../domain/bag/bag-token.ts";
import { carryBagOver } from "../../domain/bag/carry-bag-over.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

describe(`the bag follows the member at sign-in (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
  });
  afterAll(() => database.close());

  const newMember = async () => {
    const id = randomUUID();
    await database.db.insert(members).values({ id, email: `${id}@example.com` });
    return id;
  };
  const bagWith = async (quantity: number | null, memberId: string | null = null, updatedAt = new Date()) => {
    const token = newBagToken();
    await database.db.insert(bags).values({ id: bagIdOf(token), memberId, updatedAt });
    if (quantity) await database.db.insert(bagLines).values({ bagId: bagIdOf(token), optionId: "op-m8_ba-1b", quantity });
    return token;
  };
  const linesOf = (token: string) =>
    database.db
      .select({ quantity: bagLines.quantity })
      .from(bagLines)
      .where(eq(bagLines.bagId, bagIdOf(token)));

  it("makes the browser's bag the member's and keeps its cookie", async () => {
    const memberId = await newMember();
    const token = await bagWith(2);
    expect(await carryBagOver(database.db, { bagToken: token, memberId })).toEqual({ bagToken: null });
    const [bag] = await database.db
      .select()
      .from(bags)
      .where(eq(bags.id, bagIdOf(token)));
    expect(bag?.memberId).toBe(memberId);
  });

  it("gives a browser without a bag the member's latest one under a new token, lines and open checkout included", async () => {
    const memberId = await newMember();
    await bagWith(1, memberId, new Date("2026-01-01T00:00:00Z"));
    const latest = await bagWith(3, memberId, new Date("2026-06-01T00:00:00Z"));
    await database.db.insert(checkoutSessions).values({
      id: `cs_${randomUUID()}`,
      provider: "test",
      bagId: bagIdOf(latest),
      shipping: {
        name: "Tan",
        email: "tan@example.com",
        mobile: "+6591234567",
        address: "1 Road",
        postalCode: "123456",
        newsletter: false,
      },
      lines: [],
      subtotalCents: 0,
      discountCents: 0,
      shippingCents: 0,
      totalCents: 0,
    });

    const first = await carryBagOver(database.db, { bagToken: null, memberId });
    expect(first.bagToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await linesOf(first.bagToken ?? "")).toEqual([{ quantity: 3 }]);
    expect(await linesOf(latest)).toEqual([]);
    const moved = await database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.bagId, bagIdOf(first.bagToken ?? "")));
    expect(moved).toHaveLength(1);

    // An empty bag in a browser counts as none: the member's bag comes over once more.
    const second = await carryBagOver(database.db, { bagToken: await bagWith(null), memberId });
    expect(second.bagToken).not.toBe(first.bagToken);
    expect(await linesOf(second.bagToken ?? "")).toEqual([{ quantity: 3 }]);
    expect(await linesOf(first.bagToken ?? "")).toEqual([]);
  });

  it("changes nothing for a member who has never left a bag", async () => {
    expect(await carryBagOver(database.db, { bagToken: null, memberId: await newMember() })).toEqual({ bagToken: null });
  });
});
