import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";

const BAG_TOKEN = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

/** A bag is found by a 128-bit random token held in a cookie; only its hash is stored. */
export function newBagToken(): string {
  return randomBytes(16).toString("base64url");
}

export function isWellFormedBagToken(token: unknown): token is string {
  return BAG_TOKEN.safeParse(token).success;
}

export function bagIdOf(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
