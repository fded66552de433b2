import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guest } from "../../domain/shared/context.ts";
import { createGraphQLHandler } from "../../server/graphql/yoga.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

describe("security headers and the Content Security Policy", () => {
  let shop: TestServer;
  beforeAll(async () => {
    shop = await startTestServer();
  });
  afterAll(() => shop.close());

  async function page(path: string) {
    const response = await fetch(`${shop.baseUrl}${path}`);
    const html = await response.text();
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? "";
    return { response, html, csp, nonce };
  }

  it("gives a page rendered for one visitor a nonce-based policy that its own scripts carry", async () => {
    const { response, html, csp, nonce } = await page("/order");
    expect(csp).toContain("script-src 'nonce-");
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(nonce.length).toBeGreaterThanOrEqual(22);
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("never repeats a nonce on a page rendered for one visitor", async () => {
    const first = await page("/bag");
    const second = await page("/bag");
    expect(second.response.headers.get("x-page-cache")).toBeNull();
    expect(second.nonce.length).toBeGreaterThanOrEqual(22);
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.html).toContain(`nonce="${second.nonce}"`);
    expect(second.html).not.toContain(first.nonce);
  });

  it("pins a page kept for everyone to its own inline scripts by hash, with no nonce to reuse", async () => {
    await page("/shop/v5-vitality/vs8");
    const { response, html, csp } = await page("/shop/v5-vitality/vs8");
    expect(response.headers.get("x-page-cache")).toBe("hit");
    expect(csp).not.toContain("'nonce-");
    const inline = [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
    expect(inline.length).toBeGreaterThan(0);
    const hashes = inline.map((code) => `'sha256-${createHash("sha256").update(code).digest("base64")}'`);
    expect(/script-src ([^;]*)/.exec(csp)?.[1]?.split(" ").sort()).toEqual([...new Set(hashes), "'strict-dynamic'"].sort());
  });

  it("puts no policy on non-HTML answers but the other headers on all", async () => {
    const response = await fetch(`${shop.baseUrl}/healthz`);
    expect(response.headers.get("content-security-policy")).toBeNull();
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("GraphQL introspection", () => {
  const introspect = async (appEnv: "production" | "development") => {
    const request = new Request("http://shop.test/graphql", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __schema { queryType { name } } }" }),
    });
    // Introspection reads nothing of the request's context but its viewer: an anonymous guest.
    const response = await createGraphQLHandler({ APP_ENV: appEnv }).fetch(request, { operations: { viewer: guest() } } as never);
    return (await response.json()) as { data?: unknown; errors?: { message: string }[] };
  };

  it("is off in production and on elsewhere", async () => {
    const production = await introspect("production");
    expect(production.data).toBeUndefined();
    expect(production.errors?.[0]?.message).toBe("GraphQL introspection is disabled.");
    expect((await introspect("development")).data).toEqual({ __schema: { queryType: { name: "Query" } } });
  });
});
