import { createHash, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { members } from "../../db/schema/members.ts";
import { memberSessions } from "../../db/schema/sessions.ts";
import type { SessionDeps } from "../../domain/identity/session-refresh.ts";
import { createSessionResumer } from "../../domain/identity/session-resume.ts";
import { openSession } from "../../domain/identity/sessions.ts";
import { signOut } from "../../domain/identity/sign-out.ts";
import type { Viewer } from "../../domain/shared/context.ts";
import type { ActiveSession } from "../../domain/shared/session.ts";
import { type IdentityClient, IdentityProviderError, type ProviderTokens } from "../../integrations/identity/identity-client.ts";
import type { VerifiedIdentity } from "../../kernel/identity.ts";
import { testContext } from "../setup/operation-context.ts";
import { DRIVER_NAME, openTestDatabase, type TestDatabase } from "../setup/test-database.ts";

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date("2026-11-21T02:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

/**
 * Stands in for the provider's answers only: which access tokens it accepts, and whether it grants a
 * refresh. `rotate` makes it refuse a refresh token's second use, as providers with rotation do.
 */
function fakeProvider(options: { rotate?: boolean; refreshDelayMs?: number } = {}) {
  const valid = new Set<string>();
  const usedRefreshTokens = new Set<string>();
  const log: string[] = [];
  let counter = 0;
  let refreshError: Error | null = null;
  let verifyError: Error | null = null;
  const issue = (accessExpiresAt: Date): ProviderTokens => {
    counter += 1;
    const accessToken = `access-${counter}-${randomUUID()}`;
    valid.add(accessToken);
    return { accessToken, idToken: `id-${counter}`, refreshToken: `refresh-${counter}`, accessExpiresAt };
  };
  const client: IdentityClient = {
    authorizationUrl: async () => new URL("https://idp.invalid/authorize"),
    exchangeCode: async () => {
      throw new Error("not used here");
    },
    refresh: async (refreshToken) => {
      log.push(`refresh ${refreshToken}`);
      // A second use is refused at once, while the first use's answer may still be on its way.
      if (options.rotate && usedRefreshTokens.has(refreshToken)) {
        throw new IdentityProviderError("invalid_grant", "refresh token already used", 400);
      }
      usedRefreshTokens.add(refreshToken);
      if (options.refreshDelayMs) await new Promise((resolve) => setTimeout(resolve, options.refreshDelayMs));
      if (refreshError) throw refreshError;
      const tokens = issue(at(2 * 60 * 60 * 1000));
      return options.rotate ? tokens : { ...tokens, refreshToken };
    },
    revoke: async (refreshToken) => {
      log.push(`revoke ${refreshToken}`);
      if (refreshError) throw refreshError;
    },
    identityOfAccessToken: async (accessToken) => {
      if (verifyError) throw verifyError;
      if (!valid.has(accessToken)) throw new IdentityProviderError("NotAuthorizedException", "Invalid Access Token", 401);
      return identity;
    },
  };
  return {
    client,
    log,
    issue,
    invalidate: (accessToken: string) => valid.delete(accessToken),
    failRefreshWith: (error: Error | null) => {
      refreshError = error;
    },
    failVerifyWith: (error: Error | null) => {
      verifyError = error;
    },
  };
}

const identity: VerifiedIdentity = {
  subject: "sub-google-1",
  provider: "google",
  email: "mei.ling@example.com",
  emailVerified: true,
  name: "Tan Mei Ling",
  picture: null,
};

/** A browser signed in with this session, as the edge makes it the viewer. */
const sessionViewer = (session: ActiveSession): Viewer => ({
  kind: "member",
  memberId: session.memberId,
  subject: session.subject,
  bagToken: null,
  session,
  identity: null,
});

describe(`member sessions (${DRIVER_NAME})`, () => {
  let database: TestDatabase;
  let provider: ReturnType<typeof fakeProvider>;
  let sessions: ReturnType<typeof makeSessions>;
  let logged: { level: string; message: string; details: object }[];
  const memberId = randomUUID();

  const depsOf = (client: IdentityClient): SessionDeps => ({
    db: database.db,
    identity: client,
    log: {
      info: (details, message) => logged.push({ level: "info", message, details }),
      warn: (details, message) => logged.push({ level: "warn", message, details }),
      error: (details, message) => logged.push({ level: "error", message, details }),
    },
  });
  /** One process's sessions: opening one (sign-in), resuming it (each request), signing out (the operation). */
  function makeSessions(client: IdentityClient) {
    const deps = depsOf(client);
    return {
      open: (input: Parameters<typeof openSession>[1], now: Date) => openSession(deps, input, now),
      resume: createSessionResumer(deps),
      signOut: (session: ActiveSession | null, csrfToken: string | null) =>
        signOut(
          {
            ...testContext(database.db, { viewer: session ? sessionViewer(session) : undefined, ports: { identity: client } }),
            log: deps.log,
          },
          { csrfToken },
        ),
    };
  }
  const row = async (token: string) => {
    const id = createHash("sha256").update(token).digest("base64url");
    const [found] = await database.db.select().from(memberSessions).where(eq(memberSessions.id, id));
    return found ?? null;
  };
  const openAt = (now: Date, tokens = provider.issue(at(60 * 60 * 1000))) => sessions.open({ memberId, identity, tokens }, now);

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insert(members).values({ id: memberId, email: identity.email, googleEmail: identity.email, name: "Mei" });
  });
  afterAll(() => database.close());
  beforeEach(() => {
    logged = [];
    provider = fakeProvider();
    sessions = makeSessions(provider.client);
  });

  it("opens a new session each time: 256-bit cookie token, only its SHA-256 stored, 30-day end", async () => {
    const first = await openAt(T0);
    const second = await openAt(T0);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.token).not.toBe(first.token);
    expect(second.session.id).not.toBe(first.session.id);
    const stored = await row(first.token);
    expect(stored?.id).toBe(createHash("sha256").update(first.token).digest("base64url"));
    expect(stored?.id).not.toContain(first.token);
    expect(first.expiresAt).toEqual(at(30 * DAY));
    expect(stored?.expiresAt).toEqual(at(30 * DAY));
    expect(first.session).toMatchObject({ memberId, subject: identity.subject, provider: "google" });
    expect(first.session.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.session.csrfToken).not.toBe(first.session.csrfToken);
  });

  it("never outlives the refresh token, nor the access token when there is no refresh token", async () => {
    const shortRefresh = await openAt(T0, { ...provider.issue(at(3_600_000)), refreshExpiresAt: at(7 * DAY) });
    expect(shortRefresh.expiresAt).toEqual(at(7 * DAY));
    const noRefresh = await openAt(T0, { ...provider.issue(at(3_600_000)), refreshToken: null });
    expect(noRefresh.expiresAt).toEqual(at(3_600_000));
  });

  it("resumes a live session and knows nothing of unknown or malformed tokens", async () => {
    const opened = await openAt(T0);
    expect(await sessions.resume(opened.token, at(60_000))).toEqual(opened.session);
    expect(await sessions.resume("A".repeat(43), at(60_000))).toBeNull();
    expect(await sessions.resume("not a token", at(60_000))).toBeNull();
    expect(await sessions.resume(null, at(60_000))).toBeNull();
    expect(provider.log).toEqual([]);
  });

  it("ends a session idle for 14 days, and any session after 30 days however busy", async () => {
    const idle = await openAt(T0);
    expect(await sessions.resume(idle.token, at(14 * DAY))).toBe("expired");
    expect(await row(idle.token)).toBeNull();
    expect(await sessions.resume(idle.token, at(14 * DAY))).toBeNull();

    const busy = await openAt(T0);
    for (let day = 10; day < 30; day += 10) {
      const now = at(day * DAY);
      await database.db.update(memberSessions).set({ accessExpiresAt: at((day + 1) * DAY) });
      expect(await sessions.resume(busy.token, now)).toEqual(busy.session);
    }
    expect(await sessions.resume(busy.token, at(30 * DAY))).toBe("expired");
    expect(await row(busy.token)).toBeNull();
  });

  it("writes lastSeenAt at most every 5 minutes", async () => {
    const opened = await openAt(T0);
    await sessions.resume(opened.token, at(4 * 60_000));
    expect((await row(opened.token))?.lastSeenAt).toEqual(T0);
    await sessions.resume(opened.token, at(5 * 60_000));
    expect((await row(opened.token))?.lastSeenAt).toEqual(at(5 * 60_000));
    await sessions.resume(opened.token, at(9 * 60_000));
    expect((await row(opened.token))?.lastSeenAt).toEqual(at(5 * 60_000));
  });

  it("refreshes an access token that has expired or expires within 60 s, once, and keeps the new tokens", async () => {
    const opened = await openAt(T0, provider.issue(at(10 * 60_000)));
    const before = await row(opened.token);
    expect(await sessions.resume(opened.token, at(10 * 60_000 - 59_000))).toEqual(opened.session);
    expect(provider.log).toEqual([`refresh ${before?.refreshToken}`]);
    const after = await row(opened.token);
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(after?.accessExpiresAt).toEqual(at(2 * 60 * 60 * 1000));
    expect(after?.refreshToken).toBe(before?.refreshToken);
    expect(await sessions.resume(opened.token, at(11 * 60_000))).toEqual(opened.session);
    expect(provider.log).toHaveLength(1);
  });

  it("refreshes once when the provider refuses the access token (the 401), then carries on", async () => {
    const opened = await openAt(T0);
    provider.invalidate((await row(opened.token))?.accessToken ?? "");
    expect(await sessions.resume(opened.token, at(60_000))).toEqual(opened.session);
    expect(provider.log).toHaveLength(1);
  });

  it("ends the session when the refreshed token is refused as well", async () => {
    const opened = await openAt(T0);
    provider.invalidate((await row(opened.token))?.accessToken ?? "");
    const refreshed = provider.client.refresh;
    provider.client.refresh = async (token) => {
      const tokens = await refreshed(token);
      provider.invalidate(tokens.accessToken);
      return tokens;
    };
    expect(await sessions.resume(opened.token, at(60_000))).toBe("expired");
    expect(await row(opened.token)).toBeNull();
    expect(provider.log).toHaveLength(1);
  });

  it.each([
    ["NotAuthorizedException", new IdentityProviderError("NotAuthorizedException", "Refresh Token has expired", 400)],
    ["UserNotFoundException", new IdentityProviderError("UserNotFoundException", "User does not exist.", 400)],
    ["InvalidParameterException", new IdentityProviderError("InvalidParameterException", "Invalid token", 400)],
    ["a network failure", new IdentityProviderError("NetworkError", "fetch failed")],
  ])("ends the session when the refresh fails with %s", async (_name, error) => {
    const opened = await openAt(T0, provider.issue(at(30_000)));
    provider.failRefreshWith(error);
    expect(await sessions.resume(opened.token, at(31_000))).toBe("expired");
    expect(await row(opened.token)).toBeNull();
    expect(logged).toContainEqual(expect.objectContaining({ message: "session ended: its tokens could not be refreshed" }));
  });

  it("lets a session stand, and logs, when the provider's keys cannot be read", async () => {
    const opened = await openAt(T0);
    provider.failVerifyWith(new IdentityProviderError("KeySetUnavailable", "The provider's keys could not be read"));
    expect(await sessions.resume(opened.token, at(60_000))).toEqual(opened.session);
    expect(logged).toContainEqual(
      expect.objectContaining({ level: "error", message: "could not check a session's access token" }),
    );
  });

  it("shares one refresh among a process's concurrent requests", async () => {
    provider = fakeProvider({ refreshDelayMs: 30 });
    sessions = makeSessions(provider.client);
    const opened = await openAt(T0, provider.issue(at(0)));
    const results = await Promise.all(Array.from({ length: 5 }, () => sessions.resume(opened.token, at(60_000))));
    expect(results).toEqual(Array(5).fill(opened.session));
    expect(provider.log).toHaveLength(1);
  });

  it.each([
    ["keeps its refresh token", false],
    ["rotates refresh tokens", true],
  ])("survives two processes refreshing at once when the provider %s", async (_name, rotate) => {
    provider = fakeProvider({ rotate, refreshDelayMs: 50 });
    const processA = makeSessions(provider.client);
    const processB = makeSessions(provider.client);
    const opened = await processA.open({ memberId, identity, tokens: provider.issue(at(0)) }, T0);
    const results = await Promise.all([processA.resume(opened.token, at(60_000)), processB.resume(opened.token, at(60_000))]);
    expect(results).toEqual([opened.session, opened.session]);
    expect(provider.log).toHaveLength(2);
    const stored = await row(opened.token);
    expect(await provider.client.identityOfAccessToken(stored?.accessToken ?? "")).toEqual(identity);
    expect(await processA.resume(opened.token, at(2 * 60_000))).toEqual(opened.session);
    expect(provider.log).toHaveLength(2);
  });

  it("sign-out deletes the session and revokes its refresh token; a failed revocation is logged, not thrown", async () => {
    const opened = await openAt(T0);
    const refreshToken = (await row(opened.token))?.refreshToken;
    await sessions.signOut(opened.session, opened.session.csrfToken);
    expect(await row(opened.token)).toBeNull();
    expect(provider.log).toEqual([`revoke ${refreshToken}`]);
    expect(await sessions.resume(opened.token, at(60_000))).toBeNull();

    const other = await openAt(T0);
    provider.failRefreshWith(new IdentityProviderError("UnexpectedResponse", "HTTP error! status: 503", 503));
    await expect(sessions.signOut(other.session, other.session.csrfToken)).resolves.toBeUndefined();
    expect(await row(other.token)).toBeNull();
    expect(logged).toContainEqual(
      expect.objectContaining({ level: "error", message: "could not revoke a refresh token at sign-out" }),
    );
    await expect(sessions.signOut(null, null)).resolves.toBeUndefined();
  });

  it("signs out only with the session's own CSRF token", async () => {
    const opened = await openAt(T0);
    for (const token of [null, "", "x".repeat(43), `${opened.session.csrfToken}x`]) {
      await expect(sessions.signOut(opened.session, token)).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await row(opened.token)).not.toBeNull();
    expect(provider.log).toEqual([]);
  });

  it("drops the member's sessions that ran out when the member signs in again", async () => {
    const stale = await openAt(T0);
    await openAt(at(15 * DAY));
    expect(await row(stale.token)).toBeNull();
  });
});
