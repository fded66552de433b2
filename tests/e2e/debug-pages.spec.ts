import { placePastOrder } from "../setup/past-orders.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { closeOwnShop } from "./own-shop.ts";
import { continueAtProvider, newIdentity } from "./sign-in.ts";

let shop: TestServer;
test.beforeAll(async () => {
  // A shop of its own in debug mode: migrating and seeding its database takes a while on a busy machine.
  test.setTimeout(120_000);
  shop = await startTestServer({ DEBUG_TOOLS: "true", TRUSTED_PROXY_HOPS: "1" });
});
test.afterAll(() => closeOwnShop(shop));

test("the debug pages: a member's record, their orders, how a code shows and the promotion codes", async ({ page }) => {
  test.setTimeout(120_000);
  const me = newIdentity("Google");
  const url = (path: string) => `${shop.baseUrl}${path}`;

  // Signed out, a debug page shows nothing and sends to sign-in, which comes back to it.
  await page.goto(url("/debug/member"));
  await expect(page).toHaveURL(url("/member/login?redirect=%2Fdebug%2Fmember"));
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await continueAtProvider(page, me);
  await expect(page).toHaveURL(url("/debug/member"));

  await page.getByLabel("Email").fill(me.email);
  await page.getByLabel("Provider").selectOption("google");
  await page.getByRole("button", { name: "Look up" }).click();
  const record = page.getByTestId("member-record");
  await expect(record.getByRole("heading", { name: `${me.name} (green)` })).toBeVisible();
  await expect(record.getByText("Sign Up: credit 50")).toBeVisible();
  await expectNoAxeViolations(page);

  // An order placed with the member's email waits to be linked; one click links it.
  const order = await placePastOrder(shop.server.database.db, { email: me.email, mobile: "9123 4567", paidAt: new Date() });
  await page.getByRole("navigation", { name: "Debug pages" }).getByRole("link", { name: "Orders" }).click();
  await expect(page.getByTestId("recent-orders")).toContainText(`${order.invoiceId}`);
  await page.getByRole("button", { name: `Link order ${order.invoiceId}` }).click();
  await expect(page.getByTestId("debug-answer")).toContainText(`Linked order ${order.invoiceId} (new)`);
  await expect(page.getByTestId("recent-orders")).toContainText("linked to you");
  await expectNoAxeViolations(page);

  // A bundle is excluded from campaign discounts: the code takes nothing off it, and the page says so.
  await page.getByRole("link", { name: "Promotion display" }).click();
  await page.getByLabel("Promotion code").fill("WELCOME10");
  await page.getByLabel("Product and option").selectOption("op-mbndl5-5b");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByTestId("exclusion-reason")).toBeVisible();
  await expect(page.getByTestId("promotion-problem")).toContainText("That promotion code doesn't apply to anything in your bag.");
  await expectNoAxeViolations(page);

  // A test code, created and then listed; checked against an empty bag it says so.
  await page.getByRole("link", { name: "Promotion codes" }).click();
  await page.getByLabel("Kind").selectOption("amount");
  await page.getByLabel("Value").fill("300");
  await page.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByTestId("debug-answer")).toContainText(/Created TEST-[A-Z0-9]{6}\./);
  const created = /TEST-[A-Z0-9]{6}/.exec((await page.getByTestId("debug-answer").textContent()) ?? "")?.[0] ?? "";
  await expect(page.getByTestId("promotion-codes")).toContainText(created);
  await page.getByLabel("Promotion code").fill(created);
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page.getByText("Your bag is empty.")).toBeVisible();
  await expectNoAxeViolations(page);
});
