import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalog } from "../../db/seed/seed.ts";
import { addToBag } from "../../domain/bag/add-to-bag.ts";
import { findProduct } from "../../domain/catalog/find-product.ts";
import { findPurchaseOption } from "../../domain/catalog/find-purchase-option.ts";
import { findProductForStaff } from "../../domain/catalog/staff/find-product-for-staff.ts";
import { flavourStamp, optionStamp, productStamp } from "../../domain/catalog/staff/form-stamps.ts";
import { listFlavoursForStaff } from "../../domain/catalog/staff/list-flavours-for-staff.ts";
import { createFlavour, updateFlavour } from "../../domain/catalog/staff/save-flavour.ts";
import { createOption, updateOption } from "../../domain/catalog/staff/save-option.ts";
import { createProduct, updateProduct } from "../../domain/catalog/staff/save-product.ts";
import { guest, type Viewer } from "../../domain/shared/context.ts";
import { memberViewer, staffWith, testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

const FLAVOUR = { skuId: "lmg8", seriesCode: "l", flavourName: "Mango Guava", format: "Nectar", retailPriceCents: 3900 } as const;
const PRODUCT = {
  productId: "l8",
  name: "Lean Up Nectar, 8-serving box",
  summary: "Eight sachets.",
  description: "Eight sachets of calorie-burning nectar.",
  seriesCode: "l",
  kind: "box",
  active: true,
} as const;
const OPTION = {
  productId: "l8",
  variant: "mg",
  count: 2,
  unit: "b" as const,
  optionName: "2 Boxes",
  optionPriceCents: 6890,
  flavourName: "Mango Guava",
  isUpsellOption: false,
  active: true,
  skus: [{ skuId: "lmg8", qty: 2 }],
};

describe(`catalogue editing in the back office (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
  });
  afterAll(() => database.close());

  const as = (viewer: Viewer) => testContext(database.db, { viewer });
  const staff = () => as(staffWith("catalog"));
  const shopper = () => as(guest());
  const auditOf = (target: string) =>
    queryRows<{ action: string; before: unknown; after: unknown }>(
      database.db,
      sql`select action, before, after from audit_log where target = ${target} order by created_at`,
    );
  const revision = async () =>
    Number((await queryRows<{ revision: number }>(database.db, sql`select revision from catalog_revision`))[0]?.revision);

  it("adds a flavour and an option for it that shoppers find, price and all, each change audited", async () => {
    const before = await revision();
    await createFlavour(staff(), { ...FLAVOUR, openingStock: 40 });
    const created = await createOption(staff(), OPTION);
    expect(created.optionId).toBe("op-l8_mg-2b");
    expect(await revision()).toBeGreaterThan(before);

    const found = await findPurchaseOption(shopper(), { optionId: "op-l8_mg-2b" });
    expect(found).toMatchObject({ optionPriceCents: 6890, flavourName: "Mango Guava", servings: 16, soldOut: false });
    expect(await queryRows(database.db, sql`select on_hand from stock_levels where sku_id = 'lmg8'`)).toEqual([{ on_hand: 40 }]);
    await expect(addToBag(shopper(), { optionId: "op-l8_mg-2b", quantity: 1 })).resolves.toMatchObject({
      bagToken: expect.any(String),
    });
    expect(await auditOf("lmg8")).toEqual([
      {
        action: "sku.create",
        before: null,
        after: { seriesCode: "l", flavourName: "Mango Guava", format: "Nectar", retailPriceCents: 3900, openingStock: 40 },
      },
    ]);
    expect(await auditOf("op-l8_mg-2b")).toEqual([
      {
        action: "option.create",
        before: null,
        after: {
          optionName: "2 Boxes",
          optionPriceCents: 6890,
          flavourName: "Mango Guava",
          isUpsellOption: false,
          active: true,
          skus: [{ skuId: "lmg8", qty: 2 }],
        },
      },
    ]);
  });

  it("changes a price and a bundle's lines, and the shop shows them at once", async () => {
    const { productId: _p, variant: _v, count: _c, unit: _u, ...fields } = OPTION;
    await updateOption(staff(), { ...fields, optionId: "op-l8_mg-2b", optionPriceCents: 5990 });
    expect((await findPurchaseOption(shopper(), { optionId: "op-l8_mg-2b" }))?.optionPriceCents).toBe(5990);

    const bundle = (await findProduct(shopper(), { productId: "lbndl4" }))?.options[0];
    if (!bundle) throw new Error("the seeded bundle is missing");
    const lines = [...bundle.skus.slice(1).map(({ skuId, qty }) => ({ skuId, qty })), { skuId: "lmg8", qty: 1 }];
    await updateOption(staff(), {
      optionId: bundle.optionId,
      optionName: "5 Boxes",
      optionPriceCents: 14500,
      flavourName: "",
      isUpsellOption: false,
      active: true,
      skus: lines,
    });
    const changed = (await findProduct(shopper(), { productId: "lbndl4" }))?.options[0];
    expect(changed?.skus.map((sku) => sku.flavourName)).toContain("Mango Guava");
    expect(changed).toMatchObject({ optionName: "5 Boxes", optionPriceCents: 14500, flavourName: null });
    const [entry] = (await auditOf(bundle.optionId)).slice(-1);
    expect(entry?.before).toMatchObject({
      optionPriceCents: 11760,
      skus: expect.not.arrayContaining([{ skuId: "lmg8", qty: 1 }]),
    });
    expect(entry?.after).toMatchObject({ optionPriceCents: 14500, skus: expect.arrayContaining([{ skuId: "lmg8", qty: 1 }]) });

    // A restart's seed leaves the lines staff changed as they are: the line taken out stays out.
    await seedCatalog(database.db);
    expect((await findProduct(shopper(), { productId: "lbndl4" }))?.options[0]?.skus.map((sku) => sku.skuId)).toEqual(
      lines.map((line) => line.skuId).sort(),
    );
  });

  it("renames a flavour on the options that hold it, and edits a product's copy", async () => {
    await updateFlavour(staff(), { ...FLAVOUR, flavourName: "Mango Passion", retailPriceCents: 4100 });
    const option = await findPurchaseOption(shopper(), { optionId: "op-l8_mg-2b" });
    expect(option).toMatchObject({ flavourName: "Mango Passion", singleBoxValueCents: 8200 });
    await updateProduct(staff(), { ...PRODUCT, summary: "Eight sachets, seven flavours." });
    expect((await findProduct(shopper(), { productId: "l8" }))?.summary).toBe("Eight sachets, seven flavours.");
    expect((await auditOf("l8")).at(-1)).toMatchObject({
      action: "product.update",
      before: { summary: "Eight sachets of calorie-burning nectar." },
      after: { summary: "Eight sachets, seven flavours." },
    });
  });

  it("refuses bad input field by field and changes nothing", async () => {
    const refused = async (promise: Promise<unknown>, fields: Record<string, string>) =>
      expect(promise).rejects.toMatchObject({ code: "BAD_USER_INPUT", fields });
    const { productId: _p, variant: _v, count: _c, unit: _u, ...fields } = OPTION;
    const update = (change: Record<string, unknown>) =>
      updateOption(staff(), { ...fields, optionId: "op-l8_mg-2b", ...change } as never);
    const priceProblem = { optionPriceCents: "Price must be an amount in S$ above 0." };
    for (const price of [0, -100, Number.NaN, 12.5, "abc"]) await refused(update({ optionPriceCents: price }), priceProblem);
    await refused(update({ skus: [] }), { skus: "Add at least one SKU line." });
    await refused(
      update({
        skus: [
          { skuId: "lmg8", qty: 1 },
          { skuId: "lmg8", qty: 2 },
        ],
      }),
      { skus: "Each SKU may appear on only one line." },
    );
    await refused(update({ skus: [{ skuId: "lmg8", qty: 0 }] }), {
      "skus.0.qty": "Each SKU line needs a quantity from 1 to 999.",
    });
    await refused(update({ skus: [{ skuId: "nosuch8", qty: 1 }] }), { skus: "There is no SKU nosuch8." });
    await refused(update({ flavourName: "Berries Acai" }), {
      flavourName: "Flavour must be the flavour of one of the option's SKU lines, or left empty for a bundle.",
    });
    await refused(createOption(staff(), { ...OPTION, variant: "Mango!" }), {
      variant: "Variant must be up to 16 lower-case letters or digits.",
    });
    // Too long is said in words, not as a schema's "Invalid input".
    await refused(createOption(staff(), { ...OPTION, variant: "m".repeat(17) }), { variant: "must be at most 16 characters" });
    await refused(update({ flavourName: "M".repeat(61) }), { flavourName: "must be at most 60 characters" });
    await refused(createOption(staff(), { ...OPTION, count: 0 }), { count: "Count must be a whole number from 1 to 999." });
    await refused(createProduct(staff(), { ...PRODUCT, productId: "New Box" }), {
      productId: "Product id must be 1 to 32 lower-case letters or digits.",
    });
    await refused(createFlavour(staff(), { ...FLAVOUR, skuId: "lx8", retailPriceCents: 0 }), {
      retailPriceCents: "Retail price must be an amount in S$ above 0.",
    });
    await refused(createProduct(staff(), { ...PRODUCT, productId: "lnew", name: "  " }), { name: "is required" });
    for (const openingStock of ["0x10", "1e3", "-1", 2.5]) {
      await refused(createFlavour(staff(), { ...FLAVOUR, skuId: "lx8", openingStock }), {
        openingStock: "must be a whole number of boxes from 0 to 100000",
      });
    }
    expect((await findPurchaseOption(shopper(), { optionId: "op-l8_mg-2b" }))?.optionPriceCents).toBe(5990);
  });

  it("refuses ids already taken, even by two staff at once", async () => {
    await expect(createFlavour(staff(), FLAVOUR)).rejects.toMatchObject({
      code: "CONFLICT",
      fields: { skuId: expect.any(String) },
    });
    await expect(createOption(staff(), OPTION)).rejects.toMatchObject({
      code: "CONFLICT",
      fields: { variant: expect.any(String) },
    });
    const both = await Promise.allSettled([
      createProduct(staff(), { ...PRODUCT, productId: "ltwin" }),
      createProduct(staff(), { ...PRODUCT, productId: "ltwin", name: "Twin" }),
    ]);
    expect(both.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(both.find((result) => result.status === "rejected")).toMatchObject({ reason: { code: "CONFLICT" } });
    expect(await auditOf("ltwin")).toHaveLength(1);
  });

  it("refuses a save from a page opened before someone else's save, which stays; saved again, it replaces it", async () => {
    const opened = async () => {
      const product = await findProductForStaff(staff(), { productId: "l8" });
      const option = product.options.find((candidate) => candidate.optionId === "op-l8_mg-2b");
      const flavour = (await listFlavoursForStaff(staff(), {})).find((sku) => sku.skuId === "lmg8");
      if (!option || !flavour) throw new Error("the option or the flavour is missing");
      const { productId: _p, variant: _v, count: _c, unit: _u, ...fields } = OPTION;
      return {
        product: { ...PRODUCT, summary: product.summary, seen: productStamp(product) },
        option: {
          ...fields,
          optionId: option.optionId,
          flavourName: option.flavourName ?? "",
          optionPriceCents: option.optionPriceCents,
          seen: optionStamp(option),
        },
        flavour: {
          ...FLAVOUR,
          flavourName: flavour.flavourName,
          retailPriceCents: flavour.retailPriceCents,
          seen: flavourStamp(flavour),
        },
      };
    };
    const first = await opened();
    const second = await opened();
    await updateProduct(staff(), { ...first.product, summary: "Saved first." });
    await updateOption(staff(), { ...first.option, optionPriceCents: 6190 });
    await updateFlavour(staff(), { ...first.flavour, retailPriceCents: 4200 });
    const stale = { code: "CONFLICT", message: expect.stringContaining("Someone else saved") };
    await expect(updateProduct(staff(), { ...second.product, summary: "Saved second." })).rejects.toMatchObject(stale);
    await expect(updateOption(staff(), { ...second.option, optionPriceCents: 6290 })).rejects.toMatchObject(stale);
    await expect(updateFlavour(staff(), { ...second.flavour, retailPriceCents: 4300 })).rejects.toMatchObject(stale);
    expect((await findProduct(shopper(), { productId: "l8" }))?.summary).toBe("Saved first.");
    expect((await findPurchaseOption(shopper(), { optionId: "op-l8_mg-2b" }))?.optionPriceCents).toBe(6190);
    expect((await listFlavoursForStaff(staff(), {})).find((sku) => sku.skuId === "lmg8")?.retailPriceCents).toBe(4200);
    expect((await auditOf("op-l8_mg-2b")).filter((entry) => entry.action === "option.update").at(-1)?.after).toMatchObject({
      optionPriceCents: 6190,
    });

    const reopened = await opened();
    await updateOption(staff(), { ...reopened.option, optionPriceCents: 6290 });
    expect((await findPurchaseOption(shopper(), { optionId: "op-l8_mg-2b" }))?.optionPriceCents).toBe(6290);
  });

  it("lets only one of two saves from the same page through, when both come at once", async () => {
    const product = await findProductForStaff(staff(), { productId: "l8" });
    const option = product.options.find((candidate) => candidate.optionId === "op-l8_mg-2b");
    if (!option) throw new Error("the option is missing");
    const { productId: _p, variant: _v, count: _c, unit: _u, ...fields } = OPTION;
    const save = (optionPriceCents: number) =>
      updateOption(staff(), {
        ...fields,
        optionId: option.optionId,
        flavourName: option.flavourName ?? "",
        optionPriceCents,
        seen: optionStamp(option),
      });
    const both = await Promise.allSettled([save(6390), save(6490)]);
    expect(both.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(both.find((result) => result.status === "rejected")).toMatchObject({ reason: { code: "CONFLICT" } });
    const saved = (await findPurchaseOption(shopper(), { optionId: "op-l8_mg-2b" }))?.optionPriceCents;
    expect(both.find((result) => result.status === "fulfilled")).toMatchObject({ value: { optionPriceCents: saved } });
  });

  it("refuses everyone without the catalog permission", async () => {
    for (const viewer of [staffWith("orders", "promotions"), memberViewer("m-1"), guest()]) {
      await expect(createProduct(as(viewer), { ...PRODUCT, productId: "lnope" })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(updateProduct(as(viewer), PRODUCT)).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(createOption(as(viewer), { ...OPTION, count: 3 })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(createFlavour(as(viewer), { ...FLAVOUR, skuId: "lnope8" })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(updateFlavour(as(viewer), FLAVOUR)).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await auditOf("lnope")).toEqual([]);
  });
});
