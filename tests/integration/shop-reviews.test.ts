import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedCatalog } from "../../db/seed/seed.ts";
import { getShopReviews } from "../../domain/reviews/shop-reviews.ts";
import { decideReview } from "../../domain/reviews/staff/decide-review.ts";
import { submitReview } from "../../domain/reviews/submit-review.ts";
import { asMember, createMember, insertPaidOrder } from "../setup/loyalty-fixtures.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

const LUNA_BOX = "op-m8_pb-1b";
const JOFFEE_BOX = "op-j4_yz-1b";

describe(`the shop's rating on the home page (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await seedCatalog(database.db);
  });
  afterAll(() => database.close());

  const shopReviews = () => getShopReviews(testContext(database.db), {});
  /** A buyer's review of a product, approved, rejected or left waiting. */
  async function reviewed(productId: string, optionId: string, rating: number, decision?: "approve" | "reject") {
    const member = await createMember(database.db);
    await insertPaidOrder(database.db, { subtotalCents: 3_900, memberId: member.id, optionId });
    const title = `${rating} stars for ${productId}`;
    const written = await submitReview(asMember(database.db, member.id), {
      productId,
      rating,
      title,
      body: "Tastes fresh and keeps me going.",
    });
    if (decision)
      await decideReview(testContext(database.db, { viewer: staffWith("catalog") }), { reviewId: written.id, decision });
    return title;
  }

  it("shows no rating at all before any review is published", async () => {
    await reviewed("m8", LUNA_BOX, 5);
    expect(await shopReviews()).toEqual({
      summary: { count: 0, average: null, byRating: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: 0 })) },
      newest: [],
    });
  });

  it("averages every published review of every product and quotes the newest three with their product", async () => {
    await reviewed("m8", LUNA_BOX, 5, "approve");
    await reviewed("j4", JOFFEE_BOX, 4, "approve");
    await reviewed("j4", JOFFEE_BOX, 1, "reject");
    await reviewed("m8", LUNA_BOX, 4, "approve");
    const newest = await reviewed("j4", JOFFEE_BOX, 3, "approve");
    const { summary, newest: quoted } = await shopReviews();
    expect(summary).toMatchObject({ count: 4, average: 4 });
    expect(quoted).toHaveLength(3);
    expect(quoted[0]).toMatchObject({
      title: newest,
      rating: 3,
      productName: expect.stringContaining("Joffee"),
      authorName: expect.any(String),
    });
    expect(quoted.map((review) => review.productPath)).toEqual([
      expect.stringMatching(/^\/shop\/joffee\//),
      expect.stringMatching(/^\/shop\/luna-collagen\//),
      expect.stringMatching(/^\/shop\/joffee\//),
    ]);
  });
});
