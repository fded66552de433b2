import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptions } from "../../db/schema/subscriptions.ts";
import { addDaysToDate, singaporeDate } from "../../kernel/singapore-time.ts";
import { newPerson, openBrowser, type ShopBrowser, storedSession } from "../setup/shop-browser.ts";
import { insertSubscription, LUNA } from "../setup/subscription-fixtures.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const PAGE = "/member/subscriptions";
const decode = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"');

describe("/member/subscriptions over HTTP, without JavaScript", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  const db = () => shop.server.database.db;
  const today = () => singaporeDate(new Date());
  const reread = async (id: string) => {
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, id));
    if (!row) throw new Error("the subscription is gone");
    return row;
  };
  async function signedInMember() {
    const browser = openBrowser(shop);
    await browser.signIn(newPerson());
    const session = await storedSession(shop, browser.cookie("session"));
    if (!session) throw new Error("not signed in");
    return { browser, memberId: session.memberId };
  }
  async function subscriber() {
    const { browser, memberId } = await signedInMember();
    const subscription = await insertSubscription(db(), { memberId, nextRenewalOn: addDaysToDate(today(), 10) });
    return { browser, subscription };
  }
  /** Posts one form of the page and reads the answer. */
  async function change(browser: ShopBrowser, fields: Record<string, string>) {
    const response = await browser.post(PAGE, fields);
    return { status: response.status, html: decode(await response.text()) };
  }

  it("sends a visitor to sign in, and shows a member without subscriptions the way to the shop", async () => {
    const visitor = await openBrowser(shop).get(PAGE);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe("/member/login?redirect=%2Fmember%2Fsubscriptions");

    const { browser } = await signedInMember();
    const page = await browser.get(PAGE);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain("You have no subscriptions yet.");
    expect(html).toContain('href="/shop"');
    // The member home and the member page's places lead here.
    expect(await (await browser.get("/member")).text()).toContain(`href="${PAGE}"`);
  });

  it("shows each subscription with its next box, amount, card and address", async () => {
    const { browser, subscription } = await subscriber();
    const html = decode(await (await browser.get(PAGE)).text());
    expect(html).toContain("Luna");
    expect(html).toContain("every 4 weeks");
    // S$39 less 15 % and S$4.90 shipping.
    expect(html).toContain("S$38.05 (15 % off, shipping included)");
    expect(html).toContain("VISA ending 4242");
    expect(html).toContain("Tan Mei Ling, 1 Orchard Road, #01-01, Singapore 238801");
    expect(html).toMatch(/data-testid="subscription-status"[^>]*>Active</);
    expect(html).toContain(`value="${subscription.nextRenewalOn}"`);
  });

  it("makes each change its form asks for and says so on the page", async () => {
    const { browser, subscription } = await subscriber();
    const id = subscription.id;
    const due = subscription.nextRenewalOn;
    const post = (fields: Record<string, string>) => change(browser, { subscriptionId: id, ...fields });

    const skipped = await post({ intent: "skip", renewalOn: due });
    expect(skipped.status).toBe(200);
    expect((await reread(id)).nextRenewalOn).toBe(addDaysToDate(due, 28));
    expect(skipped.html).toMatch(/role="status"[^>]*>Skipped: your next box now comes on /);
    // The same tap again finds that box gone and changes nothing.
    expect((await post({ intent: "skip", renewalOn: due })).status).toBe(409);
    expect((await reread(id)).nextRenewalOn).toBe(addDaysToDate(due, 28));

    const day = addDaysToDate(today(), 5);
    expect((await post({ intent: "move", renewalOn: day })).html).toContain("Your next box now comes on");
    expect((await reread(id)).nextRenewalOn).toBe(day);

    expect((await post({ intent: "cadence", cadenceWeeks: "6" })).html).toContain("Your box now comes every 6 weeks");
    expect((await post({ intent: "quantity", quantity: "2" })).html).toContain("Each box now brings 2.");
    const swapTo = [...(await (await browser.get(PAGE)).text()).matchAll(/<option value="(op-[^"]+)"/g)]
      .map((match) => match[1])
      .find((optionId) => optionId !== LUNA);
    if (!swapTo) throw new Error("nothing to swap to");
    expect((await post({ intent: "swap", optionId: swapTo })).html).toContain("From your next box on you get");
    expect(await reread(id)).toMatchObject({ cadenceWeeks: 6, quantity: 2, optionId: swapTo });

    const until = addDaysToDate(today(), 30);
    expect((await post({ intent: "pause", until })).html).toContain("Paused: nothing is sent or charged until");
    expect(await reread(id)).toMatchObject({ status: "paused", pausedUntil: until });
    expect((await post({ intent: "resume" })).html).toContain("Running again: your next box comes on");
    expect((await post({ intent: "pause", until: "" })).html).toContain("until you resume it");
    expect(await reread(id)).toMatchObject({ status: "paused", pausedUntil: null });

    const address = {
      name: "Lim Wei",
      email: "wei@example.com",
      mobile: "9876 5432",
      address: "2 Kent Ridge Drive",
      postalCode: "119077",
    };
    expect((await post({ intent: "address", ...address })).html).toContain(
      "Your boxes now go to Lim Wei, 2 Kent Ridge Drive, Singapore 119077.",
    );
    expect((await reread(id)).shipping).toMatchObject({ name: "Lim Wei", postalCode: "119077", mobile: "+6598765432" });

    // Cancelling takes two taps: the first opens the confirm step (a link, no change), the second cancels.
    const step = decode(await (await browser.get(`${PAGE}?cancel=${id}`)).text());
    expect(step).toContain("Cancel this subscription?");
    expect(step).toContain("Keep my subscription");
    expect((await reread(id)).status).toBe("paused");
    const cancelled = await post({ intent: "cancel", reason: "Too much for now" });
    expect(cancelled.html).toContain("Cancelled: no more boxes will be sent or charged.");
    expect(await reread(id)).toMatchObject({ status: "cancelled", cancelReason: "Too much for now" });
    expect((await post({ intent: "resume" })).status).toBe(409);
  });

  it("refuses another member's subscription as not found, and changes nothing", async () => {
    const { subscription } = await subscriber();
    const { browser } = await signedInMember();
    const forms: Record<string, string>[] = [
      { intent: "skip", renewalOn: subscription.nextRenewalOn },
      { intent: "pause", until: "" },
      { intent: "cancel", reason: "" },
      { intent: "card" },
    ];
    for (const fields of forms) {
      const answer = await change(browser, { subscriptionId: subscription.id, ...fields });
      expect(answer.status).toBe(404);
      expect(answer.html).toContain("There is no such subscription.");
    }
    expect(await reread(subscription.id)).toMatchObject({ status: "active", nextRenewalOn: subscription.nextRenewalOn });
  });

  it("answers bad input with 400 and a message, the typed values back in the form", async () => {
    const { browser, subscription } = await subscriber();
    const post = (fields: Record<string, string>) => change(browser, { subscriptionId: subscription.id, ...fields });

    const noDay = await post({ intent: "move", renewalOn: "" });
    expect(noDay.status).toBe(400);
    expect(noDay.html).toContain("Choose the day of your next box.");
    const farDay = await post({ intent: "move", renewalOn: addDaysToDate(today(), 200) });
    expect(farDay.status).toBe(400);
    expect(farDay.html).toMatch(/role="alert"[^>]*>Choose a day from /);
    expect((await post({ intent: "quantity", quantity: "0" })).status).toBe(400);
    expect((await post({ intent: "cadence", cadenceWeeks: "3" })).html).toContain("Choose one of: every 2 weeks");
    const badAddress = await post({
      intent: "address",
      name: "Lim Wei",
      email: "wei@",
      mobile: "1",
      address: "2 Kent Ridge",
      postalCode: "12",
    });
    expect(badAddress.status).toBe(400);
    expect(badAddress.html).toMatch(/aria-invalid="true"[^>]*value="12"|value="12"[^>]*aria-invalid="true"/);
    expect((await post({ intent: "teleport" })).status).toBe(400);
    expect((await post({ intent: "skip", subscriptionId: "" })).status).toBe(400);
    expect(await reread(subscription.id)).toMatchObject({
      status: "active",
      nextRenewalOn: subscription.nextRenewalOn,
      quantity: 1,
      cadenceWeeks: 4,
      shipping: subscription.shipping,
    });
  });

  it("changes the card on the provider's page and puts it on the subscription on the way back", async () => {
    const { browser, subscription } = await subscriber();
    const started = await browser.post(PAGE, { intent: "card", subscriptionId: subscription.id });
    expect(started.status).toBe(303);
    const providerPage = new URL(started.headers.get("location") ?? "", shop.baseUrl);
    const saved = await browser.post(`${providerPage.pathname}${providerPage.search}`, { cardNumber: "4000 0027 6000 3184" });
    expect(saved.status).toBe(303);
    const back = new URL(saved.headers.get("location") ?? "", shop.baseUrl);
    expect(back.pathname).toBe(PAGE);
    const page = decode(await (await browser.get(`${back.pathname}${back.search}`)).text());
    expect(page).toContain("Your boxes are now charged to your VISA card ending 3184.");
    expect(await reread(subscription.id)).toMatchObject({ cardBrand: "visa", cardLast4: "3184" });
    // A made-up return changes nothing and says so.
    const madeUp = await browser.get(`${PAGE}?subscription=${subscription.id}&card-change=cs_made_up`);
    expect(madeUp.status).toBe(404);
    expect(await madeUp.text()).toContain("There is no such card change.");
  });
});
