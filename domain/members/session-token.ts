import { createHash, randomBytes } from "node:crypto";

/** What a browser's session cookie holds: 256 random bits. Only its hash is stored (member_sessions.id). */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function isWellFormedSessionToken(token: unknown): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** Also used for the `signin` cookie that binds a sign-in attempt to its browser. */
export function hashOfToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
