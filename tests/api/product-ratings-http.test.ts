import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { productPhotos } from "../../db/schema/product-photos.ts";
import { reviews } from "../../db/schema/reviews.ts";
import { REVIEWS_PER_PAGE } from "../../domain/reviews/product-reviews.ts";
import { createMember, insertPaidOrder } from "../setup/loyalty-fixtures.ts";
import { openBrowser } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const PRODUCT_PAGE = "/shop/luna-collagen/m8";
const STRUCTURED_DATA = /<script type="application\/ld\+json">(.*?)<\/script>/s;
const HOSTILE_TITLE = "Great </script><script>alert(1)</script> drink";
/** m8's approved ratings: one more than a page of them, the oldest first. */
const RATINGS = Array.from({ length: REVIEWS_PER_PAGE + 1 }, (_, index) => [5, 4, 5, 3, 1][index % 5] as number);

type JsonLd = Record<string, unknown> & {
  offers?: Record<string, unknown>[];
  aggregateRating?: Record<string, unknown>;
  review?: { reviewRating: Record<string, unknown>; author: { name?: unknown }; name: string }[];
};

/**
 * What Google requires of a Product for its rich results: a name and an image, and offers, a review or
 * an aggregate rating; each rating within its best and worst, a whole review count, prices as numbers.
 * The problems found, none when it is valid.
 */
function productRichResultProblems(data: JsonLd): string[] {
  const problems: string[] = [];
  const withinBounds = (rating: Record<string, unknown>, where: string) => {
    const { ratingValue, bestRating = 5, worstRating = 1 } = rating as Record<string, number>;
    if (typeof ratingValue !== "number" || ratingValue < worstRating || ratingValue > bestRating) {
      problems.push(`${where}.ratingValue ${ratingValue} is not within ${worstRating}–${bestRating}`);
    }
  };
  if (data["@context"] !== "https://schema.org" || data["@type"] !== "Product") problems.push("not a schema.org Product");
  if (typeof data.name !== "string" || data.name === "") problems.push("no name");
  const images = ([] as unknown[]).concat(data.image ?? []);
  if (images.length === 0 || !images.every((image) => typeof image === "string" && URL.canParse(image)))
    problems.push("no image URL");
  if (!data.offers && !data.review && !data.aggregateRating) problems.push("none of offers, review, aggregateRating");
  for (const [index, offer] of (data.offers ?? []).entries()) {
    if (offer["@type"] !== "Offer") problems.push(`offers[${index}] is not an Offer`);
    if (!/^\d+(\.\d{1,2})?$/.test(String(offer.price))) problems.push(`offers[${index}].price ${offer.price}`);
    if (offer.priceCurrency !== "SGD") problems.push(`offers[${index}].priceCurrency ${offer.priceCurrency}`);
    if (!["https://schema.org/InStock", "https://schema.org/OutOfStock"].includes(String(offer.availability))) {
      problems.push(`offers[${index}].availability ${offer.availability}`);
    }
  }
  if (data.aggregateRating) {
    withinBounds(data.aggregateRating, "aggregateRating");
    const { reviewCount } = data.aggregateRating;
    if (!Number.isInteger(reviewCount) || (reviewCount as number) < 1)
      problems.push(`aggregateRating.reviewCount ${reviewCount}`);
  }
  for (const [index, review] of (data.review ?? []).entries()) {
    withinBounds(review.reviewRating, `review[${index}].reviewRating`);
    if (typeof review.author?.name !== "string" || review.author.name === "") problems.push(`review[${index}] has no author`);
  }
  return problems;
}

