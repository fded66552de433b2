import { optionSkus } from "../../db/schema/catalog.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { addDaysToDate, singaporeDate } from "../../kernel/singapore-time.ts";
import { createMember, insertPaidOrder } from "../setup/loyalty-fixtures.ts";
import { insertRenewal, insertSubscription } from "../setup/subscription-fixtures.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { closeOwnShop } from "./own-shop.ts";

test.describe("subscriptions in the back office", () => {
  let shop: TestServer;
  let email: string;
  test.beforeAll(async () => {
    // A shop of its own, holding subscriptions as subscribing and renewing leave them.
    test.setTimeout(120_000);
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
    const db = shop.server.database.db;
    const [line] = await db.select().from(optionSkus).limit(1);
    if (!line) throw new Error("the seeded catalogue has no option");
    const member = await createMember(db);
    email = member.email;
    const first = await insertPaidOrder(db, { subtotalCents: 3_900, memberId: member.id, optionId: line.optionId });
    const today = singaporeDate(new Date());
    const base = { memberId: member.id, optionId: line.optionId, firstOrderId: first.id };
    await insertSubscription(db, { ...base, nextRenewalOn: addDaysToDate(today, 5), cadenceWeeks: 2, quantity: 2 });
    const failed = await insertSubscription(db, { ...base, nextRenewalOn: addDaysToDate(today, -2), status: "payment_failed" });
    const renewal = await insertPaidOrder(db, { subtotalCents: 3_315, memberId: member.id, optionId: line.optionId });
    await insertRenewal(db, {
      subscriptionId: failed.id,
      dueOn: addDaysToDate(today, -30),
      outcome: "paid",
      orderId: renewal.id,
    });
    await insertRenewal(db, {
      subscriptionId: failed.id,
      dueOn: addDaysToDate(today, -2),
      outcome: "declined",
      attempts: 4,
      failureReason: "Your card was declined.",
    });
  });
  test.afterAll(() => closeOwnShop(shop));

  test("staff find a subscription whose payment failed, read its renewals, pause another for its member and change the offer", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const at = (path: string) => `${shop.baseUrl}${path}`;
    await page.goto(at("/admin/login"));
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();
    await expect(page).toHaveURL(at("/admin"));
    const figures = page.getByRole("region", { name: "Subscriptions" });
    await expect(figures.getByText("Active subscribers").locator("xpath=following-sibling::dd")).toHaveText("1");
    await expect(figures.getByRole("region", { name: /^Units due, / })).toContainText("4");

    await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Subscriptions" }).click();
    await page.getByLabel("Status").selectOption({ label: "Payment failed" });
    await page.getByLabel("Member's email").fill(email);
    await page.getByRole("button", { name: "Search" }).click();
    const found = page.getByRole("region", { name: "Subscriptions found" });
    await expect(found.getByRole("row")).toHaveCount(2);
    await expectAccessibleAtBothWidths(page, "admin-subscriptions");
    await found.getByRole("link", { name: email }).click();
    await expect(page.getByText("Payment failed").first()).toBeVisible();
    const renewals = page.getByRole("region", { name: "Renewals, latest date first" });
    await expect(renewals.getByRole("row").nth(1)).toContainText("Your card was declined.");
    await expect(renewals.getByRole("row").nth(2)).toContainText("Paid");
    await expectAccessibleAtBothWidths(page, "admin-subscription");

    await page.getByRole("link", { name: "All subscriptions" }).click();
    await expect(found.getByRole("row")).toHaveCount(3);
    await page.getByLabel("Status").selectOption({ label: "Active" });
    await page.getByRole("button", { name: "Search" }).click();
    await expect(found.getByRole("row")).toHaveCount(2);
    await found.getByRole("link", { name: email }).click();
    await page.getByLabel("Pause until (empty: until resumed)").fill("");
    await page.getByRole("button", { name: "Pause", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("Paused until resumed.");
    await expect(page.getByRole("button", { name: "Resume" })).toBeVisible();

    await page.goto(at("/admin/subscriptions/settings"));
    await page.getByLabel("Subscription discount (%)").fill("95");
    await page.getByRole("button", { name: "Save the offer" }).click();
    await expect(page.getByRole("alert")).toContainText("Subscription discount must be at most 90.");
    await page.getByLabel("Subscription discount (%)").fill("20");
    await page.getByLabel("Cadences offered (weeks, e.g. 2, 4, 6)").fill("2, 4, 8");
    await page.getByRole("button", { name: "Save the offer" }).click();
    await expect(page.getByRole("status")).toContainText("The subscription offer is saved.");
    await expect(page.getByLabel("Cadences offered (weeks, e.g. 2, 4, 6)")).toHaveValue("2, 4, 8");
    await expectAccessibleAtBothWidths(page, "admin-subscription-settings");
  });
});
