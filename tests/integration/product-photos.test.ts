import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalog } from "../../db/seed/seed.ts";
import { catalogRevisionReader } from "../../domain/catalog/catalog-revision.ts";
import { findProduct } from "../../domain/catalog/find-product.ts";
import { movePhoto, removePhoto } from "../../domain/catalog/photos/arrange-photos.ts";
import { listProductPhotos } from "../../domain/catalog/photos/list-product-photos.ts";
import { readPhotoVariant } from "../../domain/catalog/photos/read-photo-variant.ts";
import { uploadPhoto } from "../../domain/catalog/photos/upload-photo.ts";
import { guest, type Viewer } from "../../domain/shared/context.ts";
import { createSharpPictureEncoder, pictureFacts } from "../../integrations/images/photo-encoder.ts";
import { createLocalFileStore } from "../../integrations/storage/file-store.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { jpegWithLocation, picture } from "../setup/pictures.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

describe(`product photos (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let filesDir: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    filesDir = mkdtempSync(path.join(tmpdir(), "photos-"));
  });
  afterAll(async () => {
    await database.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  const as = (viewer: Viewer) =>
    testContext(database.db, { viewer, ports: { files: createLocalFileStore(filesDir), pictures: createSharpPictureEncoder() } });
  const merchandiser = () => as(staffWith("catalog"));
  const shownPhotos = async (productId: string) => (await findProduct(as(guest()), { productId }))?.images ?? [];
  const auditOf = (target: string) =>
    queryRows<{ action: string }>(database.db, sql`select action from audit_log where target = ${target} order by created_at`);

  it("stores an AVIF and a WebP at each width, serves them by name and shows the photo at once", async () => {
    const revision = catalogRevisionReader(database.db);
    const before = await revision();
    const photo = await uploadPhoto(merchandiser(), {
      productId: "m8",
      alt: "  A box of Luna Collagen on a table ",
      image: await jpegWithLocation(),
    });
    expect(photo).toMatchObject({
      productId: "m8",
      alt: "A box of Luna Collagen on a table",
      width: 1400,
      height: 1000,
      position: 1,
    });
    expect(await revision()).toBeGreaterThan(before);
    expect(readdirSync(path.join(filesDir, "photos", photo.hash)).sort()).toEqual([
      "1280.avif",
      "1280.webp",
      "320.avif",
      "320.webp",
      "640.avif",
      "640.webp",
      "960.avif",
      "960.webp",
    ]);
    const served = await readPhotoVariant(as(guest()), { fileName: `${photo.hash}-640.avif` });
    expect(served.contentType).toBe("image/avif");
    expect(await pictureFacts(served.body)).toEqual({ format: "avif", width: 640, height: 457 });
    await expect(readPhotoVariant(as(guest()), { fileName: `${photo.hash}-641.avif` })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await shownPhotos("m8")).toEqual([
      { hash: photo.hash, alt: "A box of Luna Collagen on a table", width: 1400, height: 1000 },
    ]);
    expect(await auditOf("m8")).toEqual([{ action: "product.photo-add" }]);
  });

  it("moves photos up and down the gallery and removes them, each change audited, and only from their own product's page", async () => {
    const second = await uploadPhoto(merchandiser(), { productId: "m8", alt: "Second", image: await picture("png", 500, 500) });
    const third = await uploadPhoto(merchandiser(), { productId: "m8", alt: "Third", image: await picture("webp", 750, 500) });
    const alts = async () => (await listProductPhotos(merchandiser(), { productId: "m8" })).photos.map((photo) => photo.alt);
    expect(await alts()).toEqual(["A box of Luna Collagen on a table", "Second", "Third"]);
    expect(await movePhoto(merchandiser(), { productId: "m8", photoId: third.id, direction: "up" })).toMatchObject({ place: 2 });
    await movePhoto(merchandiser(), { productId: "m8", photoId: third.id, direction: "up" });
    expect(await alts()).toEqual(["Third", "A box of Luna Collagen on a table", "Second"]);
    // At the top already: it stays.
    await movePhoto(merchandiser(), { productId: "m8", photoId: third.id, direction: "up" });
    await movePhoto(merchandiser(), { productId: "m8", photoId: second.id, direction: "down" });
    expect(await alts()).toEqual(["Third", "A box of Luna Collagen on a table", "Second"]);
    expect((await shownPhotos("m8")).map((photo) => photo.alt)).toEqual(await alts());
    // Another product's page cannot reach this gallery's photos.
    await expect(movePhoto(merchandiser(), { productId: "j4", photoId: second.id, direction: "up" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(removePhoto(merchandiser(), { productId: "j4", photoId: second.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await alts()).toEqual(["Third", "A box of Luna Collagen on a table", "Second"]);
    await removePhoto(merchandiser(), { productId: "m8", photoId: third.id });
    expect((await shownPhotos("m8"))[0]?.alt).toBe("A box of Luna Collagen on a table");
    await expect(removePhoto(merchandiser(), { productId: "m8", photoId: third.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await auditOf("m8")).map((entry) => entry.action)).toEqual([
      "product.photo-add",
      "product.photo-add",
      "product.photo-add",
      "product.photo-move",
      "product.photo-move",
      "product.photo-move",
      "product.photo-move",
      "product.photo-remove",
    ]);
  });

  it("gives photos uploaded at the same moment places of their own", async () => {
    const images = await Promise.all([1, 2, 3].map((n) => picture("png", 500 + n, 500)));
    await Promise.all(images.map((image, n) => uploadPhoto(merchandiser(), { productId: "vbndl10", alt: `Shot ${n}`, image })));
    const positions = await queryRows<{ position: number }>(
      database.db,
      sql`select position from product_photos where product_id = 'vbndl10' order by position`,
    );
    expect(positions.map((row) => row.position)).toEqual([1, 2, 3]);
  });

  it("refuses anyone without the catalog permission, missing alt text and unknown products, storing nothing", async () => {
    const image = await picture("jpeg");
    for (const viewer of [guest(), staffWith("orders")]) {
      await expect(uploadPhoto(as(viewer), { productId: "m8", alt: "A box", image })).rejects.toMatchObject({
        code: "FORBIDDEN",
      });
    }
    await expect(uploadPhoto(merchandiser(), { productId: "m8", alt: "   ", image })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { alt: "is required" },
    });
    await expect(uploadPhoto(merchandiser(), { productId: "nope", alt: "A box", image })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    const [row] = await queryRows<{ count: number }>(
      database.db,
      sql`select count(*)::int as count from product_photos where product_id in ('m8', 'nope')`,
    );
    expect(row?.count).toBe(2);
  });
});
