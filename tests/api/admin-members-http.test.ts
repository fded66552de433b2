import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { pointTransactions } from "../../db/schema/points.ts";
import { TEST_OWNER } from "../../integrations/identity/embedded-provider/interaction-page.ts";
import type { TestIdentity } from "../setup/embedded-sign-in.ts";
import { newPerson, openBrowser, type ShopBrowser, staffSignIn as signInToBackOffice } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const CSRF_FIELD = /<input type="hidden" name="csrf" value="([^"]*)"/;

describe("the back office's member screens over HTTP", () => {
  let shop: TestServer;
  let memberId: string;
  let memberBrowser: ShopBrowser;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
    const person = newPerson("google", "Lee Hui Min");
    memberBrowser = openBrowser(shop);
    await memberBrowser.signIn(person);
    const [row] = await db().select().from(members).where(eq(members.email, person.email));
    memberId = row?.id ?? "";
  });
  afterAll(() => shop.close());

  const db = () => shop.server.database.db;
  const memberPath = () => `/admin/members/${memberId}`;
  const ledger = () => db().select().from(pointTransactions).where(eq(pointTransactions.memberId, memberId));

  const staffSignIn = (person: TestIdentity) => signInToBackOffice(shop, person);

  async function csrfOf(browser: ShopBrowser): Promise<string> {
    return CSRF_FIELD.exec(await (await browser.get(memberPath())).text())?.[1] ?? "";
  }

  it("answers 404 to guests and members, pages and posts alike", async () => {
    for (const browser of [openBrowser(shop), memberBrowser]) {
      for (const path of ["/admin/members", memberPath()]) expect((await browser.get(path)).status).toBe(404);
      const post = await browser.post(memberPath(), { direction: "credit", points: "5", reason: "x" });
      expect(post.status).toBe(404);
    }
    expect(await ledger()).toHaveLength(1);
  });

  it("shows an owner the search and the member's page, and 404 for an unknown member", async () => {
    const owner = await staffSignIn(TEST_OWNER);
    const list = await owner.get("/admin/members?q=Lee+Hui");
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    expect(await list.text()).toContain(`href="${memberPath()}"`);
    const page = await owner.get(memberPath());
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Sign Up");
    expect((await owner.get("/admin/members/no-such-member")).status).toBe(404);
    expect((await owner.get("/admin/members?page=abc")).status).toBe(400);
  });

  it("refuses forms without the CSRF token and bad input with a clear 400, changing nothing", async () => {
    const owner = await staffSignIn(TEST_OWNER);
    const csrf = await csrfOf(owner);
    expect(csrf).not.toBe("");
    for (const token of [undefined, "forged"]) {
      const refused = await owner.post(memberPath(), {
        direction: "credit",
        points: "5",
        reason: "x",
        ...(token ? { csrf: token } : {}),
      });
      expect(refused.status).toBe(403);
    }
    const cases: [Record<string, string>, string][] = [
      [{ direction: "credit", points: "0", reason: "x" }, "Points must be at least 1."],
      [{ direction: "credit", points: "1.5", reason: "x" }, "Points must be a whole number."],
      [{ direction: "credit", points: "abc", reason: "x" }, "Points must be a number."],
      [{ direction: "credit", points: "100001", reason: "x" }, "Points must be at most 100,000."],
      [{ direction: "credit", points: "5", reason: " " }, "Reason is required."],
      [{ direction: "sideways", points: "5", reason: "x" }, "Direction must be credit or debit."],
    ];
    for (const [form, message] of cases) {
      const bad = await owner.post(memberPath(), { csrf, ...form });
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain(message);
    }
    const tooMuch = await owner.post(memberPath(), { csrf, direction: "debit", points: "51", reason: "Correction" });
    expect(tooMuch.status).toBe(422);
    expect(await tooMuch.text()).toContain("cannot take them below zero");
    expect(await ledger()).toHaveLength(1);
  });

  it("gives staff without the points permission a 403 on posts, and staff with neither orders nor points a 403 page", async () => {
    const owner = await staffSignIn(TEST_OWNER);
    const ownerCsrf = CSRF_FIELD.exec(await (await owner.get("/admin/staff")).text())?.[1] ?? "";
    const packer = newPerson("google", "Packer");
    const writer = newPerson("google", "Writer");
    await owner.post("/admin/staff", {
      csrf: ownerCsrf,
      intent: "add",
      email: packer.email,
      role: "staff",
      permissions: "orders",
    });
    await owner.post("/admin/staff", {
      csrf: ownerCsrf,
      intent: "add",
      email: writer.email,
      role: "staff",
      permissions: "catalog",
    });

    const packerBrowser = await staffSignIn(packer);
    const page = await packerBrowser.get(memberPath());
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain("Credit or debit points");
    expect(html).toContain('href="/admin/members"');
    const csrf = await csrfOf(packerBrowser);
    expect(csrf).not.toBe("");
    const refused = await packerBrowser.post(memberPath(), { csrf, direction: "credit", points: "5", reason: "x" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toMatch(/needs the ("|&quot;)points("|&quot;) permission/);

    const writerBrowser = await staffSignIn(writer);
    expect((await writerBrowser.get("/admin/members")).status).toBe(403);
    expect((await writerBrowser.get(memberPath())).status).toBe(403);
    expect(await (await writerBrowser.get("/admin")).text()).not.toContain('href="/admin/members"');
    expect(await ledger()).toHaveLength(1);
  });

  it("credits an owner's correction, which the member sees labelled Bonus Points", async () => {
    const owner = await staffSignIn(TEST_OWNER);
    const csrf = await csrfOf(owner);
    const credited = await owner.post(memberPath(), { csrf, direction: "credit", points: "75", reason: "Parcel arrived late" });
    expect(credited.status).toBe(200);
    expect(await credited.text()).toContain("The balance is now 125.");
    const home = await (await memberBrowser.get("/member")).text();
    expect(home).toContain("Bonus Points");
  });

  it("exports the members list and the audit log as CSV, for those who may see them", async () => {
    await db().update(members).set({ name: "@SUM(1+1)" }).where(eq(members.id, memberId));
    const owner = await staffSignIn(TEST_OWNER);
    const [row] = await db().select().from(members).where(eq(members.id, memberId));
    const csv = await owner.get(`/admin/members.csv?q=${encodeURIComponent(row?.email ?? "")}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="members.csv"');
    const text = await csv.text();
    expect(text).toContain(memberId);
    expect(text).toContain("'@SUM(1+1)");
    const audit = await owner.get("/admin/audit.csv?action=staff.sign-in");
    expect(audit.status).toBe(200);
    expect(await audit.text()).toContain(TEST_OWNER.email);
    expect((await owner.get("/admin/audit.csv?from=someday")).status).toBe(400);
    for (const browser of [openBrowser(shop), memberBrowser]) {
      expect((await browser.get("/admin/members.csv")).status).toBe(404);
      expect((await browser.get("/admin/audit.csv")).status).toBe(404);
    }
  });
});
