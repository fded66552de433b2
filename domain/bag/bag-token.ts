import { createHash, randomBytes } from "node:crypto";

/** A bag is found by a 128-bit random token held in a cookie; only its hash is stored. */
export function newBagToken(): string {
  return randomBytes(16).toString("base64url");
}

export function isWellFormedBagToken(token: unknown): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{22}$/.test(token);
}

export function bagIdOf(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
