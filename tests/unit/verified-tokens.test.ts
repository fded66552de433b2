import { describe, expect, it, vi } from "vitest";
import type { VerifiedIdentity } from "../../kernel/identity.ts";
import { rememberVerifiedTokens } from "../../server/graphql/verified-tokens.ts";

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const jwt = (claims: object) => `${part({ alg: "RS256" })}.${part(claims)}.c2ln`;
const identity = (subject: string): VerifiedIdentity => ({
  subject,
  provider: "google",
  email: `${subject}@example.com`,
  emailVerified: true,
  name: subject,
  picture: null,
});

describe("rememberVerifiedTokens", () => {
  it("verifies a token once and answers from memory until it expires", async () => {
    let nowMs = 1_000_000;
    const verify = vi.fn(async () => identity("a"));
    const cached = rememberVerifiedTokens(verify, { now: () => nowMs });
    const token = jwt({ sub: "a", exp: 1_060 });
    expect(await cached(token)).toMatchObject({ subject: "a" });
    expect(await cached(token)).toMatchObject({ subject: "a" });
    expect(verify).toHaveBeenCalledTimes(1);
    nowMs = 1_060_000;
    verify.mockRejectedValueOnce(new Error("expired"));
    await expect(cached(token)).rejects.toThrow("expired");
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it("never remembers a refused token, an opaque one or one without exp", async () => {
    const verify = vi.fn(async (token: string) => {
      if (token.startsWith("bad")) throw new Error("refused");
      return identity("b");
    });
    const cached = rememberVerifiedTokens(verify, { now: () => 0 });
    const badToken = jwt({ sub: "x", exp: 100 }).replace(/^/, "bad");
    await expect(cached(badToken)).rejects.toThrow("refused");
    await expect(cached(badToken)).rejects.toThrow("refused");
    for (const token of ["opaque-token", jwt({ sub: "b" })]) {
      await cached(token);
      await cached(token);
    }
    expect(verify).toHaveBeenCalledTimes(6);
  });

  it("keeps at most `limit` tokens", async () => {
    const verify = vi.fn(async (token: string) => identity(token.slice(-6)));
    const cached = rememberVerifiedTokens(verify, { limit: 2, now: () => 0 });
    const [t1, t2, t3] = [1, 2, 3].map((n) => jwt({ sub: `s${n}`, exp: 100 + n }));
    for (const token of [t1, t2, t3]) await cached(token ?? "");
    await cached(t3 ?? "");
    await cached(t2 ?? "");
    expect(verify).toHaveBeenCalledTimes(3);
    await cached(t1 ?? "");
    expect(verify).toHaveBeenCalledTimes(4);
  });
});
