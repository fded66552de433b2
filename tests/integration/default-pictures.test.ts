import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEED_PRODUCTS } from "../../db/seed/catalog-data.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { loadProducts } from "../../domain/catalog/load-catalog.ts";
import { DEFAULT_PICTURES } from "../../domain/catalog/photos/default-pictures.ts";
import { PHOTO_FORMATS, photoFileName, variantWidths } from "../../domain/catalog/photos/photo-variants.ts";
import { createProduct } from "../../domain/catalog/staff/save-product.ts";
import { pictureFacts } from "../../integrations/images/photo-encoder.ts";
import { makeDefaultPictures } from "../../scripts/default-pictures.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

const PUBLIC_PHOTOS = path.resolve(import.meta.dirname, "../../public/photos");

describe(`default pictures (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
  });
  afterAll(() => database.close());

  /** Every product's pictures as the shop loads them, inactive ones included. */
  const shown = async (productId: string) =>
    (await loadProducts(database.db, { warn: () => {} })).find((product) => product.id === productId)?.images;

  it.each(SEED_PRODUCTS.map((product) => product.id))(
    "gives %s a picture whose every variant is a file of the shop",
    async (id) => {
      const [picture, ...more] = (await shown(id)) ?? [];
      expect(more).toEqual([]);
      expect(picture?.alt).toMatch(/^(A box|A stand-up pouch|\d+ boxes) of /);
      for (const width of variantWidths(picture?.width ?? 0)) {
        for (const format of PHOTO_FORMATS) {
          const bytes = readFileSync(path.join(PUBLIC_PHOTOS, photoFileName(picture?.hash ?? "", width, format)));
          expect(await pictureFacts(bytes)).toEqual({ format, width, height: width });
        }
      }
    },
  );

  it("shows a bundle the boxes it holds, and a box the flavour it comes in first", async () => {
    expect((await shown("lbndl24"))?.[0]?.alt).toBe(
      "24 boxes of Lean Up Calorie Burning in Cranberry Apple, Calamansi Pomelo, Grape Gooseberry, Raspberry Chia Seeds, Yuzu Clementine, Apple Cider Vinegar and Tangerine Strawberry",
    );
    expect((await shown("vs8"))?.[0]?.alt).toBe("A box of V5 Vitality shots in Citrus Zing, with seven of its bottles");
  });

  it("shows a product added in the back office without photos its line's picture of its kind", async () => {
    const fields = { summary: "New.", description: "Added by staff.", active: true } as const;
    const staff = testContext(database.db, { viewer: staffWith("catalog") });
    await createProduct(staff, { ...fields, productId: "jpouch", name: "Joffee pouch", seriesCode: "j", kind: "pouch" });
    await createProduct(staff, { ...fields, productId: "mbnew", name: "Luna trio", seriesCode: "m", kind: "bundle" });
    expect(await shown("jpouch")).toEqual([DEFAULT_PICTURES["j/pouch"]]);
    expect((await shown("jpouch"))?.[0]?.alt).toBe("A stand-up pouch of Joffee in Blueberry");
    expect((await shown("mbnew"))?.[0]?.alt).toBe(
      "Boxes of Luna Collagen in Berries Acai, Yuzu Delight, Strawberry Bliss, Lychee Luxe and Passionfruit Blossom",
    );
  });

  it("are made again, the same to the byte, by the script that made them", { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "default-pictures-"));
    try {
      const manifest = path.join(dir, "made.json");
      const made = await makeDefaultPictures({ filesDir: dir, manifest, only: ["m8"] });
      expect(made).toEqual({ "m/box/berries-acai": DEFAULT_PICTURES["m/box/berries-acai"] });
      const { hash, width } = made["m/box/berries-acai"] ?? { hash: "", width: 0 };
      for (const name of variantWidths(width).flatMap((w) => PHOTO_FORMATS.map((format) => photoFileName(hash, w, format)))) {
        expect(readFileSync(path.join(dir, name)).equals(readFileSync(path.join(PUBLIC_PHOTOS, name))), name).toBe(true);
      }
      expect(existsSync(manifest)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
