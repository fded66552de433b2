import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../db/schema/orders.ts";
import { KEEP_ORDER_PATH } from "../../domain/loyalty/order-points/keep-order-link.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { emailLinks, emailText } from "../setup/email-text.ts";
import type { TestIdentity } from "../setup/embedded-sign-in.ts";
import { placeOrderOverHttp, shippingFor } from "../setup/http-checkout.ts";
import { confirmationFields } from "../setup/refund-fixtures.ts";
import { newPerson, openBrowser, type ShopBrowser, staffSignIn } from "../setup/shop-browser.ts";
import { eventually } from "../setup/test-jobs.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const MOBILE = "9123 4567";
const CSRF_FIELD = /<input type="hidden" name="csrf" value="([^"]*)"/;

type Email = { to: string; subject: string; text: string; links: string[]; programme: boolean };

/** The emails in a shop's outbox, read as their recipients get them. */
function outboxOf(shop: TestServer): Email[] {
  const dir = path.join(shop.dataDir, "outbox");
  const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(".eml")) : [];
  return files.map((file) => {
    const eml = readFileSync(path.join(dir, file), "utf8");
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, "m").exec(eml)?.[1]?.trim() ?? "";
    const programme = header("List-Unsubscribe") !== "";
    return { to: header("To"), subject: header("Subject"), text: emailText(eml), links: emailLinks(eml), programme };
  });
}

/**
 * Opens a link of the shop in this browser as a person clicking it would, following redirects; on
 * the order lookup form it gives the mobile number, as the recipient is asked to. The final answer,
 * and whether the form was on the way.
 */
async function follow(browser: ShopBrowser, link: string): Promise<{ response: Response; askedForMobile: boolean }> {
  let url = new URL(link);
  let askedForMobile = false;
  for (let step = 0; step < 6; step++) {
    const response = await browser.get(`${url.pathname}${url.search}`);
    const location = response.headers.get("location");
    if (location) {
      url = new URL(location, url);
      continue;
    }
    if (url.pathname !== "/order" || !url.searchParams.get("next")) return { response, askedForMobile };
    const html = await response.text();
    expect(response.status).toBe(200);
    const invoiceId = /<input id="invoiceId"[^>]*value="([^"]*)"/.exec(html)?.[1] ?? "";
    expect(invoiceId, "the form comes with the invoice filled in").toMatch(/^[0-9A-Z]{8}$/);
    const next = /<input type="hidden" name="next" value="([^"]*)"/.exec(html)?.[1] ?? "";
    askedForMobile = true;
    const proved = await browser.post("/order", { invoiceId, mobile: MOBILE, next });
    url = new URL(proved.headers.get("location") ?? "", url);
  }
  throw new Error(`${link} went round in circles`);
}

/** A useful page: 200, and an order page, the invoice PDF or a credit note of this order. */
async function expectUseful(response: Response, invoiceId: string, link: string) {
  expect(response.status, link).toBe(200);
  if (response.headers.get("content-type") === "application/pdf") {
    expect(response.headers.get("content-disposition"), link).toContain(invoiceId);
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  } else {
    const html = await response.text();
    expect(html, link).toMatch(new RegExp(`(Order|Invoice) ${invoiceId}`));
    expect(html, link).toContain("Estimated delivery");
  }
}

