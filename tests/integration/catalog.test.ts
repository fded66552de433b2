import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, purchaseOptions, series } from "../../db/schema/catalog.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { catalogCachedByRevision, catalogFromDatabase } from "../../domain/catalog/catalog-reader.ts";
import { catalogRevisionReader } from "../../domain/catalog/catalog-revision.ts";
import { findProduct } from "../../domain/catalog/find-product.ts";
import { findPurchaseOption } from "../../domain/catalog/find-purchase-option.ts";
import { listProducts } from "../../domain/catalog/list-products.ts";
import { listSeriesCopy } from "../../domain/catalog/list-series-copy.ts";
import { findPurchaseOptions } from "../../domain/catalog/lookup.ts";
import { testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

describe(`catalogue lookups (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
  });
  afterAll(() => database.close());
  const noWarnings = {
    warn: (details: object, message: string) => {
      throw new Error(`unexpected warning: ${message} ${JSON.stringify(details)}`);
    },
  };
  const catalog = () => catalogFromDatabase(database.db, noWarnings);
  const ctx = () => testContext(database.db);

  const ids = async (input: Parameters<typeof listProducts>[1]) =>
    (await listProducts(ctx(), input)).products.map((product) => product.id);

  it("lists only active products unless asked for inactive ones", async () => {
    const active = await listProducts(ctx(), {});
    expect(active.products.every((product) => product.active)).toBe(true);
    expect(active.totalCount).toBe(12);
    const all = await listProducts(ctx(), { includeInactive: true });
    const inactive = all.products.filter((product) => !product.active).map((product) => product.id);
    expect(inactive.sort()).toEqual(["m4", "pmbas12", "pmbas6", "v4"]);
    expect(all.totalCount).toBe(12 + 4);
  });

  it("filters by series and kinds", async () => {
    expect(await ids({ seriesCode: "j" })).toEqual(["j4"]);
    expect((await listProducts(ctx(), { kinds: ["bundle"] })).totalCount).toBe(6);
    expect(await ids({ seriesCode: "l", kinds: ["box", "shots", "pouch"] })).toEqual(["l8", "l4"]);
    expect(await listProducts(ctx(), { seriesCode: "zz" })).toEqual({ products: [], totalCount: 0 });
  });

  it("hands out the catalogue in slices of at most 100, 20 when not told", async () => {
    const all = await ids({ includeInactive: true, first: 100 });
    expect(all).toHaveLength(16);
    expect(await ids({ includeInactive: true })).toEqual(all.slice(0, 20));
    expect(await ids({ includeInactive: true, first: 5, offset: 5 })).toEqual(all.slice(5, 10));
    expect(await ids({ first: 5, offset: 10_000 })).toEqual([]);
    expect((await listProducts(ctx(), { first: 0 })).products).toEqual([]);
    await expect(listProducts(ctx(), { first: 101 })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      message: "first: must be at most 100",
    });
    await expect(listProducts(ctx(), { offset: -1 })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
  });

  it("works each listing out once per catalogue and looks products and options up by id", async () => {
    const index = await catalog().index();
    const luna = index.listing({ seriesCode: "m", kinds: ["pouch", "box"] });
    expect(index.listing({ seriesCode: "m", kinds: ["box", "pouch"] })).toBe(luna);
    expect(luna.map((product) => product.id)).toEqual(["m8", "mpu"]);
    expect(index.listing({ seriesCode: "zz" })).toEqual([]);
    expect(index.product("lbndl4")?.name).toBe("Lean Up Kick-Start Bundle");
    expect(index.option("op-m8_ba-2b")?.product.id).toBe("m8");
    expect(index.option("op-nope-1b")).toBeUndefined();
  });

  it("assembles a product with its options, SKUs, servings and single-box value", async () => {
    const product = await findProduct(ctx(), { productId: "lbndl4" });
    expect(product?.path).toBe("/shop/lean-up-calorie-burning/lbndl4");
    const [plain, upsell] = product?.options ?? [];
    expect(plain).toMatchObject({ optionId: "op-lbndl4-4b", optionPriceCents: 11760, servings: 32, singleBoxValueCents: 15600 });
    expect(upsell).toMatchObject({ optionId: "op-lbndl4-5b", isUpsellOption: true, servings: 36, singleBoxValueCents: 16890 });
    expect(plain?.skus[0]).toMatchObject({ format: "Nectar", retailPriceCents: 3900 });
  });

  it("hides an inactive product unless asked", async () => {
    expect(await findProduct(ctx(), { productId: "m4" })).toBeNull();
    expect((await findProduct(ctx(), { productId: "m4", includeInactive: true }))?.active).toBe(false);
    expect(await findProduct(ctx(), { productId: "nope" })).toBeNull();
  });

  it("finds the two pouch sampler options even though their products are inactive", async () => {
    const found = await findPurchaseOptions(catalog(), ["op-pmbas6-6pu", "op-pmbas12-12pu", "op-m4_ba-1b", "op-m8_ba-1b"]);
    expect([...found.keys()].sort()).toEqual(["op-m8_ba-1b", "op-pmbas12-12pu", "op-pmbas6-6pu"]);
    expect(found.get("op-pmbas12-12pu")?.option).toMatchObject({ optionPriceCents: 5856, servings: 12 });
    const withInactive = await findPurchaseOptions(catalog(), ["op-m4_ba-1b"], { includeInactive: true });
    expect(withInactive.has("op-m4_ba-1b")).toBe(true);
  });

  it("looks one option up by the same rules", async () => {
    expect(await findPurchaseOption(ctx(), { optionId: "op-pmbas6-6pu" })).toMatchObject({ optionPriceCents: 2928 });
    expect(await findPurchaseOption(ctx(), { optionId: "op-m4_ba-1b" })).toBeNull();
    expect(await findPurchaseOption(ctx(), { optionId: "op-m4_ba-1b", includeInactive: true })).toMatchObject({
      optionId: "op-m4_ba-1b",
    });
    expect(await findPurchaseOption(ctx(), { optionId: "rubbish" })).toBeNull();
  });

  it("ignores malformed and unknown option ids", async () => {
    const found = await findPurchaseOptions(catalog(), ["op-zz9-1b", "not an id", "op-m8_ba-1b"]);
    expect([...found.keys()]).toEqual(["op-m8_ba-1b"]);
  });

  it("leaves out, with a warning, a product of a line the shop does not know, and shows the rest", async () => {
    const before = (await catalog().products()).map((product) => product.id);
    await database.db.transaction(async (tx) => {
      await tx.insert(series).values({ code: "k", name: "Kombu", tagline: "New", description: "New line", sortOrder: 9 });
      await tx.insert(products).values({
        id: "k1",
        name: "Kombu Box",
        seriesCode: "k",
        kind: "box",
        active: true,
        summary: "A line the code does not know yet",
        description: "",
        sortOrder: 999,
      });
    });
    try {
      const warnings: [object, string][] = [];
      const loaded = await catalogFromDatabase(database.db, {
        warn: (details, message) => warnings.push([details, message]),
      }).products();
      expect(loaded.map((product) => product.id)).toEqual(before);
      expect(warnings).toEqual([
        [{ productId: "k1", seriesCode: "k" }, "a product of an unknown series is left out of the catalogue"],
      ]);
    } finally {
      await database.db.delete(products).where(eq(products.id, "k1"));
      await database.db.delete(series).where(eq(series.code, "k"));
    }
  });

  it("keeps the catalogue in memory per revision, and reloads as soon as a price changes", async () => {
    const cached = catalogCachedByRevision(database.db, () => catalogRevisionReader(database.db)(), noWarnings);
    const first = await cached.products();
    expect(await cached.products()).toBe(first);
    await database.db.update(purchaseOptions).set({ optionPriceCents: 3700 }).where(eq(purchaseOptions.optionId, "op-m8_ba-1b"));
    const found = await findPurchaseOptions(cached, ["op-m8_ba-1b"]);
    expect(found.get("op-m8_ba-1b")?.option.optionPriceCents).toBe(3700);
    expect(await cached.products()).not.toBe(first);
  });

  it("keeps each line's copy with the catalogue, and shows a changed tagline at once", async () => {
    const cached = catalogCachedByRevision(database.db, () => catalogRevisionReader(database.db)(), noWarnings);
    const shopper = { ...ctx(), catalog: cached };
    expect((await listSeriesCopy(shopper, {})).get("m")?.tagline).toBeTruthy();
    await database.db.update(series).set({ tagline: "Glow from within" }).where(eq(series.code, "m"));
    expect((await listSeriesCopy(shopper, {})).get("m")).toMatchObject({ code: "m", tagline: "Glow from within" });
  });
});
