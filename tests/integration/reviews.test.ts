import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { seedCatalog } from "../../db/seed/seed.ts";
import { catalogCachedByRevision } from "../../domain/catalog/catalog-reader.ts";
import { catalogRevisionReader } from "../../domain/catalog/catalog-revision.ts";
import { createEarnPointTransaction } from "../../domain/loyalty/points/earn-points.ts";
import { getReviewForm, listMyReviews } from "../../domain/reviews/member-reviews.ts";
import { listProductReviews } from "../../domain/reviews/product-reviews.ts";
import { decideReview } from "../../domain/reviews/staff/decide-review.ts";
import { listReviewsForStaff } from "../../domain/reviews/staff/list-reviews-for-staff.ts";
import { submitReview } from "../../domain/reviews/submit-review.ts";
import { guest } from "../../domain/shared/context.ts";
import { asMember, createMember, entriesOf, insertPaidOrder, memberState } from "../setup/loyalty-fixtures.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, queryRows, type TestDatabase } from "../setup/test-database.ts";

const LUNA_BOX = "op-m8_pb-1b";
const JOFFEE_BOX = "op-j4_yz-1b";
const words = { rating: 5, title: "My morning glass", body: "Lychee Luxe tastes fresh and my skin feels better." };

describe(`product reviews (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
  });
  afterAll(() => database.close());

  const moderator = () => testContext(database.db, { viewer: staffWith("catalog") });
  /** A member with a paid order of each option given. */
  const buyer = async (...optionIds: string[]) => {
    const member = await createMember(database.db);
    for (const optionId of optionIds) await insertPaidOrder(database.db, { subtotalCents: 3_900, memberId: member.id, optionId });
    return member;
  };
  const review = (memberId: string, productId = "m8", input = words) =>
    submitReview(asMember(database.db, memberId), { productId, ...input });

  it("lets a buyer review a product once, and waits for staff before anyone sees it", async () => {
    const member = await buyer(LUNA_BOX);
    await expect(getReviewForm(asMember(database.db, member.id), { productId: "m8" })).resolves.toMatchObject({
      bought: true,
      review: null,
    });
    const written = await review(member.id);
    expect(written).toMatchObject({ status: "pending", rating: 5, authorName: "Tan L.", productId: "m8" });
    await expect(review(member.id)).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await listProductReviews(testContext(database.db), { productId: "m8" })).reviews).toEqual([]);
    const mine = await listMyReviews(asMember(database.db, member.id), {});
    expect(mine.map((item) => [item.product.id, item.review?.status ?? null])).toEqual([["m8", "pending"]]);
  });

  it("refuses guests, members who did not buy the product, and bad input, writing nothing", async () => {
    const member = await buyer(LUNA_BOX);
    await expect(
      submitReview(testContext(database.db, { viewer: guest(null) }), { productId: "m8", ...words }),
    ).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
    await expect(review(member.id, "j4")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(review(member.id, "m8", { rating: 6, title: " ", body: "short" })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      fields: { rating: "must be at most 5", title: "is required", body: "must be at least 20 characters" },
    });
    await expect(review(member.id, "no-such")).rejects.toMatchObject({ code: "NOT_FOUND" });
    const count = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from reviews where member_id = ${member.id}`,
    );
    expect(count).toEqual([{ n: 0 }]);
  });

  it("does not count a cancelled or refunded order as bought", async () => {
    const member = await buyer(LUNA_BOX);
    await database.db.update(orders).set({ status: "refunded" }).where(eq(orders.memberId, member.id));
    await expect(review(member.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("publishes an approved review with its summary, credits the review points once per member, and refreshes cached pages", async () => {
    const member = await buyer(LUNA_BOX, JOFFEE_BOX);
    const first = await review(member.id, "m8", { ...words, rating: 4 });
    const second = await review(member.id, "j4", { ...words, rating: 2 });
    const before = await memberState(database.db, member.id);
    const revision = await catalogRevisionReader(database.db)();

    await expect(decideReview(moderator(), { reviewId: first.id, decision: "approve" })).resolves.toMatchObject({
      pointsCredited: true,
    });
    expect(await catalogRevisionReader(database.db)()).toBeGreaterThan(revision);
    await expect(decideReview(moderator(), { reviewId: first.id, decision: "reject" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(decideReview(moderator(), { reviewId: second.id, decision: "approve" })).resolves.toMatchObject({
      pointsCredited: false,
    });

    const after = await memberState(database.db, member.id);
    expect(after.points).toBe(before.points + 50);
    expect(after.activities).toContain("post-review");
    expect(await entriesOf(database.db, member.id, "post-review")).toHaveLength(1);
    const shown = await listProductReviews(testContext(database.db), { productId: "m8" });
    // The file's earlier reviews of m8 were never approved: this one is the product's only published review.
    expect(shown.reviews.map((item) => [item.title, item.rating])).toEqual([["My morning glass", 4]]);
    expect(shown.summary).toMatchObject({ count: 1, average: 4 });
    const audit = await queryRows<{ action: string }>(database.db, sql`select action from audit_log where target = ${first.id}`);
    expect(audit).toEqual([{ action: "review.approve" }]);
  });

  it("keeps a product's shown reviews with the catalogue's revision: a published review shows at once, in any process", async () => {
    // Two processes' catalogues, each kept per revision.
    const processes = [0, 1].map(() =>
      catalogCachedByRevision(database.db, () => catalogRevisionReader(database.db)(), { warn: () => {} }),
    );
    const shownBy = async (catalog: (typeof processes)[number]) =>
      (await listProductReviews({ ...testContext(database.db), catalog }, { productId: "mpu" })).reviews.map(
        (item) => item.title,
      );
    for (const catalog of processes) expect(await shownBy(catalog)).toEqual([]);
    const member = await buyer("op-mpu_ba-1pu");
    const written = await review(member.id, "mpu", { ...words, title: "A pouch to try" });
    for (const catalog of processes) expect(await shownBy(catalog)).toEqual([]);
    await decideReview(moderator(), { reviewId: written.id, decision: "approve" });
    for (const catalog of processes) expect(await shownBy(catalog)).toEqual(["A pouch to try"]);
  });

  it("credits once when two staff approve two reviews of one member at the same moment", async () => {
    const member = await buyer(LUNA_BOX, JOFFEE_BOX);
    const reviews = [await review(member.id, "m8"), await review(member.id, "j4")];
    const before = await memberState(database.db, member.id);
    const results = await Promise.all(
      reviews.map((item) => decideReview(moderator(), { reviewId: item.id, decision: "approve" })),
    );
    expect(results.filter((result) => result.pointsCredited)).toHaveLength(1);
    expect((await memberState(database.db, member.id)).points).toBe(before.points + 50);
  });

  it("keeps a rejected review off the product page and gives no points", async () => {
    const member = await buyer(JOFFEE_BOX);
    const written = await review(member.id, "j4", { ...words, title: "Not for me at all" });
    const before = await memberState(database.db, member.id);
    await decideReview(moderator(), { reviewId: written.id, decision: "reject" });
    expect((await memberState(database.db, member.id)).points).toBe(before.points);
    const shown = await listProductReviews(testContext(database.db), { productId: "j4" });
    expect(shown.reviews.map((item) => item.title)).not.toContain("Not for me at all");
    const rejected = await listReviewsForStaff(moderator(), { status: "rejected" });
    expect(rejected.map((item) => item.id)).toContain(written.id);
  });

  it("lets only staff with the catalogue permission see and decide reviews", async () => {
    const member = await buyer(LUNA_BOX);
    const written = await review(member.id);
    for (const ctx of [
      testContext(database.db, { viewer: staffWith("orders", "promotions") }),
      asMember(database.db, member.id),
      testContext(database.db, { viewer: guest(null) }),
    ]) {
      await expect(decideReview(ctx, { reviewId: written.id, decision: "approve" })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(listReviewsForStaff(ctx, {})).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    const queue = await listReviewsForStaff(moderator(), {});
    expect(queue.find((item) => item.id === written.id)).toMatchObject({
      productName: expect.any(String),
      memberEmail: member.email,
    });
  });

  it("no longer lets a member mark a review as posted themselves", async () => {
    const member = await buyer();
    await expect(
      createEarnPointTransaction(asMember(database.db, member.id), {
        memberId: member.id,
        meta: { activityType: "post-review" },
      }),
    ).rejects.toMatchObject({ code: "BAD_USER_INPUT", message: expect.stringContaining("approves your review") });
  });
});
