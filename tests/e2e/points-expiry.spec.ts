import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { members } from "../../db/schema/members.ts";
import { runLoyaltyMaintenance } from "../../domain/loyalty/upkeep/maintenance.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { DAY_MS } from "../../kernel/singapore-time.ts";
import { emailText, sentEmailFiles } from "../setup/email-text.ts";
import { publishRulesAt } from "../setup/expiry-fixtures.ts";
import { testContext } from "../setup/operation-context.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { closeOwnShop } from "./own-shop.ts";
import { continueAtProvider, newIdentity } from "./sign-in.ts";

test.describe("points expiry", () => {
  let shop: TestServer;
  test.beforeAll(async () => {
    // A shop of its own, whose database the journey sets back in time.
    test.setTimeout(120_000);
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  test.afterAll(() => closeOwnShop(shop));

  test("a member long inactive sees the warning and gets its email once, then Points Expired after the scheduled run; staff restore them", async ({
    page,
    browser,
  }) => {
    const at = (path: string) => `${shop.baseUrl}${path}`;
    const db = shop.server.database.db;
    const identity = newIdentity("Google", "Siti Rahmah");
    await page.goto(at("/member/login?redirect=%2Fmember"));
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await continueAtProvider(page, identity);
    await expect(page).toHaveURL(at("/member"));
    await expect(page.getByTestId("points-expiry")).toHaveCount(0);

    // Points expire after 12 months since over a year ago; the member last earned 360 days ago.
    const now = Date.now();
    await publishRulesAt(db, new Date(now - 400 * DAY_MS), (rules) => ({
      ...rules,
      expiry: { months: 12, warningDays: [30, 3] },
    }));
    const [member] = await db.select({ id: members.id }).from(members).where(eq(members.email, identity.email));
    if (!member) throw new Error("no member");
    await db.execute(
      sql`update point_transactions set transaction_at = ${new Date(now - 360 * DAY_MS).toISOString()}::timestamptz where member_id = ${member.id}`,
    );

    await page.reload();
    await expect(page.getByTestId("points-expiry")).toContainText(/^50 points expire on .+ unless you earn or redeem points/);
    await expectAccessibleAtBothWidths(page, "member-points-expiry");

    // The scheduled work records the warning due and emails it through the shop's own job queue: it lands once.
    const asScheduled = () =>
      testContext(db, { viewer: { kind: "system", job: "loyalty-maintenance" }, ports: { jobs: shop.server.jobs } });
    await runLoyaltyMaintenance(asScheduled(), {});
    await runLoyaltyMaintenance(asScheduled(), {});
    const outbox = path.join(shop.dataDir, "outbox");
    const warningsTo = () =>
      sentEmailFiles(outbox)
        .map((file) => readFileSync(path.join(outbox, file), "utf8"))
        .filter((eml) => eml.includes(`To: ${identity.email}`) && /^Subject: 50 points expire on /m.test(eml));
    await expect.poll(() => warningsTo().length, { timeout: 30_000 }).toBe(1);
    expect(emailText(warningsTo()[0] ?? "")).toMatch(/50 points of your balance expire on /);

    // Ten days pass (the member's history moves ten days back), and the scheduled loyalty work runs as the job runs it.
    await db.execute(
      sql`update point_transactions set transaction_at = transaction_at - interval '10 days' where member_id = ${member.id}`,
    );
    const run = await runLoyaltyMaintenance(asScheduled(), {});
    expect(run.points).toMatchObject({ expired: 1, pointsExpired: 50 });
    await page.reload();
    await expect(page.getByTestId("member-points")).toHaveText("0");
    await expect(page.getByTestId("points-expiry")).toHaveCount(0);
    await expect(page.getByRole("listitem").filter({ hasText: "Points Expired" })).toContainText(/\u221250 points/);

    const staff = await (await browser.newContext()).newPage();
    await staff.goto(at("/admin/login"));
    await staff.getByRole("button", { name: "Continue with Google" }).click();
    await staff.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();
    await staff.goto(at(`/admin/members/${member.id}`));
    const expired = staff.getByRole("region", { name: "Expired points" });
    await expect(expired).toContainText("50 points expired on");
    await expectAccessibleAtBothWidths(staff, "admin-member-expiry");
    await expired.getByLabel("Reason for restoring").fill("Member was abroad for a year");
    await expired.getByRole("button", { name: "Restore 50 points" }).click();
    await expect(staff.getByRole("status")).toHaveText("50 expired points restored. The balance is now 50.");
    await expect(expired).toContainText("restored on");
    await expect(staff.getByRole("region", { name: "Points ledger", exact: true })).toContainText("Expired Points Restored");
    await expectAccessibleAtBothWidths(staff, "admin-member-expiry-restored");

    await page.reload();
    await expect(page.getByTestId("member-points")).toHaveText("50");
    await expect(page.getByRole("listitem").filter({ hasText: "Expired Points Restored" })).toContainText("+50");
  });
});
