import { randomUUID } from "node:crypto";
import { reviews } from "../../db/schema/reviews.ts";
import { seedDevelopmentReviews } from "../../db/seed/dev-reviews.ts";
import { createMember, insertPaidOrder } from "../setup/loyalty-fixtures.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { closeOwnShop } from "./own-shop.ts";

test.describe("star ratings where shoppers decide", () => {
  let shop: TestServer;
  test.beforeAll(async () => {
    // A shop of its own with the development reviews (five of Luna Collagen's 8-serving box) and one
    // more from a member who bought the box.
    test.setTimeout(120_000);
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
    const db = shop.server.database.db;
    await seedDevelopmentReviews(db);
    const buyer = await createMember(db);
    await insertPaidOrder(db, { subtotalCents: 3_900, memberId: buyer.id, optionId: "op-m8_pb-1b" });
    const at = new Date("2026-11-25T09:00:00+08:00");
    await db.insert(reviews).values({
      id: randomUUID(),
      productId: "m8",
      memberId: buyer.id,
      authorName: "Tan L.",
      rating: 5,
      title: "Worth every box",
      body: "I bought it for my mother and now we both drink it every morning.",
      status: "approved",
      createdAt: at,
      updatedAt: at,
    });
  });
  test.afterAll(() => closeOwnShop(shop));

  test("a shopper compares ratings on the listing, reads the product's reviews by rating and order, and sees who bought it", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const at = (path: string) => `${shop.baseUrl}${path}`;
    await page.goto(at("/shop/luna-collagen"));
    const card = page
      .getByRole("article")
      .filter({ has: page.getByRole("link", { name: "Luna Collagen Nectar, 8-serving box" }) });
    await expect(card.getByText("4.5 out of 5 stars, 6 reviews")).toBeAttached();
    await expectAccessibleAtBothWidths(page, "listing-ratings");

    await card.getByRole("link").click();
    await page.getByRole("link", { name: "4.5 out of 5 stars, 6 reviews" }).click();
    const section = page.getByRole("region", { name: "Reviews", exact: true });
    await expect(section).toBeInViewport();
    await expect(section.getByRole("listitem").filter({ hasText: "Worth every box" })).toContainText("Verified buyer");
    await expect(section.getByRole("listitem").filter({ hasText: "My morning glass" })).not.toContainText("Verified buyer");

    const ratings = section.getByRole("list", { name: "Reviews by rating" });
    await ratings.getByRole("link", { name: /^3 stars\s*: 1 review, 17%/ }).click();
    await expect(page).toHaveURL(/\?rating=3#reviews$/);
    await expect(section.getByRole("heading", { level: 3 })).toHaveText(["Fine, not magic"]);
    await section.getByRole("link", { name: "Show all reviews" }).click();
    await expect(section.getByRole("heading", { level: 3 })).toHaveCount(6);

    await section.getByRole("navigation", { name: "Sort reviews" }).getByRole("link", { name: "Lowest rated" }).click();
    await expect(page).toHaveURL(/\?sort=lowest#reviews$/);
    await expect(section.getByRole("heading", { level: 3 }).first()).toHaveText("Fine, not magic");
    await expectAccessibleAtBothWidths(page, "product-ratings");
  });

  test("the reviews' order and ratings work without script", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${shop.baseUrl}/shop/luna-collagen/m8`);
    const section = page.getByRole("region", { name: "Reviews", exact: true });
    await section.getByRole("link", { name: "Highest rated" }).click();
    await expect(page).toHaveURL(/\?sort=highest#reviews$/);
    await expect(section.getByRole("link", { name: "Highest rated" })).toHaveAttribute("aria-current", "true");
    await section.getByRole("link", { name: /^4 stars/ }).click();
    await expect(page).toHaveURL(/\?sort=highest&rating=4#reviews$/);
    await expect(section.getByRole("heading", { level: 3 })).toHaveText(["Good, a little sweet"]);
    await context.close();
  });
});