describe("star ratings, review pages and structured data over HTTP", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer();
    const db = shop.server.database.db;
    const buyer = await createMember(db);
    await insertPaidOrder(db, { subtotalCents: 3_900, memberId: buyer.id, optionId: "op-m8_pb-1b" });
    const people = RATINGS.map(() => ({ id: randomUUID(), email: `${randomUUID()}@example.com` }));
    await db.insert(members).values(people);
    const rows = RATINGS.map((rating, index) => ({
      id: randomUUID() as string,
      productId: "m8",
      memberId: index === 0 ? buyer.id : (people[index]?.id as string),
      authorName: `Reviewer ${index}`,
      rating,
      title: index === RATINGS.length - 1 ? HOSTILE_TITLE : `Review ${index}`,
      body: "Fresh and not too sweet; I drink it every morning.",
      createdAt: new Date(Date.UTC(2026, 5, 1 + index)),
      updatedAt: new Date(Date.UTC(2026, 5, 1 + index)),
    }));
    await db.insert(reviews).values([
      ...rows,
      // A bundle's review, and one waiting for staff that nobody sees.
      { ...rows[1], id: randomUUID(), memberId: buyer.id, productId: "mbndl5", title: "Bundle review" },
      { ...rows[2], id: randomUUID(), memberId: buyer.id, productId: "j4", title: "Pending review" },
    ] as (typeof reviews.$inferInsert)[]);
    // Published as staff would: the change of state raises the catalogue's revision.
    const published = rows
      .map((row) => row.id)
      .concat((await db.select().from(reviews)).filter((row) => row.title === "Bundle review").map((row) => row.id));
    await db.update(reviews).set({ status: "approved" }).where(inArray(reviews.id, published));
    await db.insert(productPhotos).values({
      id: randomUUID(),
      productId: "m8",
      hash: "0123456789abcdef",
      alt: "Luna Collagen box",
      width: 1280,
      height: 1280,
      position: 0,
      createdAt: new Date(),
    });
  });
  afterAll(() => shop.close());

  const page = async (path: string) => {
    const response = await openBrowser(shop).get(path);
    return { status: response.status, html: await response.text() };
  };
  const structuredData = (html: string): JsonLd => JSON.parse(STRUCTURED_DATA.exec(html)?.[1] ?? "null");
  const average = Math.round((RATINGS.reduce((sum, rating) => sum + rating, 0) / RATINGS.length) * 10) / 10;

  it("publishes a Product that meets the rules of Google's product rich results, with review text that cannot end its script", async () => {
    const { html } = await page(PRODUCT_PAGE);
    const data = structuredData(html);
    expect(productRichResultProblems(data)).toEqual([]);
    expect(data).toMatchObject({
      image: [expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/photos\/0123456789abcdef-1280\.webp$/)],
      aggregateRating: { ratingValue: average, reviewCount: RATINGS.length, bestRating: 5, worstRating: 1 },
    });
    expect(data.offers?.length).toBeGreaterThan(0);
    expect(data.review).toHaveLength(REVIEWS_PER_PAGE);
    expect(data.review?.[0]?.name).toBe(HOSTILE_TITLE);
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toContain(`href="#reviews"`);
    expect(html).toContain(`${average.toFixed(1)} out of 5 stars, ${RATINGS.length} reviews`);
    expect(/<link rel="canonical" href="([^"]*)"/.exec((await page(`${PRODUCT_PAGE}?sort=lowest&rating=1`)).html)?.[1]).toMatch(
      /\/shop\/luna-collagen\/m8$/,
    );
  });

  it("links to each order, rating and page of the reviews, and serves each as a page of its own", async () => {
    const { html } = await page(PRODUCT_PAGE);
    for (const query of ["sort=highest", "sort=lowest", "rating=5", "rating=1", "page=2"]) {
      expect(html).toContain(`href="${PRODUCT_PAGE}?${query}#reviews"`);
    }
    // Only the oldest review's author bought the product; it is alone on the second page.
    expect(html).not.toContain("Verified buyer");
    const fives = RATINGS.filter((rating) => rating === 5).length;
    expect(html).toContain(
      `5 stars</span><span class="sr-only">: ${fives} reviews, ${Math.round((fives / RATINGS.length) * 100)}%`,
    );

    const lowest = structuredData((await page(`${PRODUCT_PAGE}?sort=lowest`)).html);
    expect(lowest.review?.slice(0, 4).map((review) => review.reviewRating.ratingValue)).toEqual([1, 1, 1, 1]);
    const ones = await page(`${PRODUCT_PAGE}?rating=1&sort=highest`);
    expect(structuredData(ones.html).review?.map((review) => review.reviewRating.ratingValue)).toEqual([1, 1, 1, 1]);
    // The other links keep the chosen rating, and the chosen rating links back to every rating.
    expect(ones.html).toContain(`href="${PRODUCT_PAGE}?rating=1&amp;sort=lowest#reviews"`);
    expect(ones.html).toContain(`href="${PRODUCT_PAGE}?sort=highest#reviews"`);
    const second = await page(`${PRODUCT_PAGE}?page=2`);
    expect(structuredData(second.html).review?.map((review) => review.name)).toEqual(["Review 0"]);
    expect(/<a [^>]*rel="prev"[^>]*>/.exec(second.html)?.[0]).toContain(`href="${PRODUCT_PAGE}#reviews"`);
    expect(second.html).toContain("Verified buyer");
  });

  it("answers 404 for an order, rating or page of reviews it never links to", async () => {
    for (const query of [
      "sort=oldest",
      "sort=",
      "rating=6",
      "rating=five",
      "page=3",
      "page=0",
      "rating=1&rating=2",
      "rating=2&page=2",
    ]) {
      const { status, html } = await page(`${PRODUCT_PAGE}?${query}`);
      expect(status, query).toBe(404);
      expect(html, query).toContain("Page not found");
    }
  });

  it("shows each product's stars and count on the listings, read out as a sentence", async () => {
    const sentence = `${average.toFixed(1)} out of 5 stars, ${RATINGS.length} reviews`;
    for (const listing of ["/shop", "/shop/luna-collagen"]) expect((await page(listing)).html, listing).toContain(sentence);
    const sale = (await page("/shop/sale")).html;
    expect(sale).toContain("4.0 out of 5 stars, 1 review<");
    const joffee = (await page("/shop/joffee")).html;
    expect(joffee).not.toContain("out of 5 stars");
  });
});
