import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { parseVisitorCookie, visitorCookieIn, visitorCookieValue } from "../../app/lib/visitor-state.ts";
import { pageCache } from "../../server/http/page-cache.ts";
import type { HttpEnv } from "../../server/http/request-context.ts";

/** The page cache in front of a page that says what it was sent, and sets what the test asks for. */
function cachedShop() {
  const app = new Hono<HttpEnv>();
  let renders = 0;
  app.use("*", async (c, next) => {
    c.set("nonce", `nonce-${renders}`);
    c.set("sharedPage", false);
    await next();
  });
  app.use("*", pageCache({ revision: async () => 1, policy: (sha256) => `script-src ${sha256.join(" ")}` }));
  app.get("/shop/page", (c) => {
    renders += 1;
    return c.html(
      `<html><head><script nonce="n">one()</script></head><body>${"<p>words</p>".repeat(200)}<script type="module" nonce="n">two()</script><script src="/a.js"></script></body></html>`,
    );
  });
  app.get("*", (c) => {
    renders += 1;
    const seen = `cookie=${c.req.header("cookie") ?? "none"} authorization=${c.req.header("authorization") ?? "none"}`;
    const headers: Record<string, string> = {};
    if (c.req.query("set")) headers["set-cookie"] = "bag=abc; Path=/";
    if (c.req.query("private")) headers["cache-control"] = "private, no-store";
    return c.text(`${seen} shared=${c.var.sharedPage}`, 200, headers);
  });
  return { app, renders: () => renders };
}

describe("the page cache", () => {
  it("keeps a page once, encoded once, with a policy that names its inline scripts by hash", async () => {
    const { app, renders } = cachedShop();
    const sha256 = (code: string) => createHash("sha256").update(code).digest("base64");
    const first = await app.request("/shop/page", { headers: { "accept-encoding": "br" } });
    const second = await app.request("/shop/page", { headers: { "accept-encoding": "gzip" } });
    const plain = await app.request("/shop/page");
    expect([first, second, plain].map((r) => r.headers.get("x-page-cache"))).toEqual(["miss", "hit", "hit"]);
    expect(renders()).toBe(1);
    expect(first.headers.get("content-security-policy")).toBe(`script-src ${sha256("one()")} ${sha256("two()")}`);
    expect(first.headers.get("content-encoding")).toBe("br");
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(plain.headers.get("content-encoding")).toBeNull();
    for (const response of [first, second, plain]) expect(response.headers.get("vary")).toMatch(/Accept-Encoding/);
    const html = await plain.text();
    expect(brotliDecompressSync(Buffer.from(await first.arrayBuffer())).toString()).toBe(html);
    expect(gunzipSync(Buffer.from(await second.arrayBuffer())).toString()).toBe(html);
  });

  it("answers HEAD from a kept page with its headers, unencoded, and never keeps a HEAD's render", async () => {
    const { app, renders } = cachedShop();
    const before = await app.request("/shop/page", { method: "HEAD" });
    expect(before.headers.get("x-page-cache")).toBeNull();
    const get = await app.request("/shop/page", { headers: { "accept-encoding": "br" } });
    expect(get.headers.get("x-page-cache")).toBe("miss");
    const head = await app.request("/shop/page", { method: "HEAD", headers: { "accept-encoding": "br" } });
    expect(head.headers.get("x-page-cache")).toBe("hit");
    for (const name of ["content-type", "content-security-policy", "vary"])
      expect(head.headers.get(name)).toBe(get.headers.get(name));
    // Without a body to encode, HEAD describes the page as it is.
    expect(head.headers.get("content-encoding")).toBeNull();
    expect(head.headers.get("content-length")).toBe(String((await (await app.request("/shop/page")).arrayBuffer()).byteLength));
    expect(await head.text()).toBe("");
    expect(renders()).toBe(2);
  });

  it("renders a page for everyone without the visitor's cookies or credentials", async () => {
    const { app } = cachedShop();
    const response = await app.request("/shop/x", { headers: { cookie: "session=secret; bag=mine", authorization: "Bearer t" } });
    expect(await response.text()).toBe("cookie=none authorization=none shared=true");
  });

  it("does not store a response that sets a cookie or asks to stay private", async () => {
    const { app, renders } = cachedShop();
    for (const query of ["?set=1", "?private=1"]) {
      await app.request(`/shop/x${query}`);
      const again = await app.request(`/shop/x${query}`);
      expect(again.headers.get("x-page-cache")).toBeNull();
    }
    expect(renders()).toBe(4);
  });

  it("leaves other paths and methods to the visitor's own render", async () => {
    const { app } = cachedShop();
    const bag = await app.request("/bag", { headers: { cookie: "bag=mine" } });
    expect(await bag.text()).toBe("cookie=bag=mine authorization=none shared=false");
  });
});

describe("the visitor cookie", () => {
  it("says nothing for an empty bag, signed out, and reads back what it says", () => {
    expect(visitorCookieValue({ bagCount: 0, signedIn: false })).toBeNull();
    expect(visitorCookieValue({ bagCount: 3, signedIn: true })).toBe("3.1");
    expect(parseVisitorCookie(visitorCookieIn("a=1; visitor=12.0; b=2"))).toEqual({ bagCount: 12, signedIn: false });
  });

  it("reads a missing or foreign value as an empty bag, signed out", () => {
    for (const value of [null, "", "x.1", "3.2", "-1.0", "99999.1", "<b>.1"]) {
      expect(parseVisitorCookie(value)).toEqual({ bagCount: 0, signedIn: false });
    }
  });
});
