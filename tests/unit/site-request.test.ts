import { describe, expect, it } from "vitest";
import { requestAtSiteOrigin } from "../../server/http/site-request.ts";

const SITE = "https://shop.example";

describe("a request moved to the site's origin for the pages", () => {
  it("keeps a page request's path, query, headers and abort signal", () => {
    const aborter = new AbortController();
    const asked = new Request("http://10.0.0.5:3000/shop/joffee?sort=price", {
      headers: { cookie: "bag=b1; visitor=v1", "accept-language": "en-SG" },
      signal: aborter.signal,
    });
    const moved = requestAtSiteOrigin(asked, SITE);
    expect(moved.url).toBe(`${SITE}/shop/joffee?sort=price`);
    expect(moved.method).toBe("GET");
    expect(moved.headers.get("cookie")).toBe("bag=b1; visitor=v1");
    expect(moved.headers.get("accept-language")).toBe("en-SG");
    expect(moved.signal.aborted).toBe(false);
    aborter.abort();
    expect(moved.signal.aborted).toBe(true);
  });

  it("keeps a form post's body and its headers", async () => {
    const asked = new Request("http://10.0.0.5:3000/bag", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: SITE },
      body: "intent=add&quantity=1",
    });
    const moved = requestAtSiteOrigin(asked, SITE);
    expect(moved.url).toBe(`${SITE}/bag`);
    expect(moved.method).toBe("POST");
    expect(moved.headers.get("origin")).toBe(SITE);
    expect(Object.fromEntries(await moved.formData())).toEqual({ intent: "add", quantity: "1" });
  });

  it("is the request itself when it already came to the site's origin", () => {
    const asked = new Request(`${SITE}/bag`);
    expect(requestAtSiteOrigin(asked, SITE)).toBe(asked);
  });
});
