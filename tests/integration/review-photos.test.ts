import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalog } from "../../db/seed/seed.ts";
import { catalogRevisionReader } from "../../domain/catalog/catalog-revision.ts";
import { photoFileName } from "../../domain/catalog/photos/photo-variants.ts";
import { changeReviewPhotos } from "../../domain/reviews/change-review-photos.ts";
import { getReviewForm } from "../../domain/reviews/member-reviews.ts";
import { listProductReviews } from "../../domain/reviews/product-reviews.ts";
import { readReviewPhoto } from "../../domain/reviews/read-review-photo.ts";
import { decideReview } from "../../domain/reviews/staff/decide-review.ts";
import { listReviewsForStaff } from "../../domain/reviews/staff/list-reviews-for-staff.ts";
import { submitReview } from "../../domain/reviews/submit-review.ts";
import { guest, type Viewer } from "../../domain/shared/context.ts";
import { createSharpPictureEncoder } from "../../integrations/images/photo-encoder.ts";
import { createLocalFileStore } from "../../integrations/storage/file-store.ts";
import { createMember, insertPaidOrder } from "../setup/loyalty-fixtures.ts";
import { memberViewer, staffWith, testContext } from "../setup/operation-context.ts";
import { jpegWithLocation, picture } from "../setup/pictures.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

const words = { rating: 5, title: "Look at this glass", body: "Lychee Luxe tastes fresh and my skin feels better." };

