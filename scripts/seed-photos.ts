/**
 * Gives the development shop's products photos made on this machine (scripts/product-shot.ts),
 * uploaded through the shop's own upload operation as a catalogue staff member would: for trying
 * the photo pages and measuring them (LIGHTHOUSE_PHOTOS=1 npm run bench:lighthouse). Run it with the
 * shop stopped, since it opens the embedded database: `DATA_DIR=data node scripts/seed-photos.ts`.
 * Products that have photos already are left as they are.
 */
import path from "node:path";
import { asc } from "drizzle-orm";
import { openDatabase } from "../db/client.ts";
import { products } from "../db/schema/catalog.ts";
import { productPhotos } from "../db/schema/product-photos.ts";
import { seedCatalog } from "../db/seed/seed.ts";
import { catalogFromDatabase } from "../domain/catalog/catalog-reader.ts";
import { uploadPhoto } from "../domain/catalog/photos/upload-photo.ts";
import type { OperationContext } from "../domain/shared/context.ts";
import { createSharpPictureEncoder } from "../integrations/images/photo-encoder.ts";
import { createLocalFileStore } from "../integrations/storage/file-store.ts";
import { permissionsOf } from "../kernel/staff-permissions.ts";
import { productShot } from "./product-shot.ts";

/** A port the upload never uses: touching it is a mistake worth failing on. */
function unused<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get: () => {
      throw new Error(`Seeding photos does not use ${name}.`);
    },
  });
}

export async function seedDevelopmentPhotos(dataDir: string): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    await seedCatalog(database.db);
    const log = { info: () => {}, warn: console.warn, error: console.error };
    const ctx: OperationContext = {
      db: database.db,
      catalog: catalogFromDatabase(database.db, log),
      payments: unused("payments"),
      testPayments: null,
      identity: unused("identity"),
      mailer: unused("mailer"),
      files: createLocalFileStore(path.resolve(dataDir, "files")),
      pictures: createSharpPictureEncoder(),
      jobs: unused("jobs"),
      webhooks: unused("webhooks"),
      settings: unused("settings"),
      now: () => new Date(),
      log,
      viewer: {
        kind: "staff",
        staffId: "photo-seed",
        email: "photo-seed@localhost",
        role: "staff",
        permissions: permissionsOf("staff", ["catalog"]),
      },
      debug: false,
    };
    const pictured = new Set(
      (await database.db.select({ id: productPhotos.productId }).from(productPhotos)).map((row) => row.id),
    );
    const bare = (await database.db.select().from(products).orderBy(asc(products.sortOrder))).filter(
      (row) => !pictured.has(row.id),
    );
    for (const product of bare) {
      const label = { m: "LUNA", v: "V5", j: "JOFFEE", l: "LEAN UP" }[product.seriesCode] ?? product.seriesCode;
      const image = await productShot(product.seriesCode, label, { size: 1280, boxes: product.kind === "bundle" ? 3 : 1 });
      await uploadPhoto(ctx, { productId: product.id, alt: `${product.name}, photographed in the studio`, image });
    }
    return bare.length;
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  const dataDir = process.env.DATA_DIR ?? "data";
  const count = await seedDevelopmentPhotos(dataDir);
  console.log(`Photographed ${count} products in ${dataDir}.`);
}
