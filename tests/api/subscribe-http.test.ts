import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptions } from "../../db/schema/subscriptions.ts";
import { testPaymentSessions } from "../../db/schema/test-payments.ts";
import { emailPart, sentEmailFiles } from "../setup/email-text.ts";
import { shippingFor } from "../setup/http-checkout.ts";
import { newPerson, openBrowser, type ShopBrowser } from "../setup/shop-browser.ts";
import { eventually } from "../setup/test-jobs.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

/** The Luna Collagen 8-serving box (S$39.00) on the shop's default offer: 15 % off, every 2, 4, 6 or 8 weeks. */
const BOX = "op-m8_ba-1b";
const CONSENT =
  "Nectar Lab keeps this card and charges it S$38.05 every 4 weeks for 1 × Luna Collagen Nectar, 8-serving box · Berries Acai · 1 Box";

const text = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

describe("subscribing over HTTP", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  /** Posts the product page's form as a browser without JavaScript does. */
  const subscribe = (browser: ShopBrowser, cadenceWeeks: string, optionId = BOX) =>
    browser.post("/bag", { intent: "add", quantity: "1", optionId, cadenceWeeks });

  it("offers one-off or subscribe and save on the product page, with the subscription price per box and per serving", async () => {
    const page = await text(await openBrowser(shop).get("/shop/luna-collagen/m8"));
    const choice = /<fieldset[^>]*data-testid="subscribe-choice"[\s\S]*?<\/fieldset>\s*<p/.exec(page)?.[0] ?? "";
    expect(choice).toContain("<legend");
    expect([...choice.matchAll(/name="cadenceWeeks"[^>]*value="(\d*)"/g)].map((match) => match[1])).toEqual([
      "",
      "2",
      "4",
      "6",
      "8",
    ]);
    expect(choice).toContain("Subscribe and save 15%");
    // The selected option is the page's first; each of its numbers is the price less 15 %.
    expect(page).toMatch(/name="optionId" checked="" value="op-m8_ba-1b"/);
    expect(choice).toContain('data-testid="subscription-price">S$33.15<');
    expect(choice).toMatch(/Per serving<\/dt><dd[^>]*>S\$4\.14</);
    expect(choice).toContain("S$5.85 a delivery");
    for (const weeks of [2, 4, 6, 8]) expect(choice).toContain(`Every ${weeks} weeks`);
  });

  it("puts a subscription line apart in the bag with what each renewal costs, and changes it back to one-off", async () => {
    const browser = openBrowser(shop);
    expect((await subscribe(browser, "4")).status).toBe(303);
    expect((await subscribe(browser, "", "op-j4_yz-1b")).status).toBe(303);
    let bag = await text(await browser.get("/bag"));
    const [subscribed = "", oneOff = ""] = bag.split('aria-label="One-off items"');
    expect(subscribed).toContain('aria-label="Subscriptions"');
    expect(subscribed).toContain("Luna Collagen Nectar");
    expect(subscribed).toContain("Every 4 weeks");
    expect(subscribed).toContain("Subscribe and save 15%");
    // S$39.00 less 15 %, with shipping under S$60.
    expect(subscribed).toMatch(/data-testid="line-renewal">Each renewal: <strong[^>]*>S\$38\.05</);
    expect(oneOff).toContain("Joffee jelly coffee");
    expect(oneOff).not.toContain("line-subscription");

    const refused = await browser.post("/bag", { intent: "cadence", optionId: BOX, cadenceWeeks: "3" });
    expect(refused.status).toBe(400);
    expect(await text(refused)).toContain("Choose how often it comes: every 2, 4, 6 or 8 weeks.");
    expect(await text(await browser.get("/bag"))).toContain("Every 4 weeks");

    const moved = await browser.post("/bag", { intent: "cadence", optionId: BOX, cadenceWeeks: "8" });
    expect(moved.headers.get("location")).toBe("/bag?done=cadence");
    expect(await text(await browser.get("/bag"))).toContain("Every 8 weeks");

    expect((await browser.post("/bag", { intent: "cadence", optionId: BOX, cadenceWeeks: "" })).status).toBe(303);
    bag = await text(await browser.get("/bag"));
    expect(bag).not.toContain("line-subscription");
    expect(bag).toContain('aria-label="Items in your bag"');
  });

  it("asks a guest whose bag subscribes to sign in or join, and starts no payment for them", async () => {
    const guest = openBrowser(shop);
    await subscribe(guest, "4");
    const returnLink = 'href="/member/login?redirect=%2Fcheckout%2Fshipping"';
    const summary = await text(await guest.get("/checkout/summary"));
    expect(summary).toContain("Sign in or join to subscribe");
    expect(summary).toContain(returnLink);
    expect(summary).not.toContain('href="/checkout/shipping"');

    const shipping = await guest.get("/checkout/shipping");
    expect(shipping.status).toBe(401);
    const shippingPage = await text(shipping);
    expect(shippingPage).toMatch(/<h1[^>]*>Sign in or join to subscribe<\/h1>/);
    expect(shippingPage).toContain(returnLink);

    const before = await shop.server.database.db.select().from(testPaymentSessions);
    const started = await guest.post("/checkout/shipping", { ...shippingFor("guest@example.com") });
    expect(started.status).toBe(401);
    expect(await text(started)).toContain("Sign in or join to subscribe");
    expect(await shop.server.database.db.select().from(testPaymentSessions)).toHaveLength(before.length);
  });

  it("brings a guest back to the same checkout once signed in, shows the consent beside the pay button, and starts the subscription with the order", async () => {
    const person = newPerson("google", "Lim Jia Hui");
    const browser = openBrowser(shop);
    await subscribe(browser, "4");
    const { landing } = await browser.signIn(person, "/checkout/shipping");
    expect(landing.headers.get("location")).toBe("/checkout/shipping");

    const shipping = await browser.get("/checkout/shipping");
    expect(shipping.status).toBe(200);
    const page = await text(shipping);
    expect(page).toContain(CONSENT);
    expect(page).toMatch(/aria-describedby="subscription-consent"[^>]*>Continue to payment</);

    const started = await browser.post("/checkout/shipping", { ...shippingFor(person.email) });
    expect(started.status).toBe(303);
    const payPath = started.headers.get("location") ?? "";
    const sessionId = payPath.split("/").at(-1) ?? "";
    const [session] = await shop.server.database.db
      .select({ consent: testPaymentSessions.saveCardConsent })
      .from(testPaymentSessions)
      .where(eq(testPaymentSessions.id, sessionId));
    expect(session?.consent).toContain(CONSENT);
    expect(session?.consent).toContain("/member/subscriptions");
    expect(await text(await browser.get(payPath))).toContain(CONSENT);

    const paid = await browser.post(payPath, { cardNumber: "4242424242424242" });
    expect(paid.status).toBe(303);
    const complete = await text(await browser.get(new URL(paid.headers.get("location") ?? "").pathname));
    expect(complete).toContain("Your subscription has started");
    expect(complete).toContain("Luna Collagen Nectar, 8-serving box · Berries Acai · 1 Box: every 4 weeks, next on");
    expect(complete).toContain('href="/member/subscriptions"');
    const rows = await shop.server.database.db.select().from(subscriptions).where(eq(subscriptions.optionId, BOX));
    expect(rows.filter((row) => row.shipping.email === person.email)).toHaveLength(1);

    // The confirmation is sent by a job, just after the order commits (the points email goes to them too).
    const isConfirmation = (eml: string) => eml.includes(person.email) && /^Subject: Your Nectar Lab order /m.test(eml);
    const outbox = path.join(shop.dataDir, "outbox");
    const confirmations = await eventually(
      async () => sentEmailFiles(outbox).map((file) => readFileSync(path.join(outbox, file), "utf8")),
      (emails) => emails.some(isConfirmation),
    );
    const email = emailPart(confirmations.find(isConfirmation) ?? "", "text/plain") ?? "";
    expect(email).toContain("Your subscription has started:");
    expect(email).toMatch(
      /Luna Collagen Nectar, 8-serving box · Berries Acai · 1 Box: every 4 weeks, next on \w{3}, \d{1,2} \w{3} \d{4}/,
    );
    expect(email).toContain(`Skip, pause or cancel any time at ${shop.baseUrl}/member/subscriptions`);
  });
});