describe(`photos on reviews (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let filesDir: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
    filesDir = mkdtempSync(path.join(tmpdir(), "review-photos-"));
  });
  afterAll(async () => {
    await database.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  const as = (viewer: Viewer) =>
    testContext(database.db, { viewer, ports: { files: createLocalFileStore(filesDir), pictures: createSharpPictureEncoder() } });
  const moderator = () => as(staffWith("catalog"));
  /** A member with a paid order of Luna Collagen (m8). */
  const buyer = async () => {
    const member = await createMember(database.db);
    await insertPaidOrder(database.db, { subtotalCents: 3_900, memberId: member.id, optionId: "op-m8_pb-1b" });
    return member;
  };
  const storedPictures = () =>
    existsSync(path.join(filesDir, "review-photos")) ? readdirSync(path.join(filesDir, "review-photos")) : [];
  const reviewCount = async (memberId: string) =>
    (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from reviews where member_id = ${memberId}`))[0]
      ?.n;
  const photosOf = async (memberId: string) => (await getReviewForm(as(memberViewer(memberId)), { productId: "m8" })).photos;

  it("stores each photo's variants without EXIF or location, and shows them to shoppers only once staff approve the review", async () => {
    const member = await buyer();
    const revision = catalogRevisionReader(database.db);
    const jpeg = await jpegWithLocation();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const review = await submitReview(as(memberViewer(member.id)), {
      productId: "m8",
      ...words,
      photos: [jpeg, await picture("png", 700, 700)],
    });
    const [located, square] = await photosOf(member.id);
    expect([located?.width, located?.height, square?.position]).toEqual([1400, 1000, 2]);
    const variants = readdirSync(path.join(filesDir, "review-photos", located?.hash ?? "")).sort();
    expect(variants).toEqual(["1280.avif", "1280.webp", "320.avif", "320.webp", "640.avif", "640.webp", "960.avif", "960.webp"]);
    for (const variant of variants) {
      const meta = await sharp(path.join(filesDir, "review-photos", located?.hash ?? "", variant)).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
    }
    // Not among the product photos, which anyone may read by name.
    expect(existsSync(path.join(filesDir, "photos", located?.hash ?? ""))).toBe(false);

    const fileName = photoFileName(located?.hash ?? "", 320, "webp");
    const someone = await createMember(database.db);
    await expect(readReviewPhoto(as(guest()), { fileName })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(readReviewPhoto(as(memberViewer(someone.id)), { fileName })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(readReviewPhoto(as(staffWith("orders")), { fileName })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(readReviewPhoto(moderator(), { fileName })).resolves.toMatchObject({
      contentType: "image/webp",
      published: false,
    });
    await expect(readReviewPhoto(as(memberViewer(member.id)), { fileName })).resolves.toMatchObject({ published: false });
    const queue = await listReviewsForStaff(moderator(), { status: "pending" });
    expect(queue.find((each) => each.id === review.id)?.photos.map((photo) => photo.hash)).toEqual([located?.hash, square?.hash]);
    const shown = async () =>
      (await listProductReviews(as(guest()), { productId: "m8" })).reviews.find((each) => each.id === review.id);
    expect(await shown()).toBeUndefined();

    const before = await revision();
    await decideReview(moderator(), { reviewId: review.id, decision: "approve" });
    expect(await revision()).toBeGreaterThan(before);
    await expect(readReviewPhoto(as(guest()), { fileName })).resolves.toMatchObject({ published: true });
    expect(await shown()).toMatchObject({ photoCount: 2, photos: [{ hash: located?.hash }, { hash: square?.hash }] });
  });

  it("refuses more than three photos or a file that is no picture, storing nothing and writing no review", async () => {
    const member = await buyer();
    const stored = storedPictures();
    const png = await picture("png", 700, 700);
    await expect(
      submitReview(as(memberViewer(member.id)), { productId: "m8", ...words, photos: [png, png, png, png] }),
    ).rejects.toMatchObject({ code: "BAD_USER_INPUT", fields: { photos: "A review can carry at most 3 photos." } });
    const text = new TextEncoder().encode("just some words");
    await expect(
      submitReview(as(memberViewer(member.id)), { productId: "m8", ...words, photos: [await picture("webp", 600, 600), text] }),
    ).rejects.toMatchObject({ code: "BAD_USER_INPUT", message: "That file is not a JPEG, PNG, WebP or AVIF picture." });
    await expect(
      submitReview(as(memberViewer(member.id)), { productId: "m8", ...words, photos: [await picture("png", 100, 100)] }),
    ).rejects.toMatchObject({
      message: "The picture is 100 × 100 pixels: a review photo needs at least 500 pixels on its shorter side.",
    });
    expect(await reviewCount(member.id)).toBe(0);
    expect(storedPictures()).toEqual(stored);
  });

  it("lets the member take photos off and add new ones; new photos send a published review back to staff", async () => {
    const member = await buyer();
    const mine = as(memberViewer(member.id));
    const review = await submitReview(mine, { productId: "m8", ...words, photos: [await picture("png", 700, 700)] });
    await decideReview(moderator(), { reviewId: review.id, decision: "approve" });
    const [first] = await photosOf(member.id);

    // Taking a photo off needs no approval: the review stays published, without it.
    await expect(changeReviewPhotos(mine, { productId: "m8", remove: [first?.id ?? ""] })).resolves.toMatchObject({
      waitsAgain: false,
      review: { status: "approved" },
    });
    expect(await photosOf(member.id)).toEqual([]);
    const published = (await listProductReviews(as(guest()), { productId: "m8" })).reviews.find((each) => each.id === review.id);
    expect(published).toMatchObject({ photoCount: 0, photos: [] });

    const added = await changeReviewPhotos(mine, { productId: "m8", photos: [await picture("jpeg", 800, 800)] });
    expect(added).toMatchObject({ waitsAgain: true, review: { status: "pending", decidedAt: null } });
    const shown = (await listProductReviews(as(guest()), { productId: "m8" })).reviews.map((each) => each.id);
    expect(shown).not.toContain(review.id);

    // Replacing: one taken off and one added in the same change, after the last place.
    const [kept] = await photosOf(member.id);
    await changeReviewPhotos(mine, { productId: "m8", remove: [kept?.id ?? ""], photos: [await picture("webp", 900, 600)] });
    expect((await photosOf(member.id)).map((photo) => [photo.width, photo.position])).toEqual([[900, 2]]);
    await expect(changeReviewPhotos(mine, { productId: "m8", remove: [kept?.id ?? ""] })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(changeReviewPhotos(as(memberViewer((await buyer()).id)), { productId: "m8", remove: [] })).rejects.toMatchObject(
      {
        code: "BAD_USER_INPUT",
      },
    );

    await decideReview(moderator(), { reviewId: review.id, decision: "reject" });
    await expect(changeReviewPhotos(mine, { productId: "m8", photos: [await picture("png", 700, 700)] })).rejects.toMatchObject({
      code: "CONFLICT",
    });
  });

  it("never lets two changes sent at once carry a review past three photos", async () => {
    const member = await buyer();
    const mine = as(memberViewer(member.id));
    await submitReview(mine, { productId: "m8", ...words, photos: [await picture("png", 700, 700)] });
    const two = [await picture("png", 640, 640), await picture("jpeg", 720, 720)];
    const results = await Promise.allSettled([
      changeReviewPhotos(mine, { productId: "m8", photos: two }),
      changeReviewPhotos(mine, { productId: "m8", photos: two }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(results.find((result) => result.status === "rejected")).toMatchObject({ reason: { code: "BAD_USER_INPUT" } });
    expect((await photosOf(member.id)).map((photo) => photo.position)).toEqual([1, 2, 3]);
  });
});
