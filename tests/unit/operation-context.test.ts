import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { newSessionToken } from "../../domain/identity/session-token.ts";
import { guest, type OperationContext, type ShopServices } from "../../domain/shared/context.ts";
import type { ActiveSession } from "../../domain/shared/session.ts";
import { operationContext } from "../../server/http/operation-context.ts";
import type { HttpEnv } from "../../server/http/request-context.ts";
import { staffSession } from "../../server/http/staff-session.ts";

const SITE = "https://shop.test";
const BAG = "AAAAAAAAAAAAAAAAAAAAAA";
const session: ActiveSession = {
  id: "s",
  memberId: "member-1",
  subject: "sub-1",
  provider: "google",
  csrfToken: "c",
  expiresAt: new Date(),
};

/** The viewer the page's operation context gets for a request with the session and bag cookies. */
async function viewerFor(method: string, origin: string | null) {
  const app = new Hono<HttpEnv>();
  app.use("*", async (c, next) => {
    c.set("session", session);
    c.set("siteOrigin", SITE);
    c.set("log", {} as HttpEnv["Variables"]["log"]);
    await next();
  });
  app.use("*", operationContext({ db: {}, catalog: {} } as unknown as ShopServices));
  app.all("*", (c) => c.json(c.var.operations.viewer));
  const headers: Record<string, string> = { cookie: `bag=${BAG}` };
  if (origin !== null) headers.origin = origin;
  const response = await app.request(`${SITE}/member/earn-points`, { method, headers });
  return (await response.json()) as { kind: string; memberId?: string; bagToken: string | null };
}

describe("the page's operation context", () => {
  it("is the session's member for safe requests and for posts from the site's own pages", async () => {
    for (const [method, origin] of [
      ["GET", null],
      ["GET", "https://evil.example"],
      ["POST", SITE],
      ["POST", null],
    ] as const) {
      expect(await viewerFor(method, origin), `${method} from ${origin}`).toMatchObject({
        kind: "member",
        memberId: "member-1",
        bagToken: BAG,
      });
    }
  });

  it("is a stranger for a post from another site: neither the session nor the bag cookie counts", async () => {
    for (const origin of ["https://evil.example", "null", "https://shop.test.evil.example"]) {
      for (const method of ["POST", "PUT", "DELETE"]) {
        expect(await viewerFor(method, origin), `${method} from ${origin}`).toEqual({ kind: "guest", bagToken: null });
      }
    }
  });
});

describe("the back office's staff session", () => {
  /** Whether the staff cookie was looked up for this request (the lookup reads the database). */
  async function staffCookieRead(method: string, origin: string) {
    let read = false;
    const db = new Proxy({} as OperationContext["db"], {
      get: () => {
        read = true;
        throw new Error("the staff session was looked up");
      },
    });
    const app = new Hono<HttpEnv>();
    app.use("*", async (c, next) => {
      c.set("siteOrigin", SITE);
      c.set("operations", { db, viewer: guest(), now: () => new Date() } as unknown as OperationContext);
      await next();
    });
    app.use("*", staffSession({ secureCookies: false }));
    app.all("*", (c) => c.text(c.var.operations.viewer.kind));
    app.onError((_error, c) => c.text("error", 500));
    await app.request(`${SITE}/admin/orders`, { method, headers: { cookie: `staff=${newSessionToken()}`, origin } });
    return read;
  }

  it("is looked up for the back office's own posts, never for a post from another site", async () => {
    expect(await staffCookieRead("POST", SITE)).toBe(true);
    expect(await staffCookieRead("GET", "https://evil.example")).toBe(true);
    expect(await staffCookieRead("POST", "https://evil.example")).toBe(false);
  });
});
