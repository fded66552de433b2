import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { orders } from "../../db/schema/orders.ts";
import { runLoyaltyMaintenance } from "../../domain/loyalty/upkeep/maintenance.ts";
import { markOrderDelivered, shipOrder } from "../../domain/orders/staff/ship-order.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { staffWith, testContext } from "../setup/operation-context.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { layoutShifts } from "./layout-shift.ts";
import { closeOwnShop } from "./own-shop.ts";
import { continueAtProvider, newIdentity } from "./sign-in.ts";

test.describe("referrals", () => {
  let shop: TestServer;
  test.beforeAll(async () => {
    // A shop of its own, whose database the journey moves past the refund window.
    test.setTimeout(120_000);
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  test.afterAll(() => closeOwnShop(shop));

  test("staff switch referrals on; a friend follows a member's link, pays less, and once delivered and past the window the member's points arrive", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const at = (path: string) => `${shop.baseUrl}${path}`;
    const db = shop.server.database.db;

    const staff = await (await browser.newContext()).newPage();
    await staff.goto(at("/admin/login"));
    await staff.getByRole("button", { name: "Continue with Google" }).click();
    await staff.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();
    await staff.goto(at("/admin/programme"));
    await staff.getByRole("button", { name: "Start a draft" }).click();
    await staff.getByLabel("Members refer friends").check();
    await staff.getByLabel("Friend's first-order discount (%)").fill("10");
    await staff.getByRole("button", { name: /^Save draft/ }).click();
    await expect(staff.getByRole("status")).toContainText("Referrals: off → on");
    await expectAccessibleAtBothWidths(staff, "admin-programme-draft-referrals");
    await staff.getByRole("button", { name: /^Publish version/ }).click();
    await expect(staff).toHaveURL(/\/admin\/programme\?published=/);

    const member = newIdentity("Google", "Nur Aisyah");
    await page.goto(at("/member/login?redirect=%2Fmember"));
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await continueAtProvider(page, member);
    await expect(page).toHaveURL(at("/member"));
    const card = page.getByRole("region", { name: "Refer your friends" });
    await expect(card).toContainText("gets 10% off that order");
    // Copying is the page's script: the button does nothing until the page has hydrated.
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await card.getByRole("button", { name: "Copy link" }).click();
    await expect(card.getByRole("status")).toHaveText(/Link copied\.|Copy the link from the box above\./);
    const link = await page.getByTestId("referral-link").inputValue();
    expect(link).toMatch(new RegExp(`^${shop.baseUrl}/r/[2-9A-Z]{8}$`));
    await expectAccessibleAtBothWidths(page, "member-referral-link");
    await page.goto(at("/member/earn-points"));
    await expect(page.getByText("Your referral link")).toBeVisible();

    const friend = await (await browser.newContext()).newPage();
    await friend.goto(link);
    await expect(friend).toHaveURL(at("/"));
    // The home page is the same for everyone: the greeting comes with the page's scripts, over the
    // bottom of the viewport, so nothing that painted moves.
    const welcome = friend.getByRole("status").filter({ hasText: "A friend sent you" });
    await expect(welcome).toHaveText(/^A friend sent you 10% off your first order\. It is taken off at checkout\./);
    expect(await layoutShifts(friend)).toEqual([]);
    await expectAccessibleAtBothWidths(friend, "home-friend-offer");
    // "Skip to content" leads the keyboard to the note's Dismiss first.
    await friend.keyboard.press("Tab");
    await expect(friend.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await friend.keyboard.press("Enter");
    await friend.keyboard.press("Tab");
    await expect(welcome.getByRole("button", { name: "Dismiss" })).toBeFocused();
    await friend.keyboard.press("Enter");
    await expect(welcome).toHaveCount(0);
    // Once is enough: neither the next page nor the home page again greets them.
    for (const path of ["/shop", "/"]) {
      await friend.goto(at(path));
      await expect(friend.locator("html[data-hydrated]")).toBeAttached();
      await expect(friend.getByText("A friend sent you")).toHaveCount(0);
    }
    await friend.goto(at("/shop/luna-collagen/m8"));
    await friend.getByRole("button", { name: "Lychee Luxe", exact: true }).click();
    await friend.getByRole("radio", { name: /^1 Box/ }).check();
    await friend.getByRole("button", { name: "Add to bag" }).click();
    await expect(friend.getByRole("status")).toContainText("Added to your bag.");
    // S$39 of goods, 10% off: S$3.90, then S$4.90 shipping; the bag says so before checkout does.
    await friend.goto(at("/bag"));
    await expect(friend.getByTestId("checkout-referral-discount")).toHaveText("-S$3.90");
    await expect(friend.getByTestId("bag-shipping")).toHaveText("S$4.90");
    await expect(friend.getByTestId("bag-total")).toHaveText("S$40.00");
    await expectAccessibleAtBothWidths(friend, "bag-referral-discount");
    await friend.goto(at("/checkout/summary"));
    await expect(friend.getByTestId("checkout-referral-discount")).toHaveText("-S$3.90");
    await expect(friend.getByTestId("checkout-total")).toHaveText("S$40.00");
    await expectAccessibleAtBothWidths(friend, "checkout-referral-discount");
    await friend.goto(at("/checkout/shipping"));
    await friend.getByLabel("Full name").fill("Siti Rahmah");
    await friend.getByLabel("Email", { exact: true }).fill(`friend-${randomUUID().slice(0, 8)}@example.com`);
    await friend.getByLabel("Mobile number").fill("8123 9876");
    await friend.getByLabel("Address", { exact: true }).fill("10 Jurong West St 41, #05-12");
    await friend.getByLabel("Postal code").fill("649413");
    await friend.getByRole("button", { name: "Continue to payment" }).click();
    await expect(friend.getByText("S$40.00").first()).toBeVisible();
    await friend.getByLabel("Card number").fill("4242 4242 4242 4242");
    await friend.getByRole("button", { name: /^Pay/ }).click();
    await expect(friend.getByRole("heading", { name: "Thank you, Siti Rahmah!" })).toBeVisible();
    const invoiceId = (await friend.getByTestId("invoice-id").textContent()) ?? "";

    await page.goto(at("/member/referrals"));
    await expect(page.getByTestId("referral")).toContainText("Siti R.");
    await expect(page.getByTestId("referral-state")).toHaveText("Ordered, not yet delivered");

    // The order ships and is delivered; then the test moves its delivery past the 14-day refund window.
    const [order] = await db.select().from(orders).where(eq(orders.invoiceId, invoiceId));
    if (!order) throw new Error("no order");
    expect(order.priceCents).toBe(4_000);
    const desk = testContext(db, { viewer: staffWith("orders") });
    await shipOrder(desk, { orderId: order.id, carrier: "ninjavan", trackingNumber: "NV-2468" });
    await markOrderDelivered(desk, { orderId: order.id });
    await page.reload();
    await expect(page.getByTestId("referral-state")).toHaveText("Delivered, refund window running");
    await db.execute(sql`update orders set delivered_at = delivered_at - interval '15 days' where id = ${order.id}`);
    await db.execute(sql`update referrals set delivered_at = delivered_at - interval '15 days' where order_id = ${order.id}`);

    const asScheduled = () =>
      testContext(db, { viewer: { kind: "system", job: "loyalty-maintenance" }, ports: { jobs: shop.server.jobs } });
    expect((await runLoyaltyMaintenance(asScheduled(), {})).referrals).toEqual({ credited: 1, points: 200 });
    expect((await runLoyaltyMaintenance(asScheduled(), {})).referrals).toEqual({ credited: 0, points: 0 });

    await page.reload();
    await expect(page.getByTestId("referral-state")).toHaveText("Points credited · 200 points");
    await expectAccessibleAtBothWidths(page, "member-referrals");
    await page.goto(at("/member"));
    await expect(page.getByTestId("member-points")).toHaveText("250");
    await expect(page.getByRole("listitem").filter({ hasText: "Referral Bonus" })).toContainText("+200");

    await staff.goto(at("/admin/referrals"));
    await expect(staff.getByTestId("recent-referral")).toContainText("Points credited");
    await expectAccessibleAtBothWidths(staff, "admin-referrals");
  });
});
