import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { members } from "../../db/schema/members.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { closeOwnShop } from "./own-shop.ts";
import { continueAtProvider, newIdentity } from "./sign-in.ts";

const DEBUG_PAGES = [
  "/debug/auth",
  "/debug/member",
  "/debug/orders",
  "/debug/test-display-promo",
  "/debug/stripe-coupon-utility",
];
const TWO_DAYS_S = 2 * 24 * 60 * 60;

const openFolder = (page: Page, name: string) =>
  page
    .getByRole("region", { name: "Debug panel" })
    .locator("summary", { hasText: new RegExp(`^${name}$`) })
    .click();

test.describe("the debug panel, in debug mode", () => {
  let shop: TestServer;
  test.beforeAll(async () => {
    // A shop of its own, with the debug tools on: migrating and seeding it takes a while on a busy machine.
    test.setTimeout(120_000);
    shop = await startTestServer({ DEBUG_TOOLS: "true", TRUSTED_PROXY_HOPS: "1" });
  });
  test.afterAll(() => closeOwnShop(shop));

  test("a member tries points, dummy orders, a bad gold date and an expired session", async ({ page }) => {
    const at = (path: string) => `${shop.baseUrl}${path}`;
    const identity = newIdentity("Google");
    // On an error page too; signed out, the panel says so and offers to sign in.
    await page.goto(at("/no-such-page"));
    await page.getByRole("button", { name: "Debug", exact: true }).click();
    await openFolder(page, "Auth");
    await expect(page.getByRole("region", { name: "Debug panel" }).getByText("You are signed out.")).toBeVisible();

    await page.goto(at("/member/login?redirect=%2Fmember"));
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await continueAtProvider(page, identity);
    await expect(page).toHaveURL(at("/member"));

    await page.goto(at("/debug/auth"));
    const main = page.locator("main");
    await expect(main.getByText(`${identity.name} (${identity.email})`)).toBeVisible();
    await expect(main.getByText("set (hidden)")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(at("/member"));
    await expect(page.getByTestId("member-points")).toContainText("50");

    const toggle = page.getByRole("button", { name: "Debug", exact: true });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const panel = page.getByRole("region", { name: "Debug panel" });
    const status = panel.getByRole("status");

    await openFolder(page, "Points");
    await expect(panel.getByText("Balance: 50 points")).toBeVisible();
    await panel.getByRole("button", { name: "Add bonus", exact: true }).click();
    await expect(status).toHaveText("Add bonus points: done.");
    await expect(panel.getByText("Balance: 150 points")).toBeVisible();
    await expect(page.getByTestId("member-points")).toContainText("150");

    await openFolder(page, "Dummy Orders");
    await panel.getByRole("button", { name: "Create old order" }).click();
    await expect(status).toHaveText("Create a dummy order (old): done.");
    await panel.getByRole("button", { name: "Create new order" }).click();
    await expect(status).toHaveText("Create a dummy order (new): done.");
    const [member] = await shop.server.database.db.select().from(members).where(eq(members.email, identity.email));
    const created = (member?.createdAt.getTime() ?? 0) / 1000;
    const orders = panel.getByRole("list", { name: "Dummy orders" }).getByRole("listitem");
    await expect(orders).toHaveCount(2);
    await expect(orders.filter({ hasText: String(created + TWO_DAYS_S) })).toHaveCount(1);
    await expect(orders.filter({ hasText: String(created - TWO_DAYS_S) })).toHaveCount(1);

    await openFolder(page, "Member");
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    const graphqlCalls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/graphql") graphqlCalls.push(request.url());
    });
    await panel.getByLabel("Gold start date (YYYY-MM-DD)").fill("01/02/2026");
    await panel.getByRole("button", { name: "Set", exact: true }).click();
    await expect.poll(() => alerts).toEqual(["Invalid date format. Please use YYYY-MM-DD."]);
    expect(graphqlCalls).toEqual([]);

    await openFolder(page, "Auth");
    await expect(panel.getByText(`${identity.name} (${identity.email})`)).toBeVisible();
    await expectNoAxeViolations(page, "the panel with every folder open");

    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
    await toggle.press("Enter");
    await panel.getByRole("button", { name: "Expire session now" }).click();
    await expect(page).toHaveURL(at("/member/login?redirect=%2Fmember"));
  });

  test("an action after the session ended elsewhere signs in again and comes back", async ({ page }) => {
    const at = (path: string) => `${shop.baseUrl}${path}`;
    await page.goto(at("/member/login?redirect=%2Fmember%2Fearn-points"));
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await continueAtProvider(page, newIdentity("Google"));
    await expect(page).toHaveURL(at("/member/earn-points"));
    await page.getByRole("button", { name: "Debug", exact: true }).click();
    await openFolder(page, "Points");
    const panel = page.getByRole("region", { name: "Debug panel" });
    await expect(panel.getByText("Balance: 50 points")).toBeVisible();

    // Signed out in another tab: the session ends on the server and its cookie goes.
    const other = await page.context().newPage();
    await other.goto(at("/member/logout"));
    await other.getByRole("button", { name: "Sign out" }).click();
    await expect(other).toHaveURL(at("/"));
    await other.close();

    const visited: string[] = [];
    page.on("framenavigated", (frame) => {
      const url = new URL(frame.url());
      if (frame === page.mainFrame()) visited.push(`${url.pathname}${url.search}`);
    });
    await panel.getByRole("button", { name: "Add bonus", exact: true }).click();
    await expect(page).toHaveURL(at("/member/login?redirect=%2Fmember%2Fearn-points"));
    expect(visited).toContain("/member/logout?redirect=%2Fmember%2Fearn-points");
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();
  });

  test("every action that cannot be undone asks first, naming what will be lost", async ({ page }) => {
    const at = (path: string) => `${shop.baseUrl}${path}`;
    const identity = newIdentity("Facebook", "Goh Siew Ling");
    await page.goto(at("/member/login?redirect=%2Fmember"));
    await page.getByRole("button", { name: "Continue with Facebook" }).click();
    await continueAtProvider(page, identity);
    await expect(page).toHaveURL(at("/member"));
    await page.getByRole("button", { name: "Debug", exact: true }).click();
    const panel = page.getByRole("region", { name: "Debug panel" });
    const status = panel.getByRole("status");
    const graphqlCalls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/graphql") graphqlCalls.push(request.postData() ?? "");
    });

    await openFolder(page, "Points");
    await panel.getByRole("button", { name: "Add bonus", exact: true }).click();
    await expect(panel.getByText("Balance: 150 points")).toBeVisible();
    const deleteBonus = panel.getByRole("button", { name: "Delete bonus points" });
    await deleteBonus.click();
    const question = panel.getByTestId("debug-confirm");
    await expect(question).toContainText(
      `Delete bonus points? Every Dummy Bonus Points entry of ${identity.name} is deleted, and its points leave the balance (now 150 points). This cannot be undone.`,
    );
    const cancel = question.getByRole("button", { name: "Cancel" });
    await expect(cancel).toBeFocused();
    await expectNoAxeViolations(page, "the panel asking before it deletes");
    graphqlCalls.length = 0;
    await cancel.click();
    await expect(question).toHaveCount(0);
    await expect(deleteBonus).toBeFocused();
    expect(graphqlCalls).toEqual([]);
    await expect(panel.getByText("Balance: 150 points")).toBeVisible();
    await deleteBonus.click();
    await question.getByRole("button", { name: "Delete them" }).click();
    await expect(status).toHaveText("Delete bonus points: done.");
    await expect(panel.getByText("Balance: 50 points")).toBeVisible();

    await openFolder(page, "Dummy Orders");
    await panel.getByRole("button", { name: "Create new order" }).click();
    await expect(status).toHaveText("Create a dummy order (new): done.");
    await panel.getByRole("button", { name: /^Delete order / }).click();
    await expect(question).toContainText(/is deleted with the purchase it counted, and the points it brought are taken back\./);
    await question.getByRole("button", { name: "Cancel" }).click();
    await expect(panel.getByRole("list", { name: "Dummy orders" }).getByRole("listitem")).toHaveCount(1);

    await openFolder(page, "Member");
    await panel.getByRole("button", { name: "Reset membership" }).click();
    await expect(question).toContainText(`${identity.name} goes back to a green membership starting today`);
    await question.getByRole("button", { name: "Cancel" }).click();
    graphqlCalls.length = 0;
    await panel.getByRole("button", { name: "Delete the member" }).click();
    await expect(question).toContainText(`${identity.name} (${identity.email}) is deleted with their`);
    expect(graphqlCalls).toEqual([]);
    await question.getByRole("button", { name: "Delete the member for good" }).click();
    await expect(status).toHaveText(`Delete the member: deleted ${identity.email}.`);
  });
});

test.describe("outside debug mode", () => {
  test("every debug page answers 404 and no page carries the panel", async ({ page, request }) => {
    for (const path of [...DEBUG_PAGES, "/debug/session"]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
    // The panel's code (its built file is named after its module, debug-panel.tsx).
    const debugScripts: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/debug-panel-[\w-]+\.js$/.test(new URL(request.url()).pathname)) debugScripts.push(request.url());
    });
    for (const path of ["/", "/shop", "/member/login", "/debug/auth"]) {
      await page.goto(path);
      // The panel's code would be asked for in the render that follows hydration, which also marks the page.
      await expect(page.locator("html[data-hydrated]")).toBeAttached();
      expect(debugScripts, path).toEqual([]);
      await expect(page.getByRole("button", { name: "Debug", exact: true })).toHaveCount(0);
      expect(await page.content()).not.toContain('id="debug-panel"');
    }
  });
});
