import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { members } from "../../db/schema/members.ts";
import { orders } from "../../db/schema/orders.ts";
import { sendReviewRequests } from "../../domain/orders/review-requests.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { DAY_MS } from "../../kernel/singapore-time.ts";
import { emailText, sentEmailFiles } from "../setup/email-text.ts";
import { insertPaidOrder } from "../setup/loyalty-fixtures.ts";
import { testContext } from "../setup/operation-context.ts";
import { jpegWithLocation } from "../setup/pictures.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";
import { expectAccessibleAtBothWidths } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { closeOwnShop } from "./own-shop.ts";
import { continueAtProvider, newIdentity } from "./sign-in.ts";

test.describe("photos on reviews", () => {
  let shop: TestServer;
  test.beforeAll(async () => {
    // A shop of its own, whose order the journey marks delivered a week ago.
    test.setTimeout(120_000);
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  test.afterAll(() => closeOwnShop(shop));

  test("a week after delivery the member is asked by email, reviews with a photo, staff see it and publish it, shoppers see it", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const at = (address: string) => `${shop.baseUrl}${address}`;
    const db = shop.server.database.db;
    const identity = newIdentity("Google", "Aisyah Rahman");
    await page.goto(at("/member/login?redirect=%2Fmember"));
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await continueAtProvider(page, identity);
    await expect(page).toHaveURL(at("/member"));
    const [member] = await db.select({ id: members.id }).from(members).where(eq(members.email, identity.email));
    if (!member) throw new Error("no member");
    const order = await insertPaidOrder(db, { subtotalCents: 3_900, memberId: member.id, optionId: "op-m8_pb-1b" });
    await db
      .update(orders)
      .set({ status: "delivered", deliveredAt: new Date(Date.now() - 8 * DAY_MS) })
      .where(eq(orders.id, order.id));

    // The scheduled run asks, through the shop's own job queue: the email lands once, in the outbox.
    const scheduled = () =>
      testContext(db, { viewer: { kind: "system", job: "send-review-requests" }, ports: { jobs: shop.server.jobs } });
    await sendReviewRequests(scheduled(), {});
    await sendReviewRequests(scheduled(), {});
    const outbox = path.join(shop.dataDir, "outbox");
    const requests = () =>
      sentEmailFiles(outbox)
        .map((file) => readFileSync(path.join(outbox, file), "utf8"))
        .filter((eml) => eml.includes(`To: ${identity.email}`) && /^Subject: How are you finding /m.test(eml));
    await expect.poll(() => requests().length, { timeout: 30_000 }).toBe(1);
    const email = emailText(requests()[0] ?? "");
    expect(email).toContain(`Your order ${order.invoiceId} arrived a little while ago.`);
    expect(email).toMatch(/Unsubscribe|unsubscribe/);
    const link = /Review [^:\n]+: (\S+\/member\/reviews\/m8)/.exec(email)?.[1] ?? "";
    expect(link).not.toBe("");

    await page.goto(at(new URL(link).pathname));
    await page.getByRole("radio", { name: "5 out of 5 stars" }).check();
    await page.getByLabel("Title").fill("Pink and fresh");
    await page.getByLabel("Your review").fill("A glass every morning; the lychee tastes real and my skin feels it.");
    await page.getByLabel("Photos (optional)").setInputFiles({
      name: "IMG_2041.JPG",
      mimeType: "image/jpeg",
      buffer: Buffer.from(await jpegWithLocation()),
    });
    await page.getByRole("button", { name: "Send review" }).click();
    await expect(page.getByRole("status")).toHaveText("Thank you! Your review is waiting for our team's approval.");
    const ownPhoto = page.getByRole("img", { name: "Photo 1 of 1 from Aisyah R." });
    await expect(ownPhoto).toBeVisible();
    await expect.poll(() => ownPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectAccessibleAtBothWidths(page, "review-photos-member");

    const staff = await (await browser.newContext()).newPage();
    await staff.goto(at("/admin/login"));
    await staff.getByRole("button", { name: "Continue with Google" }).click();
    await staff.getByRole("button", { name: new RegExp(TEST_OWNER.email) }).click();
    await staff.goto(at("/admin/reviews"));
    const staffPhoto = staff.getByRole("img", { name: "Photo 1 of 1 from Aisyah R." });
    await expect(staffPhoto).toBeVisible();
    await expect.poll(() => staffPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectAccessibleAtBothWidths(staff, "review-photos-admin");
    await staff.getByRole("button", { name: 'Publish "Pink and fresh" on Luna Collagen' }).click();
    await expect(staff.getByRole("status")).toHaveText(
      'Published the review "Pink and fresh". The member earned the review points.',
    );
    await staff.close();

    const shopper = await (await browser.newContext()).newPage();
    await shopper.goto(at("/shop/luna-collagen/m8"));
    const reviews = shopper.getByRole("region", { name: "Reviews", exact: true });
    await expect(reviews.getByRole("heading", { name: "Pink and fresh" })).toBeVisible();
    const shown = reviews.getByRole("img", { name: "Photo 1 of 1 from Aisyah R." });
    // Loaded lazily, once scrolled to.
    await shown.scrollIntoViewIfNeeded();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectAccessibleAtBothWidths(shopper, "review-photos-product");
    await shopper.close();
  });
});
