import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { appendResponseHeader, setResponseHeaders } from "../../server/http/response-headers.ts";

function app() {
  const shop = new Hono();
  shop.use("*", async (c, next) => {
    await next();
    setResponseHeaders(c, { "X-Frame-Options": "DENY", "X-Request-Id": "req-12345678" });
    appendResponseHeader(c, "Set-Cookie", "visitor=1; Path=/");
  });
  shop.get("/page", (c) => {
    c.header("Set-Cookie", "bag=abc; Path=/", { append: true });
    return c.html("<p>Lychee Luxe</p>");
  });
  shop.get("/moved", () => Response.redirect("http://shop.test/shop", 302));
  shop.get("/written", () => new Response(null, { headers: RESPONSE_ALREADY_SENT.headers }));
  return shop;
}

describe("headers set on a finished response", () => {
  it("are added to the response as it is, its body unchanged", async () => {
    const page = await app().request("/page");
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("x-request-id")).toBe("req-12345678");
    expect(page.headers.getSetCookie()).toEqual(["bag=abc; Path=/", "visitor=1; Path=/"]);
    expect(await page.text()).toBe("<p>Lychee Luxe</p>");
  });

  it("are added to a response whose own headers cannot change, such as a redirect's", async () => {
    const moved = await app().request("/moved");
    expect(moved.status).toBe(302);
    expect(moved.headers.get("location")).toBe("http://shop.test/shop");
    expect(moved.headers.get("x-frame-options")).toBe("DENY");
    expect(moved.headers.getSetCookie()).toEqual(["visitor=1; Path=/"]);
  });

  it("leave a response its handler wrote to the socket itself as it was, to be sent by no one else", async () => {
    const written = await app().request("/written");
    expect(written.headers.get("x-frame-options")).toBeNull();
    expect(written.headers.getSetCookie()).toEqual([]);
    expect([...written.headers.keys()]).toEqual([...RESPONSE_ALREADY_SENT.headers.keys()]);
  });
});
