import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { memberAddresses } from "../../db/schema/member-addresses.ts";
import { startCheckoutOverHttp } from "../setup/http-checkout.ts";
import { newPerson, openBrowser, type ShopBrowser, storedSession } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const STEP = "/checkout/shipping";
const decode = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"');

describe("choosing a saved address on the shipping step over HTTP", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  const db = () => shop.server.database.db;
  const book = (memberId: string) => db().select().from(memberAddresses).where(eq(memberAddresses.memberId, memberId));
  const sessionsFor = async (email: string) =>
    (await db().select({ shipping: checkoutSessions.shipping }).from(checkoutSessions)).filter(
      (row) => row.shipping.email === email,
    );

  async function saveAddress(memberId: string, label: string, isDefault: boolean, street: string) {
    const id = randomUUID();
    await db()
      .insert(memberAddresses)
      .values({
        id,
        memberId,
        label,
        name: `${label} Tan`,
        mobile: "+6591234567",
        street,
        unit: "#05-01",
        postalCode: "238801",
        isDefault,
      });
    return id;
  }
  /** A signed-in member with a box in the bag. */
  async function memberAtShipping(): Promise<{ browser: ShopBrowser; memberId: string; email: string }> {
    const browser = openBrowser(shop);
    await browser.signIn(newPerson());
    const session = await storedSession(shop, browser.cookie("session"));
    if (!session) throw new Error("not signed in");
    const added = await browser.post("/bag", { intent: "add", optionId: "op-m8_ba-1b", quantity: "1" });
    if (added.status !== 303) throw new Error(`adding to the bag answered ${added.status}`);
    return { browser, memberId: session.memberId, email: `${randomUUID()}@example.com` };
  }

  it("offers the member's addresses with the default chosen, and ships to the one they pick", async () => {
    const { browser, memberId, email } = await memberAtShipping();
    const home = await saveAddress(memberId, "Home", false, "1 Orchard Road");
    const office = await saveAddress(memberId, "Office", true, "1 Raffles Place");
    const html = decode(await (await browser.get(STEP)).text());
    expect(html).toContain('data-testid="address-choice"');
    const checked = [...html.matchAll(/<input type="radio"[^>]* checked=""[^>]*>/g)].map(
      (input) => /value="([^"]+)"/.exec(input[0])?.[1],
    );
    expect(checked).toEqual([office]);
    expect(html).toContain("1 Orchard Road, #05-01, Singapore 238801");

    const started = await browser.post(STEP, { savedAddress: home, email, name: "", mobile: "", address: "", postalCode: "" });
    expect(started.status).toBe(303);
    expect(started.headers.get("location")).toMatch(/^\/pay\/test\//);
    expect(await sessionsFor(email)).toEqual([
      {
        shipping: expect.objectContaining({
          name: "Home Tan",
          mobile: "+6591234567",
          address: "1 Orchard Road, #05-01",
          postalCode: "238801",
        }),
      },
    ]);
  });

  it("saves a new address to the book when asked, once however often the form is sent", async () => {
    const { browser, memberId, email } = await memberAtShipping();
    await saveAddress(memberId, "Home", true, "1 Orchard Road");
    const typed = {
      savedAddress: "new",
      email,
      name: "Lim Wei",
      mobile: "9876 5432",
      address: "2 Kent Ridge Drive",
      postalCode: "119077",
      saveAddress: "on",
      label: "Parents",
    };
    expect((await browser.post(STEP, typed)).status).toBe(303);
    expect((await browser.post(STEP, typed)).status).toBe(303);
    const parents = (await book(memberId)).filter((address) => address.label === "Parents");
    expect(parents).toEqual([
      expect.objectContaining({
        name: "Lim Wei",
        mobile: "+6598765432",
        street: "2 Kent Ridge Drive",
        postalCode: "119077",
        isDefault: false,
      }),
    ]);
    expect((await sessionsFor(email)).at(-1)?.shipping).toMatchObject({ name: "Lim Wei", address: "2 Kent Ridge Drive" });

    const unnamed = await browser.post(STEP, { ...typed, address: "3 Kent Ridge Drive", label: "" });
    expect(unnamed.status).toBe(400);
    expect(decode(await unnamed.text())).toContain("Give the address a name, like Home or Office.");
    expect(await book(memberId)).toHaveLength(2);
  });

  it("refuses another member's address as not found and starts no checkout", async () => {
    const owner = await memberAtShipping();
    const theirs = await saveAddress(owner.memberId, "Home", true, "1 Orchard Road");
    const { browser, email } = await memberAtShipping();
    const refused = await browser.post(STEP, { savedAddress: theirs, email, name: "", mobile: "", address: "", postalCode: "" });
    expect(refused.status).toBe(404);
    expect(decode(await refused.text())).toContain("There is no such address in your address book.");
    expect(await sessionsFor(email)).toEqual([]);
  });

  it("leaves a guest's shipping step as it was: no choice, nothing to save, the typed address ships", async () => {
    const guest = openBrowser(shop);
    await guest.post("/bag", { intent: "add", optionId: "op-m8_ba-1b", quantity: "1" });
    const html = await (await guest.get(STEP)).text();
    expect(html).not.toContain('data-testid="address-choice"');
    expect(html).not.toContain("Save to my address book");
    const email = `${randomUUID()}@example.com`;
    const shipping = { name: "Guest Ong", email, mobile: "9123 4567", address: "5 Jurong Road", postalCode: "600005" };
    await startCheckoutOverHttp(openBrowser(shop), shipping);
    expect((await sessionsFor(email))[0]?.shipping).toMatchObject({ name: "Guest Ong", address: "5 Jurong Road" });
  });
});
