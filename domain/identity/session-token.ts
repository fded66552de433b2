import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "zod";

const SESSION_TOKEN = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** What a browser's session cookie holds: 256 random bits. Only its hash is stored (member_sessions.id). */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function isWellFormedSessionToken(token: unknown): token is string {
  return SESSION_TOKEN.safeParse(token).success;
}

/** Also used for the `signin` cookie that binds a sign-in attempt to its browser. */
export function hashOfToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** Compares a secret the browser sent with the one held for it, in constant time. */
export function isSameSecret(given: string | null | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
