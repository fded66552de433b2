import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalog } from "../../db/seed/seed.ts";
import { addToBag } from "../../domain/bag/add-to-bag.ts";
import { getBag } from "../../domain/bag/get-bag.ts";
import { removeBagLine } from "../../domain/bag/remove-bag-line.ts";
import { setBagLineQuantity } from "../../domain/bag/set-bag-line-quantity.ts";
import { guest } from "../../domain/shared/context.ts";
import { testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

describe(`the bag (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
  });
  afterAll(() => database.close());

  /** A shopper whose browser holds this bag token (none: a new visitor). */
  const holding = (bagToken: string | null) => testContext(database.db, { viewer: guest(bagToken) });

  async function lineCount() {
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from bag_lines`);
    return row?.n;
  }

  it("creates a bag on the first add and prices it from the catalogue", async () => {
    const { bagToken } = await addToBag(holding(null), { optionId: "op-m8_ba-2b", quantity: 1 });
    await addToBag(holding(bagToken), { optionId: "op-mpu_yd-1pu", quantity: "3" });
    const bag = await getBag(holding(bagToken), {});
    expect(bag.lines.map((line) => [line.optionId, line.quantity, line.lineTotalCents])).toEqual([
      ["op-m8_ba-2b", 1, 6890],
      ["op-mpu_yd-1pu", 3, 1464],
    ]);
    expect(bag).toMatchObject({ itemCount: 4, subtotalCents: 8354, shippingCents: 0, totalCents: 8354 });
  });

  it("raises the quantity when the same option is added again, up to 99", async () => {
    const { bagToken } = await addToBag(holding(null), { optionId: "op-j4_bb-1b", quantity: 98 });
    await addToBag(holding(bagToken), { optionId: "op-j4_bb-1b", quantity: 1 });
    await expect(addToBag(holding(bagToken), { optionId: "op-j4_bb-1b", quantity: 1 })).rejects.toThrow(
      "You can have at most 99 of one item in your bag.",
    );
    expect((await getBag(holding(bagToken), {})).lines[0]?.quantity).toBe(99);
  });

  it("loses no update when the same option is added many times at once", async () => {
    const { bagToken } = await addToBag(holding(null), { optionId: "op-l8_yc-1b", quantity: 1 });
    await Promise.all(Array.from({ length: 20 }, () => addToBag(holding(bagToken), { optionId: "op-l8_yc-1b", quantity: 1 })));
    expect((await getBag(holding(bagToken), {})).lines[0]?.quantity).toBe(21);
  });

  it("sets and removes lines", async () => {
    const { bagToken } = await addToBag(holding(null), { optionId: "op-vs8_cz-1b", quantity: 1 });
    await setBagLineQuantity(holding(bagToken), { optionId: "op-vs8_cz-1b", quantity: "5" });
    expect((await getBag(holding(bagToken), {})).lines[0]?.quantity).toBe(5);
    await removeBagLine(holding(bagToken), { optionId: "op-vs8_cz-1b" });
    expect((await getBag(holding(bagToken), {})).lines).toEqual([]);
    await expect(removeBagLine(holding(bagToken), { optionId: "op-vs8_cz-1b" })).rejects.toThrow("That item is not in your bag.");
  });

  it.each([
    [{ optionId: "op-M8-1b", quantity: 1 }, "That purchase option id is not valid."],
    [{ optionId: "op-zz9_ba-1b", quantity: 1 }, "That product option is not available."],
    [{ optionId: "op-m4_ba-1b", quantity: 1 }, "That product option is not available."],
    [{ optionId: "op-m8_ba-1b", quantity: 0 }, "Quantity must be a whole number from 1 to 99."],
    [{ optionId: "op-m8_ba-1b", quantity: -2 }, "Quantity must be a whole number from 1 to 99."],
    [{ optionId: "op-m8_ba-1b", quantity: 100 }, "Quantity must be a whole number from 1 to 99."],
    [{ optionId: "op-m8_ba-1b", quantity: 1.5 }, "Quantity must be a whole number from 1 to 99."],
  ])("refuses %j and changes nothing", async (input, message) => {
    const before = await lineCount();
    await expect(addToBag(holding(null), input)).rejects.toThrow(message);
    expect(await lineCount()).toBe(before);
  });

  it("refuses text the database cannot store as bad input, never a server error", async () => {
    await expect(addToBag(holding(null), { optionId: "op-m8_ba-1b\u0000", quantity: 1 })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
    await expect(addToBag(holding(null), { optionId: "op-m8_ba-1b", quantity: "\ud800" })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
  });

  it("sells the inactive pouch samplers by option id", async () => {
    const { bagToken } = await addToBag(holding(null), { optionId: "op-pmbas6-6pu", quantity: 1 });
    expect((await getBag(holding(bagToken), {})).subtotalCents).toBe(2928);
  });

  it("never shows one shopper's bag to another token", async () => {
    const { bagToken } = await addToBag(holding(null), { optionId: "op-m8_sb-1b", quantity: 1 });
    const other = await addToBag(holding(null), { optionId: "op-m8_ll-1b", quantity: 1 });
    expect(other.bagToken).not.toBe(bagToken);
    expect((await getBag(holding(other.bagToken), {})).lines.map((line) => line.optionId)).toEqual(["op-m8_ll-1b"]);
    expect((await getBag(holding("not-a-token"), {})).lines).toEqual([]);
    await expect(setBagLineQuantity(holding(other.bagToken), { optionId: "op-m8_sb-1b", quantity: 2 })).rejects.toThrow(
      "That item is not in your bag.",
    );
  });

  it("acts only on the bag the viewer holds: a staff viewer holds none", async () => {
    const { bagToken } = await addToBag(holding(null), { optionId: "op-m8_yd-1b", quantity: 1 });
    const staff = testContext(database.db, {
      viewer: { kind: "staff", staffId: "s1", email: "staff@example.com", role: "owner", permissions: new Set() },
    });
    expect((await getBag(staff, {})).lines).toEqual([]);
    await expect(removeBagLine(staff, { optionId: "op-m8_yd-1b" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await getBag(holding(bagToken), {})).lines).toHaveLength(1);
  });
});
