import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { orders } from "../../db/schema/orders.ts";
import { shopEvents } from "../../db/schema/webhooks.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import { formatTimestamp } from "../../kernel/format-timestamp.ts";
import { placeOrderOverHttp, shippingFor } from "../setup/http-checkout.ts";
import { newPerson, openBrowser, type ShopBrowser, staffSignIn } from "../setup/shop-browser.ts";
import { eventually } from "../setup/test-jobs.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";
import { startWebhookReceiver } from "../setup/webhook-receiver.ts";

const CSRF_FIELD = /<input type="hidden" name="csrf" value="([^"]*)"/;

/** A link in a page's HTML to this address with exactly this text. */
const linkTo = (href: string, text: string) => new RegExp(`<a [^>]*href="${href}"[^>]*>${text}</a>`);

describe("the back office's webhook deliveries over HTTP", () => {
  let shop: TestServer;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await shop?.close();
  });

  const db = () => shop.server.database.db;
  const csrfOf = async (browser: ShopBrowser, path: string) => CSRF_FIELD.exec(await (await browser.get(path)).text())?.[1] ?? "";
  /** The deliveries table's rows (their HTML) that mention this text. */
  const rowsWith = (html: string, text: string) =>
    (html.split('id="deliveries-heading"')[1] ?? "").split("<tr").filter((row) => row.includes(text));

  it("lists each delivery with its event, the order's invoice id and the member, linked to their pages, and when it happened", async () => {
    const owner = await staffSignIn(shop, TEST_OWNER);
    const csrf = await csrfOf(owner, "/admin/webhooks");
    for (const events of ["order.paid", "points.changed"]) {
      const registered = await owner.post("/admin/webhooks", { csrf, intent: "create", url: receiver.url(`/${events}`), events });
      expect(registered.status).toBe(200);
    }

    const person = newPerson("google", "Wong Kai Ling");
    const memberBrowser = openBrowser(shop);
    await memberBrowser.signIn(person);
    const bought = await placeOrderOverHttp(shop, shippingFor(person.email), memberBrowser);
    const guest = await placeOrderOverHttp(shop, shippingFor("guest.buyer@example.com"));
    const [member] = await db().select().from(members).where(eq(members.email, person.email));
    const [order] = await db().select().from(orders).where(eq(orders.invoiceId, bought.invoiceId));
    const [guestOrder] = await db().select().from(orders).where(eq(orders.invoiceId, guest.invoiceId));
    if (!member || !order || !guestOrder) throw new Error("the orders or the member are missing");
    const [paid] = await db()
      .select()
      .from(shopEvents)
      .where(eq(shopEvents.key, `order.paid:${order.id}`));
    if (!paid) throw new Error("no order.paid event");

    const page = await eventually(
      async () => (await owner.get("/admin/webhooks")).text(),
      (html) => rowsWith(html, guest.invoiceId).length > 0 && rowsWith(html, bought.invoiceId).length > 0,
    );
    const memberLink = linkTo(`/admin/members/${member.id}`, "Wong Kai Ling");
    const [memberPaid] = rowsWith(page, bought.invoiceId).filter((row) => row.includes("Order paid"));
    expect(memberPaid).toMatch(linkTo(`/admin/orders/${order.id}`, bought.invoiceId));
    expect(memberPaid).toMatch(memberLink);
    expect(memberPaid).toContain(formatTimestamp(paid.createdAt));
    expect(memberPaid).toContain(paid.id);

    const [guestPaid] = rowsWith(page, guest.invoiceId);
    expect(guestPaid).toMatch(linkTo(`/admin/orders/${guestOrder.id}`, guest.invoiceId));
    expect(guestPaid).not.toContain("/admin/members/");
    // The member's points moves name the member too (and their order, where one moved them).
    expect(rowsWith(page, "Points changed").length).toBeGreaterThan(0);
    for (const row of rowsWith(page, "Points changed")) expect(row).toMatch(memberLink);

    // Staff who may see webhooks but not members get the member's id, as the payload has it, not their name.
    const hooksOnly = newPerson("google", "Integrations");
    const added = await owner.post("/admin/staff", {
      csrf: await csrfOf(owner, "/admin/staff"),
      intent: "add",
      email: hooksOnly.email,
      role: "staff",
      permissions: "webhooks",
    });
    expect(added.status).toBe(200);
    const theirs = await (await (await staffSignIn(shop, hooksOnly)).get("/admin/webhooks")).text();
    const [seenByThem] = rowsWith(theirs, bought.invoiceId).filter((row) => row.includes("Order paid"));
    expect(seenByThem).toContain(member.id);
    expect(seenByThem).not.toContain("Wong Kai Ling");
    expect(seenByThem).not.toContain("/admin/members/");
    expect(theirs).not.toContain(person.email);
  });
});
