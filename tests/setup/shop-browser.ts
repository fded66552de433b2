import { createHash, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { memberSessions } from "../../db/schema/sessions.ts";
import { type CookieJar, createCookieJar, fetchWithJar, type TestIdentity } from "./embedded-sign-in.ts";
import type { TestServer } from "./test-server.ts";

let addresses = 0;

export type ShopBrowser = ReturnType<typeof openBrowser>;

/** Somebody new for each sign-in, so tests never share a member by accident. */
export function newPerson(provider: TestIdentity["provider"] = "google", name = "Tan Wei Ling"): TestIdentity {
  return { provider, email: `member-${randomUUID().slice(0, 12)}@example.com`, name };
}

/**
 * A browser for the shop over HTTP: its own cookie jar and its own client address (the test server
 * trusts one proxy hop, so rate limits count each browser apart). Redirects are not followed.
 */
export function openBrowser(shop: TestServer) {
  addresses += 1;
  const address = `10.${(addresses >> 8) & 255}.${addresses & 255}.7`;
  const jar = createCookieJar();
  const url = (path: string) => new URL(path, shop.baseUrl);
  const withAddress = (headers: Record<string, string> = {}) => ({ "x-forwarded-for": address, ...headers });

  const browser = {
    jar,
    /** The client address this browser's requests come from (through the trusted proxy). */
    address,
    get: (path: string, headers?: Record<string, string>) => fetchWithJar(jar, url(path), { headers: withAddress(headers) }),
    /** A form post from the shop's own pages (the browser sends the Origin header); pairs where a field repeats. */
    post: (
      path: string,
      form: Record<string, string> | [string, string][],
      headers: Record<string, string> = { origin: shop.baseUrl },
    ) =>
      fetchWithJar(jar, url(path), {
        method: "POST",
        body: new URLSearchParams(form),
        headers: withAddress({ "content-type": "application/x-www-form-urlencoded", ...headers }),
      }),
    /** The value of a cookie the browser holds for the shop, if any. */
    cookie: (name: string) => {
      const header = jar.header(url("/member/login")) ?? "";
      for (const part of header.split("; ")) if (part.startsWith(`${name}=`)) return part.slice(name.length + 1);
      return null;
    },
    setCookie: (setCookie: string) => jar.store(new Response(null, { headers: { "set-cookie": setCookie } })),
    /** Starts at the shop's login form and stops at the callback address the provider sends back. */
    async startSignIn(person: TestIdentity, redirect = "/member", path: "/member/login" | "/member/link" = "/member/login") {
      const start = await browser.post(path, { provider: person.provider, redirect });
      const location = start.headers.get("location");
      if (start.status !== 303 || !location) throw new Error(`Sign-in did not start: ${start.status} ${await start.text()}`);
      return { start, callback: await signInAtProvider(jar, new URL(location), person) };
    },
    /** Signs out as a member does: opens the sign-out page and posts its form (with the CSRF token it holds). */
    async signOut() {
      const html = await (await browser.get("/member/logout")).text();
      const csrf = /<input type="hidden" name="csrf" value="([^"]*)"/.exec(html)?.[1];
      if (csrf === undefined) throw new Error("The sign-out page offers no sign-out form: not signed in?");
      return browser.post("/member/logout", { csrf: decodeHtml(csrf) });
    },
    /** The whole sign-in: form, provider, callback. Returns the callback's answer (a redirect). */
    async signIn(person: TestIdentity, redirect = "/member") {
      const { start, callback } = await browser.startSignIn(person, redirect);
      const landing = await browser.get(`${callback.pathname}${callback.search}`);
      return { start, callback, landing };
    },
  };
  return browser;
}

/** A new browser signed in to the back office as this person, through the embedded provider. */
export async function staffSignIn(shop: TestServer, person: TestIdentity): Promise<ShopBrowser> {
  const browser = openBrowser(shop);
  const start = await browser.post("/admin/login", { provider: person.provider });
  const callback = await signInAtProvider(browser.jar, new URL(start.headers.get("location") ?? ""), person);
  await browser.get(`${callback.pathname}${callback.search}`);
  return browser;
}

const decodeHtml = (text: string) => text.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#39;", "'");

/** A page that posts itself on load (the provider's "end the other account's session" step), as a browser would. */
function selfSubmittingForm(html: string): { action: string; fields: URLSearchParams } | null {
  if (!html.includes("document.forms[0].submit()")) return null;
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) return null;
  const fields = new URLSearchParams();
  for (const [, name = "", value = ""] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields.append(decodeHtml(name), decodeHtml(value));
  }
  return { action: decodeHtml(action), fields };
}

/** Answers the provider's sign-in page at `pageUrl` (a form post), returning the provider's answer. */
export type ProviderPageStep = (pageUrl: URL) => Promise<Response>;

/**
 * Walks the embedded provider like a browser, from its authorize address to the shop's callback:
 * follows redirects, fills in its sign-in page once (as the person, or by the step given), and submits
 * the pages that submit themselves (signing in as another account than the provider last saw in this
 * browser ends that session first).
 */
export async function signInAtProvider(jar: CookieJar, authorizeUrl: URL, person: TestIdentity | ProviderPageStep): Promise<URL> {
  const fillIn: ProviderPageStep =
    typeof person === "function"
      ? person
      : (pageUrl) =>
          fetchWithJar(jar, new URL(`${pageUrl.pathname}/login`, pageUrl), { method: "POST", body: new URLSearchParams(person) });
  let url = authorizeUrl;
  let response = await fetchWithJar(jar, url);
  let signedIn = false;
  for (let step = 0; step < 12; step++) {
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url);
      if (!url.pathname.startsWith("/dev-idp/")) return url;
      response = await fetchWithJar(jar, url);
      continue;
    }
    const html = await response.text();
    const form = response.status === 200 ? selfSubmittingForm(html) : null;
    if (response.status === 200 && url.pathname.startsWith("/dev-idp/interaction/") && !signedIn) {
      signedIn = true;
      response = await fillIn(url);
    } else if (form) {
      url = new URL(form.action, url);
      response = await fetchWithJar(jar, url, { method: "POST", body: form.fields });
    } else {
      throw new Error(`The provider answered ${url.pathname} with ${response.status}: ${html.slice(0, 300)}`);
    }
  }
  throw new Error(`Too many steps signing in at ${authorizeUrl.href}`);
}

export function sessionIdOf(cookieToken: string): string {
  return createHash("sha256").update(cookieToken).digest("base64url");
}

export async function storedSession(shop: TestServer, cookieToken: string | null) {
  if (!cookieToken) return null;
  const [row] = await shop.server.database.db
    .select()
    .from(memberSessions)
    .where(eq(memberSessions.id, sessionIdOf(cookieToken)));
  return row ?? null;
}

/** The Set-Cookie line for one cookie name, as the server sent it. */
export function setCookieFor(response: Response, name: string): string | null {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`)) ?? null;
}
