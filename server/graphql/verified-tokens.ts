import { decodeJwt } from "jose";
import type { VerifiedIdentity } from "../../kernel/identity.ts";

export type VerifyAccessToken = (accessToken: string) => Promise<VerifiedIdentity>;

const DEFAULT_LIMIT = 10_000;

/** When a verified token expires (its `exp`), or null when it carries none we can read. */
function expiryOf(accessToken: string): number | null {
  try {
    const { exp } = decodeJwt(accessToken);
    return typeof exp === "number" ? exp * 1000 : null;
  } catch {
    // An opaque (non-JWT) token has no expiry to read: it is simply not remembered.
    return null;
  }
}

/**
 * Remembers whose each verified access token is until the token expires, so a member's requests do
 * not each check a signature (a fifth of the CPU of a simple member query). The provider's tokens are
 * checked locally anyway, so this changes nothing about when a token stops working: at its expiry.
 * Refused tokens are never remembered.
 */
export function rememberVerifiedTokens(
  verify: VerifyAccessToken,
  options: { limit?: number; now?: () => number } = {},
): VerifyAccessToken {
  const limit = options.limit ?? DEFAULT_LIMIT;
  const now = options.now ?? Date.now;
  const known = new Map<string, { identity: VerifiedIdentity; expiresAtMs: number }>();

  function remember(accessToken: string, identity: VerifiedIdentity, expiresAtMs: number): void {
    if (known.size >= limit) {
      const at = now();
      for (const [token, entry] of known) if (entry.expiresAtMs <= at) known.delete(token);
      // Still full: drop the oldest entry (a Map keeps insertion order).
      if (known.size >= limit) known.delete(known.keys().next().value as string);
    }
    known.set(accessToken, { identity, expiresAtMs });
  }

  return async (accessToken) => {
    const entry = known.get(accessToken);
    if (entry && entry.expiresAtMs > now()) return entry.identity;
    if (entry) known.delete(accessToken);
    const identity = await verify(accessToken);
    const expiresAtMs = expiryOf(accessToken);
    if (expiresAtMs !== null && expiresAtMs > now()) remember(accessToken, identity, expiresAtMs);
    return identity;
  };
}
