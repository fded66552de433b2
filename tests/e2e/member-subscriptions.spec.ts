import { eq } from "drizzle-orm";
import { members } from "../../db/schema/members.ts";
import { addDaysToDate, singaporeDate } from "../../kernel/singapore-time.ts";
import { insertSubscription } from "../setup/subscription-fixtures.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { closeOwnShop } from "./own-shop.ts";
import { continueAtProvider, newIdentity } from "./sign-in.ts";

test.describe("a member manages their subscription", () => {
  let shop: TestServer;
  test.beforeAll(async () => {
    // A shop of its own, whose database the journey writes the subscription into.
    test.setTimeout(120_000);
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  test.afterAll(() => closeOwnShop(shop));

  test("finds it from the member page, skips the next box, swaps the flavour, pauses and resumes, then cancels in two taps", async ({
    page,
  }) => {
    const at = (path: string) => `${shop.baseUrl}${path}`;
    const db = shop.server.database.db;
    const identity = newIdentity("Google", "Nurul Huda");
    await page.goto(at("/member/login?redirect=%2Fmember"));
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await continueAtProvider(page, identity);
    await expect(page).toHaveURL(at("/member"));

    await page.getByRole("navigation", { name: "Member" }).getByRole("link", { name: "Subscriptions" }).click();
    await expect(page).toHaveURL(at("/member/subscriptions"));
    await expect(page.getByText("You have no subscriptions yet.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the shop" })).toHaveAttribute("href", "/shop");
    await expectAccessibleAtBothWidths(page, "member-subscriptions-empty");

    const [member] = await db.select({ id: members.id }).from(members).where(eq(members.email, identity.email));
    if (!member) throw new Error("no member");
    const due = addDaysToDate(singaporeDate(new Date()), 10);
    await insertSubscription(db, { memberId: member.id, nextRenewalOn: due });
    await page.reload();
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 2 }) });
    await expect(card.getByTestId("subscription-status")).toHaveText("Active");
    await expect(card).toContainText("S$38.05");
    await expect(card).toContainText("VISA ending 4242");
    await expectAccessibleAtBothWidths(page, "member-subscriptions");

    await card.getByRole("button", { name: "Skip my next box" }).click();
    await expect(card.getByRole("status")).toHaveText(/^Skipped: your next box now comes on /);

    await card.getByText("Swap flavour or product").click();
    const flavour = card.getByLabel("What your boxes bring");
    // Another flavour of the same product, in the same size.
    const other = await flavour.evaluate((select: HTMLSelectElement) => {
      const current = select.selectedOptions[0];
      const [taste, size] = (current?.textContent ?? "").split(" · ");
      return [...(current?.parentElement?.children ?? [])]
        .map((option) => option as HTMLOptionElement)
        .find((option) => !option.text.startsWith(`${taste} · `) && option.text.endsWith(` · ${size}`))?.value;
    });
    if (!other) throw new Error("nothing to swap to");
    await flavour.selectOption(other);
    await card.getByRole("button", { name: "Swap", exact: true }).click();
    await expect(card.getByRole("status")).toHaveText(/^From your next box on you get /);
    await expect(flavour).toHaveValue(other);

    await card.getByText("Pause", { exact: true }).click();
    await card.getByRole("button", { name: "Pause my subscription" }).click();
    await expect(card.getByRole("status")).toHaveText("Paused: nothing is sent or charged until you resume it.");
    await expect(card.getByTestId("subscription-status")).toHaveText("Paused");
    await card.getByRole("button", { name: "Resume" }).click();
    await expect(card.getByRole("status")).toHaveText(/^Running again: your next box comes on /);
    await expect(card.getByTestId("subscription-status")).toHaveText("Active");

    // Cancelling, by keyboard: the first tap asks, and keeping it is one link away.
    await card.getByRole("link", { name: "Cancel subscription" }).focus();
    await page.keyboard.press("Enter");
    const ask = card.getByRole("heading", { name: "Cancel this subscription?" });
    await expect(ask).toBeFocused();
    await expect(card.getByRole("link", { name: "Keep my subscription" })).toBeVisible();
    await expectAccessibleAtBothWidths(page, "member-subscriptions-cancel-step");
    await card.getByLabel("Why are you cancelling? (optional)").fill("Travelling for a while");
    await page.keyboard.press("Tab");
    await expect(card.getByRole("button", { name: "Yes, cancel it" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(card.getByTestId("subscription-status")).toHaveText("Cancelled");
    await expect(page.getByRole("status").filter({ hasText: "Cancelled: no more boxes" })).toBeVisible();
    await expect(card.getByRole("button")).toHaveCount(0);
    await expect(card.getByText(/^Cancelled on /)).toBeVisible();
    await expectAccessibleAtBothWidths(page, "member-subscriptions-cancelled");
  });
});
