import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalog } from "../../db/seed/seed.ts";
import { addToBag } from "../../domain/bag/add-to-bag.ts";
import { countBagItems } from "../../domain/bag/count-bag-items.ts";
import { getBag } from "../../domain/bag/get-bag.ts";
import { catalogCachedByRevision, catalogForRequest } from "../../domain/catalog/catalog-reader.ts";
import { catalogRevisionReader } from "../../domain/catalog/catalog-revision.ts";
import { findProduct } from "../../domain/catalog/find-product.ts";
import { listProducts } from "../../domain/catalog/list-products.ts";
import { guest, type OperationContext } from "../../domain/shared/context.ts";
import { selectRows, shareReads } from "../../domain/shared/shared-reads.ts";
import { testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

describe(`reads shared within a request (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
  });
  afterAll(() => database.close());

  /** Another request of the same shopper: a context of its own, sharing nothing. */
  const elsewhere = (bagToken: string) => testContext(database.db, { viewer: guest(bagToken) });
  /** One request's context, as the HTTP server builds it. */
  const request = (bagToken: string): OperationContext => ({ ...elsewhere(bagToken), ...shareReads(database.db) });
  const optionsIn = async (ctx: OperationContext) => (await getBag(ctx, {})).lines.map((line) => line.optionId);

  it("reads the bag once for the header's count and the page, whatever changes elsewhere meanwhile", async () => {
    const { bagToken } = await addToBag(elsewhere(""), { optionId: "op-m8_ba-1b", quantity: 1 });
    const page = request(bagToken);
    expect(await countBagItems(page, {})).toBe(1);
    await addToBag(elsewhere(bagToken), { optionId: "op-j4_yz-1b", quantity: 2 });
    expect(await optionsIn(page)).toEqual(["op-m8_ba-1b"]);
    // The next request reads anew.
    expect(await countBagItems(request(bagToken), {})).toBe(3);
  });

  it("reads anew once the request has changed something, and from then on", async () => {
    const { bagToken } = await addToBag(elsewhere(""), { optionId: "op-m8_ba-1b", quantity: 1 });
    const post = request(bagToken);
    expect(await countBagItems(post, {})).toBe(1);
    await addToBag(post, { optionId: "op-j4_yz-1b", quantity: 2 });
    expect(await optionsIn(post)).toEqual(["op-m8_ba-1b", "op-j4_yz-1b"]);
    await addToBag(elsewhere(bagToken), { optionId: "op-mpu_pb-1pu", quantity: 1 });
    expect(await countBagItems(post, {})).toBe(4);
  });

  it("keeps sharing across a raw query that only reads, and stops at a raw statement that may write", async () => {
    const { bagToken } = await addToBag(elsewhere(""), { optionId: "op-m8_ba-1b", quantity: 1 });
    const page = request(bagToken);
    expect(await countBagItems(page, {})).toBe(1);
    await addToBag(elsewhere(bagToken), { optionId: "op-j4_yz-1b", quantity: 1 });
    expect((await selectRows<{ one: number }>(page.db, sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
    expect(await countBagItems(page, {})).toBe(1);
    await page.db.execute(sql`select 1`);
    expect(await countBagItems(page, {})).toBe(2);
  });

  it("asks for the catalogue's revision once per request, and again after the request writes", async () => {
    let asked = 0;
    const kept = catalogCachedByRevision(
      database.db,
      () => {
        asked += 1;
        return catalogRevisionReader(database.db)();
      },
      { warn: () => {} },
    );
    const { bagToken } = await addToBag(elsewhere(""), { optionId: "op-m8_ba-1b", quantity: 1 });
    const shared = shareReads(database.db);
    const page: OperationContext = { ...elsewhere(bagToken), ...shared, catalog: catalogForRequest(kept, shared.reads) };
    await Promise.all([listProducts(page, { seriesCode: "m" }), findProduct(page, { productId: "m8" }), getBag(page, {})]);
    expect(asked).toBe(1);
    // Adding looks the option up in the catalogue the request has, then writes: the bag after it asks anew.
    await addToBag(page, { optionId: "op-j4_yz-1b", quantity: 1 });
    expect(asked).toBe(1);
    expect((await getBag(page, {})).itemCount).toBe(2);
    expect(asked).toBe(2);
  });

  it("shares a read made at the same time, and keeps no failed read", async () => {
    const { reads } = shareReads(database.db);
    let calls = 0;
    const read = async () => {
      calls += 1;
      return calls;
    };
    expect(await Promise.all([reads.share("k", read), reads.share("k", read)])).toEqual([1, 1]);
    expect(calls).toBe(1);
    await expect(reads.share("broken", () => Promise.reject(new Error("offline")))).rejects.toThrow("offline");
    expect(await reads.share("broken", read)).toBe(2);
  });
});
