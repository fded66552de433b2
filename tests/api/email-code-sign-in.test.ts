import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailSignInCodes } from "../../db/schema/identity-provider.ts";
import { members } from "../../db/schema/members.ts";
import { emailText } from "../setup/email-text.ts";
import { fetchWithJar } from "../setup/embedded-sign-in.ts";
import { newPerson, openBrowser, type ShopBrowser, signInAtProvider, storedSession } from "../setup/shop-browser.ts";
import { eventually } from "../setup/test-jobs.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const newAddress = () => `coder-${randomUUID().slice(0, 12)}@example.com`;

describe("signing in with an email code over HTTP", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
  });
  afterAll(() => shop.close());

  /** The codes emailed to this address so far, as its inbox shows them. */
  function codesSentTo(address: string): string[] {
    const dir = path.join(shop.dataDir, "outbox");
    const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(".eml")) : [];
    return files
      .map((file) => readFileSync(path.join(dir, file), "utf8"))
      .filter((eml) => new RegExp(`^To: ${address}$`, "m").test(eml))
      .map((eml) => /^(\d{6})$/m.exec(emailText(eml))?.[1] ?? "");
  }

  /** Sends the request, then reads the code that arrives for the address because of it. */
  async function newCodeFor(address: string, send: () => Promise<Response>): Promise<string> {
    const earlier = codesSentTo(address);
    expect((await send()).status).toBe(200);
    const codes = await eventually(
      async () => codesSentTo(address),
      (now) => now.length > earlier.length,
    );
    for (const code of earlier) codes.splice(codes.indexOf(code), 1);
    return codes[0] ?? "";
  }

  /** A post to the provider's page from this browser (its address, its provider cookies). */
  const postAt = (browser: ShopBrowser, url: URL, form: Record<string, string>) =>
    fetchWithJar(browser.jar, url, {
      method: "POST",
      body: new URLSearchParams(form),
      headers: { "x-forwarded-for": browser.address },
    });

  /** Starts an email-code sign-in (or link) at the shop and opens the provider's page; its address and HTML. */
  async function openCodePage(browser: ShopBrowser, from: "/member/login" | "/member/link" = "/member/login") {
    const start = await browser.post(from, { provider: "email", redirect: "/member" });
    expect(start.status).toBe(303);
    let url = new URL(start.headers.get("location") ?? "");
    expect(url.searchParams.get("identity_provider")).toBe("COGNITO");
    let response = await fetchWithJar(browser.jar, url);
    while (response.status === 303) {
      url = new URL(response.headers.get("location") ?? "", url);
      response = await fetchWithJar(browser.jar, url);
    }
    return { pageUrl: url, status: response.status, html: await response.text() };
  }

  /** The whole sign-in by code from `from`, returning where the shop's callback sends the browser. */
  async function signInByCode(browser: ShopBrowser, address: string, from: "/member/login" | "/member/link" = "/member/login") {
    const start = await browser.post(from, { provider: "email", redirect: "/member" });
    const callback = await signInAtProvider(browser.jar, new URL(start.headers.get("location") ?? ""), async (pageUrl) => {
      const code = await newCodeFor(address, () =>
        postAt(browser, new URL(`${pageUrl.pathname}/email-code`, pageUrl), { email: address }),
      );
      return postAt(browser, new URL(`${pageUrl.pathname}/email-code/check`, pageUrl), { code });
    });
    return browser.get(`${callback.pathname}${callback.search}`);
  }

  const memberOf = async (browser: ShopBrowser) => {
    const session = await storedSession(shop, browser.cookie("session"));
    const [member] = await shop.server.database.db
      .select()
      .from(members)
      .where(eq(members.id, session?.memberId ?? ""));
    return member ?? null;
  };

  it("makes a new shopper a member with the sign-up points, from the address and the code emailed to it", async () => {
    const browser = openBrowser(shop);
    const address = newAddress();
    const { status, html } = await openCodePage(browser);
    expect(status).toBe(200);
    expect(html).toContain("<h1>Sign in with an email code</h1>");

    const landing = await signInByCode(browser, address);
    expect(landing.status).toBe(303);
    expect(landing.headers.get("location")).toBe("/member");
    expect(await memberOf(browser)).toMatchObject({
      email: address,
      codeEmail: address,
      googleEmail: null,
      name: address.split("@")[0],
      points: 50,
    });

    // Signing in again by code is the same member.
    const again = openBrowser(shop);
    await signInByCode(again, address);
    expect((await memberOf(again))?.id).toBe((await memberOf(browser))?.id);
  });

  it("answers bad input with a clear 400 and sends or signs in nothing", async () => {
    const browser = openBrowser(shop);
    const { pageUrl } = await openCodePage(browser);
    const uid = decodeURIComponent(pageUrl.pathname.split("/").pop() ?? "");
    const codesOfSignIn = () =>
      shop.server.database.db.select().from(emailSignInCodes).where(eq(emailSignInCodes.interactionUid, uid));

    const badEmail = await postAt(browser, new URL(`${pageUrl.pathname}/email-code`, pageUrl), { email: "not an email" });
    expect(badEmail.status).toBe(400);
    const badEmailPage = await badEmail.text();
    expect(badEmailPage).toContain("Enter an email address like name@example.com.");
    expect(badEmailPage).toContain('aria-invalid="true"');
    expect(await codesOfSignIn()).toEqual([]);

    const noCode = await postAt(browser, new URL(`${pageUrl.pathname}/email-code/check`, pageUrl), { code: "123456" });
    expect(noCode.status).toBe(400);
    expect(await noCode.text()).toContain("That code has expired, was used or was tried too often. Ask for a new code.");

    const address = newAddress();
    const code = await newCodeFor(address, () =>
      postAt(browser, new URL(`${pageUrl.pathname}/email-code`, pageUrl), { email: address }),
    );
    const check = (form: Record<string, string>) =>
      postAt(browser, new URL(`${pageUrl.pathname}/email-code/check`, pageUrl), form);

    for (const form of [{ code: "12ab56" }, { code: "1234567" }, { code: "" }]) {
      const refused = await check(form);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Enter the 6 digits of the code, like 123456.");
    }
    const wrong = await check({ code: String((Number(code) + 1) % 1_000_000).padStart(6, "0") });
    expect(wrong.status).toBe(400);
    const wrongPage = await wrong.text();
    expect(wrongPage).toContain("That code is not right. 4 tries left.");
    expect(wrongPage).toContain(`We sent a 6-digit code to ${address}.`);
    // Only the well-formed wrong code counted as a try.
    expect((await codesOfSignIn())[0]?.tries).toBe(1);
    expect(browser.cookie("session")).toBeNull();

    const unknownWay = await browser.post("/member/login", { provider: "sms" });
    expect(unknownWay.status).toBe(400);
    expect(await unknownWay.text()).toContain("Choose Google, Facebook or an email code to sign in with.");
  });

  it("shows the same screens for a member's address as for anyone's", async () => {
    const memberAddress = newAddress();
    await signInByCode(openBrowser(shop), memberAddress);
    const screenFor = async (address: string) => {
      const browser = openBrowser(shop);
      const { pageUrl } = await openCodePage(browser);
      const sent = await postAt(browser, new URL(`${pageUrl.pathname}/email-code`, pageUrl), { email: address });
      const html = await sent.text();
      const same = html
        .replaceAll(address, "ADDRESS")
        .replaceAll(pageUrl.pathname, "PAGE")
        .replace(/nonce="[^"]*"/, "");
      return { status: sent.status, html: same };
    };
    const [member, stranger] = await Promise.all([screenFor(memberAddress), screenFor(newAddress())]);
    expect(member.status).toBe(200);
    expect(member).toEqual(stranger);
  });

  it("refuses a fourth code to one address within 15 minutes with 429, whichever browser asks", async () => {
    const address = newAddress();
    const statuses: number[] = [];
    let refusal = "";
    for (let n = 0; n < 4; n++) {
      const browser = openBrowser(shop);
      const { pageUrl } = await openCodePage(browser);
      const sent = await postAt(browser, new URL(`${pageUrl.pathname}/email-code`, pageUrl), { email: address });
      statuses.push(sent.status);
      refusal = await sent.text();
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(refusal).toMatch(
      /No more codes can be sent to this address now\. Too many attempts\. Please try again in \d+ minutes?\./,
    );
    expect(
      await eventually(
        async () => codesSentTo(address),
        (codes) => codes.length === 3,
      ),
    ).toHaveLength(3);
  });

  it("refuses an eleventh code request from one client within 15 minutes with 429", async () => {
    const browser = openBrowser(shop);
    const { pageUrl } = await openCodePage(browser);
    const statuses: number[] = [];
    for (let n = 0; n < 11; n++) {
      const sent = await postAt(browser, new URL(`${pageUrl.pathname}/email-code`, pageUrl), { email: newAddress() });
      statuses.push(sent.status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);
  });

  it("finds no sign-in for a form posted from another site, which carries none of the provider's cookies", async () => {
    const browser = openBrowser(shop);
    const { pageUrl } = await openCodePage(browser);
    const address = newAddress();
    const forged = await fetch(new URL(`${pageUrl.pathname}/email-code`, pageUrl), {
      method: "POST",
      body: new URLSearchParams({ email: address }),
      headers: { origin: "https://evil.example", "x-forwarded-for": "192.0.2.99" },
    });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain("This sign-in has expired");
    expect(codesSentTo(address)).toEqual([]);
  });

  it("links an email sign-in to a Google member, who then signs in by code as the same member", async () => {
    const browser = openBrowser(shop);
    const google = newPerson("google");
    await browser.signIn(google);
    const address = newAddress();
    const linked = await signInByCode(browser, address, "/member/link");
    expect(linked.headers.get("location")).toBe("/member/account?link=linked");
    const member = await memberOf(browser);
    expect(member).toMatchObject({ googleEmail: google.email, codeEmail: address });

    const byCode = openBrowser(shop);
    await signInByCode(byCode, address);
    expect((await memberOf(byCode))?.id).toBe(member?.id);
  });

  it("refuses to link an address that signs in as another member", async () => {
    const theirs = newAddress();
    await signInByCode(openBrowser(shop), theirs);
    const browser = openBrowser(shop);
    await browser.signIn(newPerson("google"));
    const refused = await signInByCode(browser, theirs, "/member/link");
    expect(refused.headers.get("location")).toBe("/member/account?link=in-use");
    expect((await memberOf(browser))?.codeEmail).toBeNull();
  });
});
