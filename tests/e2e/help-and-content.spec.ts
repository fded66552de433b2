import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

const PAGES: [string, string][] = [
  ["/about-us", "About us"],
  ["/careers", "Careers"],
  ["/sustainability", "Sustainability"],
  ["/privacy-policy", "Privacy policy"],
  ["/terms-and-conditions", "Terms and conditions"],
  ["/help", "Help centre"],
  ["/help/delivery", "Delivery"],
  ["/help/loyalty-programme", "The loyalty programme"],
  ["/help/product/joffee", "Joffee"],
  ["/help/search?q=points", "Search help"],
];

for (const [path, heading] of PAGES) {
  test(`${path} shows its heading and has no WCAG 2.2 AA violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expectNoAxeViolations(page, path);
  });
}

test("a shopper finds the storage advice from a product page and jumps within the terms", async ({ page }) => {
  await page.goto("/shop/joffee/j4");
  await page.getByRole("link", { name: /How to take Joffee/ }).click();
  await expect(page).toHaveURL(/\/help\/product\/joffee$/);
  await expect(page.getByRole("heading", { name: "Storage" })).toBeVisible();

  await page.goto("/terms-and-conditions");
  await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "The loyalty programme" }).click();
  await expect(page).toHaveURL(/#the-loyalty-programme$/);
  await expect(page.getByRole("heading", { name: "When points are removed" })).toBeVisible();
});

test("searching help with JavaScript finds an answer, opens it, and explains a query it cannot search", async ({ page }) => {
  await page.goto("/help");
  await page.getByRole("searchbox", { name: "Search help" }).fill("refund");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/help\/search\?q=refund$/);
  await expect(page.getByRole("heading", { name: /results? for “refund”/ })).toBeVisible();
  await page.getByRole("link", { name: "How long does a refund take?" }).click();
  await expect(page).toHaveURL(/\/help\/returns-and-refunds#how-long-does-a-refund-take$/);

  await page.getByRole("searchbox", { name: "Search help" }).fill("a");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("alert")).toHaveText("Type at least 2 characters to search help.");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("help search is a plain form: results, no results and a message for a bad query", async ({ page }) => {
    await page.goto("/help");
    const search = page.getByRole("searchbox", { name: "Search help" });
    await search.fill("gold");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/help\/search\?q=gold$/);
    await expect(page.getByRole("heading", { name: /results? for “gold”/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "What is gold membership?" })).toBeVisible();

    await page.getByRole("searchbox", { name: "Search help" }).fill("xyzzy");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("heading", { name: "No results for “xyzzy”" })).toBeVisible();

    await page.getByRole("searchbox", { name: "Search help" }).fill("a");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("alert")).toHaveText("Type at least 2 characters to search help.");
  });
});
