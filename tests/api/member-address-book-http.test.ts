import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberAddresses } from "../../db/schema/member-addresses.ts";
import { subscriptions } from "../../db/schema/subscriptions.ts";
import { MAX_ADDRESSES } from "../../domain/checkout/address-book/address-input.ts";
import { newPerson, openBrowser, type ShopBrowser, storedSession } from "../setup/shop-browser.ts";
import { insertSubscription } from "../setup/subscription-fixtures.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const PAGE = "/member/account";
const decode = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"');
const HOME = {
  label: "Home",
  name: "Tan Mei Ling",
  mobile: "9123 4567",
  address: "10 Anson Road",
  unit: "#12-01",
  postalCode: "079903",
};

describe("the address book on /member/account over HTTP, without JavaScript", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  const db = () => shop.server.database.db;
  const book = (memberId: string) => db().select().from(memberAddresses).where(eq(memberAddresses.memberId, memberId));

  async function signedInMember() {
    const browser = openBrowser(shop);
    await browser.signIn(newPerson());
    const session = await storedSession(shop, browser.cookie("session"));
    if (!session) throw new Error("not signed in");
    return { browser, memberId: session.memberId };
  }
  async function post(browser: ShopBrowser, fields: Record<string, string>) {
    const response = await browser.post(PAGE, fields);
    return { status: response.status, location: response.headers.get("location"), html: decode(await response.text()) };
  }
  const page = async (browser: ShopBrowser, path = PAGE) => decode(await (await browser.get(path)).text());

  it("adds, changes, makes default and removes addresses, each post redirecting back to the book saying what it did", async () => {
    const { browser, memberId } = await signedInMember();
    expect(await page(browser)).toContain("You have no saved addresses yet.");

    const added = await post(browser, { intent: "add-address", ...HOME });
    expect(added.status).toBe(303);
    expect(added.location).toBe("/member/account?address=add-address#addresses");
    const listed = await page(browser, added.location ?? "");
    expect(listed).toMatch(/role="status"[^>]*>The address is saved in your address book\.</);
    expect(listed).toContain("Tan Mei Ling, 9123 4567");
    expect(listed).toContain("10 Anson Road, #12-01, Singapore 079903");

    await post(browser, {
      intent: "add-address",
      ...HOME,
      label: "Office",
      address: "1 Raffles Place",
      unit: "",
      postalCode: "048616",
    });
    const [home, office] = (await book(memberId)).sort((a, b) => a.label.localeCompare(b.label));
    if (!home || !office) throw new Error("two addresses were not saved");
    expect(home).toMatchObject({ isDefault: true, mobile: "+6591234567", street: "10 Anson Road", unit: "#12-01" });
    expect(office.isDefault).toBe(false);

    const edit = await page(browser, `${PAGE}?edit=${office.id}`);
    expect(edit).toContain("Change Office");
    expect(edit).toContain('value="1 Raffles Place"');
    expect((await post(browser, { intent: "edit-address", addressId: office.id, ...HOME, label: "Work" })).status).toBe(303);
    expect((await post(browser, { intent: "default-address", addressId: office.id })).location).toBe(
      "/member/account?address=default-address#addresses",
    );
    expect(await book(memberId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: office.id, label: "Work", isDefault: true }),
        expect.objectContaining({ id: home.id, isDefault: false }),
      ]),
    );

    expect((await post(browser, { intent: "remove-address", addressId: office.id })).status).toBe(303);
    expect(await book(memberId)).toEqual([expect.objectContaining({ id: home.id, isDefault: true })]);
  });

  it("answers bad details field by field with what was typed, and saves nothing", async () => {
    const { browser, memberId } = await signedInMember();
    const refused = await post(browser, { intent: "add-address", ...HOME, mobile: "12345", postalCode: "1234" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Enter a Singapore mobile number, like 9123 4567.");
    expect(refused.html).toContain("Enter your 6-digit postal code.");
    expect(refused.html).toContain('value="10 Anson Road"');
    expect(refused.html).toMatch(/id="new-address-mobile"[^>]*aria-invalid="true"/);
    expect(await book(memberId)).toEqual([]);

    expect((await post(browser, { intent: "rename-everything" })).status).toBe(400);
  });

  it("treats another member's address as no address at all", async () => {
    const owner = await signedInMember();
    await post(owner.browser, { intent: "add-address", ...HOME });
    const [theirs] = await book(owner.memberId);
    if (!theirs) throw new Error("not saved");

    const other = await signedInMember();
    expect((await other.browser.get(`${PAGE}?edit=${theirs.id}`)).status).toBe(404);
    for (const intent of ["edit-address", "default-address", "remove-address"]) {
      const attempt = await post(other.browser, { intent, addressId: theirs.id, ...HOME, label: "Mine now" });
      expect(attempt.status).toBe(404);
      expect(attempt.html).toContain("There is no such address in your address book.");
    }
    expect(await book(owner.memberId)).toEqual([theirs]);
    expect(await page(other.browser)).not.toContain("10 Anson Road");
  });

  it("says the book is full at the cap and refuses one more", async () => {
    const { browser, memberId } = await signedInMember();
    await db()
      .insert(memberAddresses)
      .values(
        Array.from({ length: MAX_ADDRESSES }, (_, index) => ({
          id: randomUUID(),
          memberId,
          label: `Place ${index}`,
          name: "Tan Mei Ling",
          mobile: "+6591234567",
          street: "10 Anson Road",
          postalCode: "079903",
          isDefault: index === 0,
        })),
      );
    const full = await page(browser);
    expect(full).toContain(
      `Your address book is full (${MAX_ADDRESSES} addresses). Remove one you no longer use to add another.`,
    );
    expect(full).not.toContain("Add an address");
    const refused = await post(browser, { intent: "add-address", ...HOME, label: "One more" });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain(`Your address book holds ${MAX_ADDRESSES} addresses and is full.`);
    expect(await book(memberId)).toHaveLength(MAX_ADDRESSES);
  });

  it("ships a subscription to a saved address from /member/subscriptions, and keeps that address from being removed", async () => {
    const { browser, memberId } = await signedInMember();
    const subscription = await insertSubscription(db(), { memberId, nextRenewalOn: "2036-03-20" });
    await post(browser, { intent: "add-address", ...HOME });
    const [home] = await book(memberId);
    if (!home) throw new Error("not saved");
    const list = await page(browser, "/member/subscriptions");
    expect(list).toContain("From your address book");
    expect(list).toContain(`value="${home.id}"`);

    const shipped = await browser.post("/member/subscriptions", {
      intent: "saved-address",
      subscriptionId: subscription.id,
      addressId: home.id,
    });
    expect(shipped.status).toBe(200);
    expect(decode(await shipped.text())).toContain("Your boxes now go to Tan Mei Ling, 10 Anson Road, #12-01, Singapore 079903.");
    const [after] = await db().select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
    expect(after).toMatchObject({ addressId: home.id, shipping: { address: "10 Anson Road, #12-01", mobile: "+6591234567" } });

    const refused = await post(browser, { intent: "remove-address", addressId: home.id });
    expect(refused.status).toBe(409);
    expect(refused.html).toMatch(/role="alert"[^>]*>A subscription of yours ships to this address\./);
    expect(await book(memberId)).toHaveLength(1);

    const other = await signedInMember();
    const theirs = await insertSubscription(db(), { memberId: other.memberId, nextRenewalOn: "2036-03-20" });
    const taken = await other.browser.post("/member/subscriptions", {
      intent: "saved-address",
      subscriptionId: theirs.id,
      addressId: home.id,
    });
    expect(taken.status).toBe(404);
  });

  it("sends a visitor to sign in", async () => {
    const visitor = await openBrowser(shop).get(PAGE);
    expect(visitor.status).toBe(302);
    expect((await openBrowser(shop).post(PAGE, { intent: "add-address", ...HOME })).status).toBe(302);
  });
});
