import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestHash } from "../../domain/shared/request-hash.ts";
import { MAX_BODY_BYTES } from "../../server/http/body-limit.ts";
import { newPerson, openBrowser, type ShopBrowser, setCookieFor } from "../setup/shop-browser.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

type LogLine = { level: number; requestId?: string; msg: string; err?: unknown };

/** pino's levels: 40 is a warning, 50 an error. */
const WARN = 40;
const ERROR = 50;

describe("refusing hostile requests writes at most a one-line warning, never an error with a stack", () => {
  let shop: TestServer;
  let member: ShopBrowser;
  const written: string[] = [];
  const log = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  let requests = 0;

  beforeAll(async () => {
    shop = await startTestServer({ LOG_LEVEL: "debug", TRUSTED_PROXY_HOPS: "1" }, { logTo: log });
    member = openBrowser(shop);
    await member.signIn(newPerson());
  });
  afterAll(() => shop.close());

  /** Sends one request with its own id and returns it with the lines logged for it. */
  async function send(path: string, init: RequestInit & { headers?: Record<string, string> }) {
    requests += 1;
    const requestId = `hostile-request-${String(requests).padStart(4, "0")}`;
    const response = await fetch(`${shop.baseUrl}${path}`, {
      redirect: "manual",
      ...init,
      headers: { "x-request-id": requestId, ...init.headers },
    });
    const text = await response.text();
    const mine = written.filter((line) => (JSON.parse(line) as LogLine).requestId === requestId);
    return { response, text, lines: mine.map((line) => JSON.parse(line) as LogLine), raw: mine };
  }

  function expectQuiet({ lines, raw }: { lines: LogLine[]; raw: string[] }) {
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.level >= ERROR)).toEqual([]);
    expect(raw.filter((line) => line.includes('"stack"') || line.includes("\\n    at "))).toEqual([]);
  }

  const form = "application/x-www-form-urlencoded";

  it.each([
    ["/bag", "intent=add&optionId=op-m8_ba-1b&quantity=1", "https://evil.example"],
    ["/order", "invoiceId=AB12CD&mobile=91234567", "null"],
    ["/checkout/summary", "code=WELCOME10", "http://127.0.0.1.evil.example"],
  ])("a cross-site post to the page %s is refused with 403 and one warning", async (path, body, origin) => {
    const refused = await send(path, { method: "POST", body, headers: { origin, "content-type": form } });
    expectQuiet(refused);
    expect(refused.response.status).toBe(403);
    expect(refused.text).toContain("This form came from another site");
    expect(refused.response.headers.getSetCookie()).toEqual([]);
    expect(refused.lines.filter((line) => line.level === WARN)).toEqual([
      expect.objectContaining({ msg: "refused a form post from another site" }),
    ]);
  });

  it("still takes the same post from the shop's own page", async () => {
    const own = await send("/bag", {
      method: "POST",
      body: "intent=add&optionId=op-m8_ba-1b&quantity=1",
      headers: { origin: shop.baseUrl, "content-type": form },
    });
    expect(own.response.status).toBe(303);
    expect(setCookieFor(own.response, "bag")).not.toBeNull();
  });

  it("a cross-site post to /graphql with the member's session cookie (a wrong hash, no CSRF token) logs no error", async () => {
    const cookie = `session=${member.cookie("session")}`;
    const query = JSON.stringify({ query: 'mutation { resetMembership(memberId: "1") { id } }' });
    const refused = await send("/graphql", {
      method: "POST",
      body: query,
      headers: { origin: "https://evil.example", "content-type": "application/json", cookie, "x-request-hash": "1" },
    });
    expect(refused.response.status).toBe(400);
    expectQuiet(refused);
    const noToken = await send("/graphql", {
      method: "POST",
      body: JSON.stringify({ query: '{ getMemberByEmailAndProviderTypeFast(email: "a@b.c", providerType: "google") { id } }' }),
      headers: { origin: "https://evil.example", "content-type": "application/json", cookie, "x-request-hash": requestHash({}) },
    });
    expect(JSON.parse(noToken.text)).toMatchObject({ errors: [{ extensions: { code: "FORBIDDEN" } }] });
    expectQuiet(noToken);
  });

  it("other refusals (too large, unreadable, rate limited, not signed in) log no error either", async () => {
    expectQuiet(await send("/bag", { method: "POST", body: "x".repeat(MAX_BODY_BYTES + 1), headers: { "content-type": form } }));
    expectQuiet(await send("/bag", { method: "POST", body: "intent=add&optionId=%00", headers: { "content-type": form } }));
    expectQuiet(
      await send("/graphql", {
        method: "POST",
        body: JSON.stringify({ query: ["{ __typename }"] }),
        headers: { "content-type": "application/json" },
      }),
    );
    expectQuiet(
      await send("/graphql", {
        method: "POST",
        body: JSON.stringify({ query: 'mutation { resetMembership(memberId: "1") { id } }' }),
        headers: { "content-type": "application/json", authorization: "Bearer not-a-token", "x-request-hash": requestHash({}) },
      }),
    );
    let last: Awaited<ReturnType<typeof send>> | null = null;
    for (let attempt = 0; attempt < 12; attempt++) {
      last = await send("/order", {
        method: "POST",
        body: "invoiceId=ZZ99ZZ&mobile=91234567",
        headers: { origin: shop.baseUrl, "content-type": form, "x-forwarded-for": "10.200.0.1" },
      });
      expectQuiet(last);
    }
    expect(last?.response.status).toBe(429);
  });
});
