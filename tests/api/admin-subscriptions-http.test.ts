import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { optionSkus } from "../../db/schema/catalog.ts";
import { auditLog } from "../../db/schema/staff.ts";
import { subscriptionSettings, subscriptions } from "../../db/schema/subscriptions.ts";
import { loadSubscriptionOffer } from "../../domain/catalog/subscription-offer.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { createMember, insertPaidOrder } from "../setup/loyalty-fixtures.ts";
import { newPerson, openBrowser, type ShopBrowser, staffSignIn } from "../setup/shop-browser.ts";
import { insertRenewal, insertSubscription } from "../setup/subscription-fixtures.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const CSRF_FIELD = /<input type="hidden" name="csrf" value="([^"]*)"/;
const STAMP_FIELD = /<input type="hidden" name="seen" value="([^"]*)"/;

describe("the back office's subscriptions over HTTP", () => {
  let shop: TestServer;
  let subscriptionId: string;
  let email: string;
  let invoiceId: string;
  const db = () => shop.server.database.db;
  const csrfOf = async (browser: ShopBrowser, path: string) => CSRF_FIELD.exec(await (await browser.get(path)).text())?.[1] ?? "";

  beforeAll(async () => {
    shop = await startTestServer();
    const [line] = await db().select().from(optionSkus).limit(1);
    if (!line) throw new Error("the seeded catalogue has no option");
    const member = await createMember(db());
    email = member.email;
    const first = await insertPaidOrder(db(), { subtotalCents: 3_900, memberId: member.id, optionId: line.optionId });
    const subscription = await insertSubscription(db(), {
      memberId: member.id,
      optionId: line.optionId,
      firstOrderId: first.id,
      nextRenewalOn: "2099-01-05",
      status: "payment_failed",
    });
    subscriptionId = subscription.id;
    const renewal = await insertPaidOrder(db(), {
      subtotalCents: 3_315,
      memberId: member.id,
      optionId: line.optionId,
      paidAt: new Date("2098-12-08T04:00:00Z"),
    });
    invoiceId = renewal.invoiceId;
    await insertRenewal(db(), { subscriptionId, dueOn: "2098-12-08", outcome: "paid", orderId: renewal.id });
    await insertRenewal(db(), {
      subscriptionId,
      dueOn: "2099-01-05",
      outcome: "declined",
      attempts: 4,
      failureReason: "Card declined",
    });
  });
  afterAll(() => shop.close());

  it("lists and filters subscriptions and shows one with its renewals and orders", async () => {
    const owner = await staffSignIn(shop, TEST_OWNER);
    const failed = await owner.get(`/admin/subscriptions?status=payment_failed&query=${encodeURIComponent(email)}`);
    expect(failed.status).toBe(200);
    const list = await failed.text();
    expect(list).toContain(`/admin/subscriptions/${subscriptionId}`);
    expect(await (await owner.get("/admin/subscriptions?status=paused")).text()).toContain("No subscriptions match.");
    const unknown = await owner.get("/admin/subscriptions?status=lapsed");
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("is not a subscription status");
    const page = await owner.get(`/admin/subscriptions/${subscriptionId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of ["Payment failed", "Card declined", invoiceId, "VISA ending 4242", "Renewal"])
      expect(html).toContain(text);
    expect((await owner.get("/admin/subscriptions/no-such-one")).status).toBe(404);
  });

  it("saves the offer from its form, refusing bad input plainly and changing nothing", async () => {
    const owner = await staffSignIn(shop, TEST_OWNER);
    const form = await (await owner.get("/admin/subscriptions/settings")).text();
    const csrf = CSRF_FIELD.exec(form)?.[1] ?? "";
    const seen = STAMP_FIELD.exec(form)?.[1] ?? "";
    const offer = {
      csrf,
      seen,
      intent: "offer",
      discountPercent: "20",
      cadencesWeeks: "2, 4",
      reminderDays: "3",
      retryDays: "1, 3",
      soldOutRule: "skip",
    };
    const before = await db().select().from(subscriptionSettings);
    const bad = await owner.post("/admin/subscriptions/settings", { ...offer, reminderDays: "14" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("fewer days than the shortest cadence");
    expect(await db().select().from(subscriptionSettings)).toEqual(before);
    const saved = await owner.post("/admin/subscriptions/settings", offer);
    expect(saved.status).toBe(200);
    expect(await loadSubscriptionOffer(db())).toMatchObject({ discountPercent: 20, cadencesWeeks: [2, 4], soldOutRule: "skip" });
    const stale = await owner.post("/admin/subscriptions/settings", { ...offer, discountPercent: "10" });
    expect(stale.status).toBe(409);
  });

  it("lets staff pause, resume, skip and cancel for the member, each audited, refusing what the state does not allow", async () => {
    const owner = await staffSignIn(shop, TEST_OWNER);
    const member = await createMember(db());
    const [line] = await db().select().from(optionSkus).limit(1);
    const first = await insertPaidOrder(db(), { subtotalCents: 3_900, memberId: member.id });
    const { id } = await insertSubscription(db(), {
      memberId: member.id,
      optionId: line?.optionId ?? "",
      firstOrderId: first.id,
      nextRenewalOn: "2099-02-02",
      cadenceWeeks: 2,
    });
    const path = `/admin/subscriptions/${id}`;
    const csrf = await csrfOf(owner, path);
    const resumeActive = await owner.post(path, { csrf, intent: "resume" });
    expect(resumeActive.status).toBe(409);
    expect(await (await owner.post(path, { csrf, intent: "skip", renewalOn: "2099-02-02" })).text()).toContain(
      "The box is skipped. The next one is due on Mon, 16 Feb 2099.",
    );
    expect((await owner.post(path, { csrf, intent: "pause", until: "" })).status).toBe(200);
    expect((await owner.post(path, { csrf, intent: "resume" })).status).toBe(200);
    const cancelled = await owner.post(path, { csrf, intent: "cancel", reason: "Moving abroad" });
    expect(await cancelled.text()).toContain("no more boxes");
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(row).toMatchObject({ status: "cancelled", cancelReason: "Moving abroad", nextRenewalOn: "2099-02-16" });
    const audited = await db().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.target, id));
    expect(audited.map((entry) => entry.action).sort()).toEqual([
      "subscription.cancel",
      "subscription.pause",
      "subscription.resume",
      "subscription.skip",
    ]);
    expect((await owner.post(path, { csrf, intent: "unknown" })).status).toBe(400);
  });

  it("refuses staff without the subscriptions permission, and everyone else, changing nothing", async () => {
    const owner = await staffSignIn(shop, TEST_OWNER);
    const orderly = newPerson("google", "Orderly");
    await owner.post("/admin/staff", {
      csrf: await csrfOf(owner, "/admin/staff"),
      intent: "add",
      email: orderly.email,
      role: "staff",
      permissions: "catalog",
    });
    const staff = await staffSignIn(shop, orderly);
    for (const path of ["/admin/subscriptions", `/admin/subscriptions/${subscriptionId}`, "/admin/subscriptions/settings"]) {
      expect((await staff.get(path)).status, path).toBe(403);
    }
    expect(await (await staff.get("/admin")).text()).not.toContain('href="/admin/subscriptions"');
    const before = await db().select().from(subscriptionSettings);
    const refused = await staff.post("/admin/subscriptions/settings", {
      csrf: await csrfOf(staff, "/admin/catalogue"),
      intent: "offer",
      discountPercent: "50",
      cadencesWeeks: "1",
      reminderDays: "1",
      retryDays: "1",
      soldOutRule: "delay",
    });
    expect(refused.status).toBe(403);
    expect(await db().select().from(subscriptionSettings)).toEqual(before);
    expect((await openBrowser(shop).get("/admin/subscriptions")).status).toBe(404);
    const csv = await owner.get("/admin/reports/subscriptions.csv?from=2098-12-08&to=2098-12-08");
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain("day,2098-12-08,1,33.15,0,0,");
    expect((await staff.get("/admin/reports/subscriptions.csv")).status).toBe(403);
    const cancel = await staff.post(`/admin/subscriptions/${subscriptionId}`, {
      csrf: await csrfOf(staff, "/admin/catalogue"),
      intent: "cancel",
    });
    expect(cancel.status).toBe(403);
    const [still] = await db().select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(still?.status).toBe("payment_failed");
    expect(await db().select().from(subscriptionSettings).where(eq(subscriptionSettings.discountPercent, 50))).toEqual([]);
  });
});