describe("every link in the shop's emails works for whoever gets the email", () => {
  let shop: TestServer;
  let member: TestIdentity;
  const invoices: Record<string, string> = {};

  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
    member = newPerson("google", "Goh Hui Min");
    const memberBrowser = openBrowser(shop);
    await memberBrowser.signIn(member);
    invoices.guest = (await placeOrderOverHttp(shop, shippingFor("guest-links@example.com", MOBILE))).invoiceId;
    invoices.member = (await placeOrderOverHttp(shop, shippingFor(member.email, MOBILE), memberBrowser)).invoiceId;

    // The back office ships each order and refunds part of it: a shipping and a refund email each.
    const owner = await staffSignIn(shop, TEST_OWNER);
    for (const invoiceId of Object.values(invoices)) {
      const [order] = await shop.server.database.db.select().from(orders).where(eq(orders.invoiceId, invoiceId));
      const page = `/admin/orders/${order?.id}`;
      const csrf = async () => CSRF_FIELD.exec(await (await owner.get(page)).text())?.[1] ?? "";
      expect((await owner.post(page, { csrf: await csrf(), carrier: "singpost", trackingNumber: "SG1234567" })).status).toBe(200);
      const refund = { csrf: await csrf(), intent: "refund", kind: "amount", amount: "5.00", reason: "A dented box" };
      const asked = await owner.post(page, refund);
      expect(asked.status).toBe(200);
      expect((await owner.post(page, confirmationFields(await asked.text()))).status).toBe(200);
    }
    // Three order emails each, and the member's email of the points the order earned.
    await eventually(
      async () => outboxOf(shop),
      (emails) => emails.length === 7,
    );
  });
  afterAll(() => shop.close());

  const emailsTo = (to: string) => outboxOf(shop).filter((email) => email.to === to && !email.programme);

  it("sends each shopper a confirmation, a shipping and a refund email, each with links to the order", () => {
    for (const [to, invoiceId] of [
      ["guest-links@example.com", invoices.guest],
      [member.email, invoices.member],
    ] as const) {
      const emails = emailsTo(to);
      expect(emails.map((email) => email.subject).sort()).toEqual(
        [
          `A refund on your Nectar Lab order ${invoiceId}`,
          `Your Nectar Lab order ${invoiceId}`,
          `Your Nectar Lab order ${invoiceId} has shipped`,
        ].sort(),
      );
      for (const email of emails) expect(email.links.length, email.subject).toBeGreaterThan(0);
    }
  });

  it("sends the member the points the order earned, with links that open for them", async () => {
    const [points] = outboxOf(shop).filter((email) => email.programme);
    expect(points?.to).toBe(member.email);
    expect(points?.subject).toMatch(new RegExp(`^You earned \\d+ points on order ${invoices.member}$`));
    const signedIn = openBrowser(shop);
    await signedIn.signIn(member);
    const links = points?.links ?? [];
    expect(links.some((link) => link.includes("/email/unsubscribe?t="))).toBe(true);
    for (const link of links) {
      const url = new URL(link);
      expect(url.origin, link).toBe(shop.baseUrl);
      const answer = await signedIn.get(`${url.pathname}${url.search}`);
      expect(answer.status, link).toBe(200);
    }
  });

  it("leads a guest, in a browser that never saw the order, through the mobile number to each page", async () => {
    for (const email of emailsTo("guest-links@example.com")) {
      for (const link of email.links) {
        if (!link.startsWith(shop.baseUrl)) {
          expect(link, email.subject).toMatch(/^https:\/\/www\.singpost\.com\/track-items\?trackingid=SG1234567$/);
          continue;
        }
        // The offer to keep the order as a member asks the guest to sign in or join first.
        if (new URL(link).pathname === KEEP_ORDER_PATH) {
          const asked = await openBrowser(shop).get(new URL(link).pathname + new URL(link).search);
          expect(asked.headers.get("location"), link).toMatch(/^\/member\/login\?redirect=%2Fmember%2Fkeep-order/);
          continue;
        }
        const { response, askedForMobile } = await follow(openBrowser(shop), link);
        expect(askedForMobile, link).toBe(true);
        await expectUseful(response, invoices.guest ?? "", link);
      }
    }
  });

  it("opens each page at once for the member signed in, and through the mobile number where they are not", async () => {
    const signedIn = openBrowser(shop);
    await signedIn.signIn(member);
    for (const email of emailsTo(member.email)) {
      for (const link of email.links.filter((each) => each.startsWith(shop.baseUrl))) {
        const asMember = await follow(signedIn, link);
        expect(asMember.askedForMobile, link).toBe(false);
        await expectUseful(asMember.response, invoices.member ?? "", link);
        const elsewhere = await follow(openBrowser(shop), link);
        expect(elsewhere.askedForMobile, link).toBe(true);
        await expectUseful(elsewhere.response, invoices.member ?? "", link);
      }
    }
  });
});

describe("the admin's error alert email", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ APP_ENV: "staging", ADMIN_EMAIL: "ops@example.com", TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  it("carries no link the admin could find broken: the path it names is text", async () => {
    const report = { data: { env: "staging", path: "/bag", message: "TypeError: price is undefined" } };
    const answer = await fetch(`${shop.baseUrl}/api/debug/send-email-to-admin`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.9" },
      body: JSON.stringify(report),
    });
    expect(answer.status).toBe(202);
    const [alert] = await eventually(
      async () => outboxOf(shop),
      (emails) => emails.length === 1,
    );
    expect(alert?.to).toBe("ops@example.com");
    expect(alert?.text).toContain("Path: /bag");
    expect(alert?.links).toEqual([]);
  });
});
