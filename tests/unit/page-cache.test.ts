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
  app.use("*", pageCache({ revision: async () => 1 }));
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
