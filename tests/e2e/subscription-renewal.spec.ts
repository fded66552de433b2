import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { eq, sql } from "drizzle-orm";
import { members } from "../../db/schema/members.ts";
import { sendRenewalReminders } from "../../domain/subscriptions/renewals/renewal-reminders.ts";
import { runRenewals } from "../../domain/subscriptions/renewals/run-renewals.ts";
import { createTestPaymentProvider } from "../../integrations/payments/test-provider.ts";
import { DAY_MS, HOUR_MS, singaporeDate } from "../../kernel/singapore-time.ts";
import { emailText, sentEmailFiles } from "../setup/email-text.ts";
import { testContext } from "../setup/operation-context.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { closeOwnShop } from "./own-shop.ts";
import { continueAtProvider, type TestIdentity as Identity, newIdentity } from "./sign-in.ts";

/** The test provider's cards: one that renews, one the bank declines whenever the shop charges it later. */
const RENEWS = "4242 4242 4242 4242";
const DECLINES_LATER = "4000 0000 0000 0341";

test.describe("subscription renewals", () => {
  let shop: TestServer;
  test.beforeAll(async () => {
    // A shop of its own, whose clock the journey moves by running its scheduled work as of a later moment.
    test.setTimeout(120_000);
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  test.afterAll(() => closeOwnShop(shop));

  const at = (route: string) => `${shop.baseUrl}${route}`;

  /** The shop's scheduled work (reminders, renewals) run as its job runs it, at `moment`. */
  const scheduledAt = (job: string, moment: Date) => {
    const db = shop.server.database.db;
    const payments = createTestPaymentProvider({ db, webhookSecret: "unused-by-off-session-charges", jobs: shop.server.jobs });
    return testContext(db, {
      viewer: { kind: "system", job },
      now: () => moment,
      ports: { jobs: shop.server.jobs, payments },
    });
  };

  /** Subscribes to one Luna box every 4 weeks through the shop's pages, signing in when checkout asks. */
  async function subscribe(page: Page, identity: Identity, cardNumber: string) {
    await page.goto(at("/shop/luna-collagen/m8"));
    await page.getByRole("group", { name: "One-off or subscribe" }).getByRole("radio", { name: "Every 4 weeks" }).check();
    await page.getByRole("button", { name: "Add to bag" }).click();
    await expect(page.getByRole("status")).toContainText("Added to your bag.");
    await page.goto(at("/checkout/shipping"));
    await page.getByTestId("subscription-sign-in").getByRole("link", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await continueAtProvider(page, identity);
    await expect(page).toHaveURL(at("/checkout/shipping"));
    await page.getByLabel("Mobile number").fill("9123 4567");
    await page.getByLabel("Address", { exact: true }).fill("Blk 123 Tampines St 11, #04-56");
    await page.getByLabel("Postal code").fill("521123");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.getByLabel("Card number").fill(cardNumber);
    await page.getByRole("button", { name: "Pay S$38.05" }).click();
    await expect(page.getByRole("region", { name: "Your subscription has started" })).toBeVisible();
  }

  /** The member's subscription falls due on the Singapore day of `moment`. */
  async function dueOn(identity: Identity, moment: Date) {
    const db = shop.server.database.db;
    const [member] = await db.select({ id: members.id }).from(members).where(eq(members.email, identity.email));
    if (!member) throw new Error("no member");
    await db.execute(sql`update subscriptions set next_renewal_on = ${singaporeDate(moment)} where member_id = ${member.id}`);
  }

  /** The emails the shop sent to the member whose subject matches. */
  const emailsTo = (identity: Identity, subject: RegExp) => {
    const outbox = path.join(shop.dataDir, "outbox");
    return sentEmailFiles(outbox)
      .map((file) => readFileSync(path.join(outbox, file), "utf8"))
      .filter((eml) => eml.includes(`To: ${identity.email}`) && subject.test(eml))
      .map(emailText);
  };

  test("a subscriber is reminded three days before, then the renewal arrives as an order with its points and the reward taken with points", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const identity = newIdentity("Google", "Tan Wei Ling");
    await subscribe(page, identity, RENEWS);

    // Points from two actions buy a pouch, which rides with the next box.
    await page.goto(at("/member/earn-points"));
    await page.getByRole("button", { name: "Earn 50 points for Follow us on Instagram" }).click();
    await page.getByRole("button", { name: /^Earn 50 points for Like us on Facebook/ }).click();
    await page.goto(at("/member/redeem/pouch"));
    await page.getByRole("radio", { name: /Yuzu Delight/ }).check();
    await page.getByRole("button", { name: "Add to bag" }).click();
    await expect(page.getByRole("status")).toContainText("Added to your bag.");
    await page.goto(at("/member/subscriptions"));
    await expect(page.getByText("Riding with your next box:")).toBeVisible();
    await expectAccessibleAtBothWidths(page, "subscription-with-reward");
    const pointsBefore = Number(await page.goto(at("/member")).then(() => page.getByTestId("member-points").textContent()));

    // Three days before the box, the reminder goes out once, with the date, the amount and a skip link.
    const renewsAt = new Date(Date.now() + 3 * DAY_MS);
    await dueOn(identity, renewsAt);
    await sendRenewalReminders(scheduledAt("send-renewal-reminders", new Date()), {});
    await sendRenewalReminders(scheduledAt("send-renewal-reminders", new Date()), {});
    await expect.poll(() => emailsTo(identity, /^Subject: Your next box is on its way/m).length, { timeout: 30_000 }).toBe(1);
    const reminder = emailsTo(identity, /^Subject: Your next box is on its way/m)[0] ?? "";
    expect(reminder).toContain("S$38.05");
    expect(reminder).toMatch(/skip/i);

    // The day comes: the scheduled run renews it as an order, with the pouch on it.
    await runRenewals(scheduledAt("renew-subscriptions", renewsAt), {});
    await runRenewals(scheduledAt("renew-subscriptions", new Date(renewsAt.getTime() + HOUR_MS)), {});
    await page.goto(at("/member"));
    await expect(page.getByTestId("member-points")).not.toHaveText(String(pointsBefore));
    expect(Number(await page.getByTestId("member-points").textContent())).toBeGreaterThan(pointsBefore);
    await expect(page.getByTestId("member-orders").getByRole("listitem")).toHaveCount(2);
    await page.goto(at("/member/subscriptions"));
    await expect(page.getByText("Riding with your next box:")).toHaveCount(0);
  });

  test("a renewal the bank declines is tried again after a day, and the card the member changes to pays it", async ({ page }) => {
    test.setTimeout(180_000);
    const identity = newIdentity("Google", "Muhammad Irfan");
    await subscribe(page, identity, DECLINES_LATER);

    const dueAt = new Date();
    await dueOn(identity, dueAt);
    await runRenewals(scheduledAt("renew-subscriptions", dueAt), {});
    await expect
      .poll(() => emailsTo(identity, /^Subject: Your subscription payment was declined/m).length, { timeout: 30_000 })
      .toBe(1);

    await page.goto(at("/member/subscriptions"));
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2 }) });
    await expect(card).toContainText("ending 0341");
    await card.getByRole("button", { name: "Change card" }).click();
    await expect(page.getByRole("heading", { name: "Save a card" })).toBeVisible();
    await page.getByLabel("Card number").fill(RENEWS);
    await page.getByRole("button", { name: "Save card" }).click();
    await expect(page).toHaveURL(/\/member\/subscriptions/);
    await expect(page.getByRole("status").first()).toBeVisible();
    await expect(card).toContainText("ending 4242");
    await expectAccessibleAtBothWidths(page, "subscription-card-changed");

    // A day later the retry charges the new card once; running again charges nothing more.
    const retryAt = new Date(dueAt.getTime() + DAY_MS + HOUR_MS);
    await runRenewals(scheduledAt("renew-subscriptions", retryAt), {});
    await runRenewals(scheduledAt("renew-subscriptions", retryAt), {});
    await page.goto(at("/member"));
    await expect(page.getByTestId("member-orders").getByRole("listitem")).toHaveCount(2);
  });
});
