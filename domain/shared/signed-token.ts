import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The token of a link in an email (an unsubscribe, a renewal's skip, a newsletter confirmation):
 * `VERSION.base64url(parts joined by ":").signature`, the signature an HMAC-SHA256 with the shop's
 * EMAIL_LINK_SECRET of `purpose:VERSION:parts`. Only the shop can make one, the purpose keeps a token
 * of one kind of link from serving as another, and the version lets the format or the secret change
 * later while older links are still read. Parts never hold ":".
 */
const VERSION = "1";

const signatureOf = (secret: string, purpose: string, parts: readonly string[]) =>
  createHmac("sha256", secret)
    .update([purpose, VERSION, ...parts].join(":"))
    .digest();

export function signToken(secret: string, purpose: string, parts: readonly string[]): string {
  const payload = Buffer.from(parts.join(":")).toString("base64url");
  return `${VERSION}.${payload}.${signatureOf(secret, purpose, parts).toString("base64url")}`;
}

/** The `count` parts a token was signed with for `purpose`; null for anything the shop did not sign so. */
export function readSignedToken(secret: string, purpose: string, token: string, count: number): string[] | null {
  const [version, payload, signature, ...rest] = token.split(".");
  if (version !== VERSION || !payload || !signature || rest.length > 0) return null;
  const parts = Buffer.from(payload, "base64url").toString("utf8").split(":");
  if (parts.length !== count || parts.some((part) => !part)) return null;
  const expected = signatureOf(secret, purpose, parts);
  const given = Buffer.from(signature, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected) ? parts : null;
}
