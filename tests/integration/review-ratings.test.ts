import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { members } from "../../db/schema/members.ts";
import { orders } from "../../db/schema/orders.ts";
import { reviewPhotos } from "../../db/schema/review-photos.ts";
import { reviews } from "../../db/schema/reviews.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { catalogCachedByRevision } from "../../domain/catalog/catalog-reader.ts";
import { catalogRevisionReader } from "../../domain/catalog/catalog-revision.ts";
import { listProductRatings } from "../../domain/reviews/product-ratings.ts";
import { listProductReviews, REVIEWS_PER_PAGE } from "../../domain/reviews/product-reviews.ts";
import { decideReview } from "../../domain/reviews/staff/decide-review.ts";
import { submitReview } from "../../domain/reviews/submit-review.ts";
import type { ReviewSort } from "../../kernel/review-sorts.ts";
import { asMember, createMember, insertPaidOrder } from "../setup/loyalty-fixtures.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

const LUNA_BOX = "op-m8_pb-1b";
const JOFFEE_BOX = "op-j4_yz-1b";

describe(`product ratings and review pages (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
  });
  afterAll(() => database.close());

  const moderator = () => testContext(database.db, { viewer: staffWith("catalog") });
  /** A member who bought the option given, reviewed its product with `rating`, and whose review staff decided. */
  const reviewed = async (optionId: string, productId: string, rating: number, decision: "approve" | "reject" | null) => {
    const member = await createMember(database.db);
    await insertPaidOrder(database.db, { subtotalCents: 3_900, memberId: member.id, optionId });
    const words = { title: `${rating} stars from ${member.id}`, body: "Tried it for a month, here is what I think of it." };
    const review = await submitReview(asMember(database.db, member.id), { productId, rating, ...words });
    if (decision) await decideReview(moderator(), { reviewId: review.id, decision });
    return { memberId: member.id, reviewId: review.id };
  };
  /** The database, counting the selects made through it. */
  const counting = (db: Database) => {
    const counter = { selects: 0 };
    const proxy = new Proxy(db, {
      get: (target, property, receiver) => {
        if (property === "select") counter.selects += 1;
        return Reflect.get(target, property, receiver);
      },
    });
    return { db: proxy, counter };
  };

  it("reads a whole listing's ratings in one query, counting only approved reviews", async () => {
    await reviewed(LUNA_BOX, "m8", 5, "approve");
    await reviewed(LUNA_BOX, "m8", 4, "approve");
    await reviewed(LUNA_BOX, "m8", 4, "approve");
    await reviewed(LUNA_BOX, "m8", 1, "reject");
    await reviewed(LUNA_BOX, "m8", 2, null);
    await reviewed(JOFFEE_BOX, "j4", 3, "approve");
    await reviewed(JOFFEE_BOX, "j4", 5, null);

    const { db, counter } = counting(database.db);
    const ratings = await listProductRatings({ ...testContext(database.db), db }, { productIds: ["m8", "j4", "v4"] });
    expect(counter.selects).toBe(1);
    expect(ratings.get("m8")).toMatchObject({ count: 3, average: 4.3 });
    expect(ratings.get("m8")?.byRating).toEqual([
      { rating: 5, count: 1 },
      { rating: 4, count: 2 },
      { rating: 3, count: 0 },
      { rating: 2, count: 0 },
      { rating: 1, count: 0 },
    ]);
    expect(ratings.get("j4")).toMatchObject({ count: 1, average: 3 });
    expect(ratings.get("v4")).toMatchObject({ count: 0, average: null });
    await expect(listProductRatings(testContext(database.db), { productIds: ["m8", "<script>"] })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
  });

  it("keeps the ratings with the catalogue's revision: an approved review counts at once, in any process", async () => {
    const processes = [0, 1].map(() =>
      catalogCachedByRevision(database.db, () => catalogRevisionReader(database.db)(), { warn: () => {} }),
    );
    const countsBy = async (catalog: (typeof processes)[number]) =>
      (await listProductRatings({ ...testContext(database.db), catalog }, { productIds: ["mpu"] })).get("mpu")?.count;
    for (const catalog of processes) expect(await countsBy(catalog)).toBe(0);
    await reviewed("op-mpu_ba-1pu", "mpu", 5, "approve");
    for (const catalog of processes) expect(await countsBy(catalog)).toBe(1);
  });

  it("marks as verified buyers only the reviewers whose order of the product the shop kept, in the same query", async () => {
    const kept = await reviewed(JOFFEE_BOX, "j4", 4, "approve");
    const refunded = await reviewed(JOFFEE_BOX, "j4", 2, "approve");
    const delivered = await reviewed(JOFFEE_BOX, "j4", 5, "approve");
    const cancelling = await reviewed(JOFFEE_BOX, "j4", 4, "approve");
    await database.db.update(orders).set({ status: "refunded" }).where(eq(orders.memberId, refunded.memberId));
    await database.db.update(orders).set({ status: "delivered" }).where(eq(orders.memberId, delivered.memberId));
    await database.db.update(orders).set({ status: "cancelling" }).where(eq(orders.memberId, cancelling.memberId));
    // A reviewer whose kept order was of another product.
    const otherProduct = await reviewed(LUNA_BOX, "m8", 5, null);
    await database.db.update(reviews).set({ productId: "j4", status: "approved" }).where(eq(reviews.id, otherProduct.reviewId));

    const { db, counter } = counting(database.db);
    const shown = await listProductReviews({ ...testContext(database.db), db }, { productId: "j4" });
    expect(counter.selects).toBe(2);
    const verified = new Map(shown.reviews.map((review) => [review.id, review.verifiedBuyer]));
    expect(
      Object.fromEntries(
        [kept, refunded, delivered, cancelling, otherProduct].map(({ reviewId }) => [reviewId, verified.get(reviewId)]),
      ),
    ).toEqual({
      [kept.reviewId]: true,
      [refunded.reviewId]: false,
      [delivered.reviewId]: true,
      [cancelling.reviewId]: true,
      [otherProduct.reviewId]: false,
    });
  });

  it("sorts, filters by rating and pages a product's approved reviews, and has no page past the last", async () => {
    const count = REVIEWS_PER_PAGE + 3;
    const people = Array.from({ length: count }, (_, index) => ({ id: randomUUID(), email: `rater-${index}@example.com` }));
    await database.db.insert(members).values(people);
    const written = people.map((person, index) => ({
      id: randomUUID(),
      productId: "v4",
      memberId: person.id,
      authorName: "Rater",
      rating: (index % 5) + 1,
      title: `Review ${index}`,
      body: "Approved long ago, before this test looked at it.",
      status: "approved" as const,
      createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
      updatedAt: new Date(Date.UTC(2026, 0, 1 + index)),
    }));
    await database.db.insert(reviews).values(written);
    // Two of the oldest carry photos: two on the first, one on the third.
    const photo = (review: (typeof written)[number] | undefined, position: number) => ({
      id: randomUUID(),
      reviewId: review?.id ?? "",
      hash: "0123456789abcdef",
      width: 800,
      height: 800,
      position,
      createdAt: new Date(),
    });
    await database.db.insert(reviewPhotos).values([photo(written[0], 0), photo(written[0], 1), photo(written[2], 0)]);
    const ctx = testContext(database.db);
    const page = (input: { sort?: ReviewSort; rating?: number; page?: number }) =>
      listProductReviews(ctx, { productId: "v4", ...input });

    const first = await page({});
    expect(first).toMatchObject({ matching: count, pageCount: 2, shown: { sort: "newest", rating: null, page: 1 } });
    expect(first.reviews.map((review) => review.title).slice(0, 2)).toEqual([`Review ${count - 1}`, `Review ${count - 2}`]);
    const second = await page({ page: 2 });
    expect(second.reviews).toHaveLength(count - REVIEWS_PER_PAGE);
    expect(new Set([...first.reviews, ...second.reviews].map((review) => review.id)).size).toBe(count);
    await expect(page({ page: 3 })).rejects.toMatchObject({ code: "NOT_FOUND" });

    const ratingsOf = async (sort: "highest" | "lowest") => (await page({ sort })).reviews.map((review) => review.rating);
    const highest = await ratingsOf("highest");
    expect(highest).toEqual([...highest].sort((a, b) => b - a));
    expect(highest[0]).toBe(5);
    const lowest = await ratingsOf("lowest");
    expect(lowest).toEqual([...lowest].sort((a, b) => a - b));
    expect(lowest[0]).toBe(1);

    const fives = await page({ rating: 5 });
    expect(fives.matching).toBe(fives.summary.byRating[0]?.count);
    expect(fives.reviews.every((review) => review.rating === 5)).toBe(true);
    expect(fives).toMatchObject({
      pageCount: 1,
      reviews: expect.arrayContaining([expect.objectContaining({ title: "Review 4" })]),
    });
    await expect(page({ rating: 6 })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
    await expect(page({ sort: "oldest" as ReviewSort })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });

    const withPhotos = (await page({ sort: "photos" })).reviews;
    expect(withPhotos.slice(0, 3).map((review) => [review.title, review.photoCount])).toEqual([
      ["Review 0", 2],
      ["Review 2", 1],
      [`Review ${count - 1}`, 0],
    ]);
  });
});
