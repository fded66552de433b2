import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedRewards } from "../../db/seed/rewards.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { addToBag } from "../../domain/bag/add-to-bag.ts";
import { getBag } from "../../domain/bag/get-bag.ts";
import { findProduct } from "../../domain/catalog/find-product.ts";
import { findPurchaseOption } from "../../domain/catalog/find-purchase-option.ts";
import { listProducts } from "../../domain/catalog/list-products.ts";
import { listCatalogueForStaff } from "../../domain/catalog/staff/list-catalogue-for-staff.ts";
import { switchOption } from "../../domain/catalog/staff/switch-option.ts";
import { switchCampaignExclusion, switchProduct } from "../../domain/catalog/staff/switch-product.ts";
import { applyPromotionToBag } from "../../domain/checkout/apply-promotion.ts";
import { listRewards } from "../../domain/loyalty/rewards/list-rewards.ts";
import { createPromotion } from "../../domain/promotions/manage-promotions.ts";
import { guest, type Viewer } from "../../domain/shared/context.ts";
import { bagWith, holderOf } from "../setup/checkout-fixtures.ts";
import { memberViewer, staffWith, testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

const OPTION = "op-m8_pb-1b";

describe(`the catalogue in the back office (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    await seedRewards(database.db);
  });
  afterAll(() => database.close());

  const as = (viewer: Viewer) => testContext(database.db, { viewer });
  const merchandiser = () => as(staffWith("catalog"));
  const shopper = () => as(guest());
  const productPageOptions = async (productId: string) =>
    (await findProduct(shopper(), { productId }))?.options.map((option) => option.optionId) ?? null;
  const auditOf = (target: string) =>
    queryRows<{ action: string; before: unknown; after: unknown }>(
      database.db,
      sql`select action, before, after from audit_log where target = ${target} order by created_at`,
    );

  it("lists every product by series with its options, switched on or off", async () => {
    const groups = await listCatalogueForStaff(merchandiser(), {});
    expect(groups.map((group) => group.series.code)).toEqual(["m", "v", "j", "l"]);
    const all = groups.flatMap((group) => group.products);
    expect(all.some((product) => !product.active)).toBe(true);
    expect(all.find((product) => product.id === "m8")?.options.map((option) => option.optionId)).toContain(OPTION);
  });

  it("takes a switched-off option off the product page, the bag and the rewards at once", async () => {
    const bag = await bagWith(database.db, [[OPTION, 1]]);
    const shown = await productPageOptions("m8");
    expect(shown).toContain(OPTION);
    await switchOption(merchandiser(), { optionId: OPTION, active: false });

    expect(await productPageOptions("m8")).toEqual(shown?.filter((optionId) => optionId !== OPTION));
    expect(await findPurchaseOption(shopper(), { optionId: OPTION })).toBeNull();
    await expect(addToBag(shopper(), { optionId: OPTION, quantity: 1 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const held = await getBag(as(holderOf(bag)), {});
    expect(held.lines).toEqual([]);
    expect(held.unavailableOptionIds).toEqual([OPTION]);
    const choices = (await listRewards(shopper(), {})).flatMap((reward) => reward.choices.map((choice) => choice.optionId));
    expect(choices).not.toContain(OPTION);
    expect(await auditOf(OPTION)).toEqual([{ action: "option.update", before: { active: true }, after: { active: false } }]);

    await switchOption(merchandiser(), { optionId: OPTION, active: true });
    expect(await productPageOptions("m8")).toContain(OPTION);
    expect((await getBag(as(holderOf(bag)), {})).lines.map((line) => line.optionId)).toEqual([OPTION]);
  });

  it("hides a product whose options are all switched off, and shows a product switched back on", async () => {
    const j4 = (await findProduct(shopper(), { productId: "j4" }))?.options ?? [];
    for (const option of j4) await switchOption(merchandiser(), { optionId: option.optionId, active: false });
    expect(await findProduct(shopper(), { productId: "j4" })).toBeNull();
    const listed = async () => (await listProducts(shopper(), { seriesCode: "j" })).products.map((product) => product.id);
    expect(await listed()).not.toContain("j4");
    for (const option of j4) await switchOption(merchandiser(), { optionId: option.optionId, active: true });
    expect(await listed()).toContain("j4");

    await switchProduct(merchandiser(), { productId: "j4", active: false });
    expect(await findProduct(shopper(), { productId: "j4" })).toBeNull();
    expect(await listed()).not.toContain("j4");
    await switchProduct(merchandiser(), { productId: "j4", active: true });
    expect(await productPageOptions("j4")).toEqual(j4.map((option) => option.optionId));
    expect((await auditOf("j4")).map((entry) => entry.after)).toEqual([
      { active: false, campaignDiscountExclusion: false },
      { active: true, campaignDiscountExclusion: false },
    ]);
  });

  it("lets no promotion code discount a product excluded from campaigns", async () => {
    await createPromotion(as(staffWith("promotions")), { code: "TENOFF", kind: "percent", value: 10 });
    const bag = await bagWith(database.db, [[OPTION, 1]]);
    await switchCampaignExclusion(merchandiser(), { productId: "m8", excluded: true });
    await expect(applyPromotionToBag(as(holderOf(bag)), { code: "TENOFF" })).rejects.toMatchObject({
      message: "That promotion code doesn't apply to anything in your bag.",
    });
    await switchCampaignExclusion(merchandiser(), { productId: "m8", excluded: false });
    await expect(applyPromotionToBag(as(holderOf(bag)), { code: "TENOFF" })).resolves.toBeUndefined();
  });

  it("refuses staff without the catalog permission, members and guests, and unknown ids", async () => {
    for (const viewer of [staffWith("orders", "promotions"), memberViewer("m-1"), guest()]) {
      await expect(listCatalogueForStaff(as(viewer), {})).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(switchOption(as(viewer), { optionId: OPTION, active: false })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(switchProduct(as(viewer), { productId: "m8", active: false })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    await expect(switchOption(merchandiser(), { optionId: "op-nope", active: false })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(switchProduct(merchandiser(), { productId: "bad id!", active: false })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
    expect(await productPageOptions("m8")).toContain(OPTION);
  });
});
