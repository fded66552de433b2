import type { Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** Counts the full document loads of a page from now on. */
function documentLoads(page: Page): { count: number } {
  const loads = { count: 0 };
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads.count++;
  });
  return loads;
}

test("a browser on an unknown address ends on /404 naming the address, with status 404", async ({ page }) => {
  const response = await page.goto("/the/path");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL("/404?path=%2Fthe%2Fpath");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found: /the/path");
  await expect(page).toHaveTitle("404 - Page not found: /the/path | Nectar Lab");
  for (const name of ["Go to the home page", "Browse the shop", "Help centre", "Track an order"]) {
    await expect(page.getByRole("main").getByRole("link", { name })).toBeVisible();
  }

  const reloaded = await page.reload();
  expect(reloaded?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found: /the/path");
});

test("a client navigation to an unknown address ends on /404 too, and Back returns to the page before", async ({ page }) => {
  await page.goto("/shop");
  // A link the page itself navigates by, as one to a page since removed would be.
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
  const data = page.waitForResponse((response) => response.url().includes("/shop/luna-collagen/gone/too-far.data"));
  await page.evaluate(() => {
    const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } })
      .__reactRouterDataRouter;
    void router.navigate("/shop/luna-collagen/gone/too-far");
  });
  expect((await data).status()).toBe(404);
  await expect(page).toHaveURL("/404?path=%2Fshop%2Fluna-collagen%2Fgone%2Ftoo-far");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found: /shop/luna-collagen/gone/too-far");
  await page.goBack();
  await expect(page).toHaveURL("/shop");
});

test("a crawler gets a plain 404 at the address it asked for, never a redirect or the error page", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ userAgent: GOOGLEBOT, baseURL });
  const page = await context.newPage();
  const redirects: string[] = [];
  page.on("response", (response) => {
    if (response.status() >= 300 && response.status() < 400) redirects.push(response.url());
  });
  const response = await page.goto("/the/path");
  expect(response?.status()).toBe(404);
  expect(response?.headers()["content-type"]).toContain("text/plain");
  expect(page.url()).toBe(`${baseURL}/the/path`);
  await expect(page.locator("body")).toHaveText("Page not found: /the/path");
  expect(redirects).toEqual([]);
  await context.close();
});

test("/404 has no WCAG 2.2 AA violations", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/404\?path=/);
  await expectNoAxeViolations(page);
});

test("once a newer build is out, the next link click loads the whole page", async ({ page }) => {
  await page.route("**/api/build", async (route) => {
    const running = await (await route.fetch()).json();
    await route.fulfill({ json: { ...running, id: "a-newer-build", builtAt: "2999-01-01T00:00:00.000Z" } });
  });
  await page.goto("/shop");
  await expect(page.locator("html[data-new-build]")).toHaveCount(1);
  await page.evaluate(() => Object.assign(window, { pageBeforeClick: true }));
  const loads = documentLoads(page);
  await page
    .getByRole("main")
    .getByRole("link", { name: /Luna Collagen/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/shop\/luna-collagen/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(loads.count).toBe(1);
  expect(await page.evaluate(() => "pageBeforeClick" in window)).toBe(false);
});

test("while the build is the same, a link click stays in the page", async ({ page }) => {
  const checked = page.waitForResponse("**/api/build");
  await page.goto("/shop");
  expect((await checked).headers()["cache-control"]).toBe("no-store");
  await page.evaluate(() => Object.assign(window, { pageBeforeClick: true }));
  const loads = documentLoads(page);
  await page
    .getByRole("main")
    .getByRole("link", { name: /Luna Collagen/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/shop\/luna-collagen/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(loads.count).toBe(0);
  expect(await page.evaluate(() => "pageBeforeClick" in window)).toBe(true);
  await expect(page.locator("html[data-new-build]")).toHaveCount(0);
});

test("a chunk that fails to load reloads the page once, and a second failure within 10 seconds does not loop", async ({
  page,
}) => {
  await page.route(/\/assets\/shop-[\w-]{8}\.js$/, (route) => route.fulfill({ status: 404, body: "" }));
  const refused = page.waitForEvent("console", (message) => message.text().includes("not reloading so soon"));
  const loads = documentLoads(page);
  await page.goto("/shop", { waitUntil: "commit" });
  await refused;
  expect(loads.count).toBe(2);
  // The page is still readable as the server rendered it.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
