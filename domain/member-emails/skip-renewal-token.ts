import { createHmac, timingSafeEqual } from "node:crypto";

/** Where a reminder's skip link leads: the page that asks to confirm, which posts back to the same address. */
export const SKIP_RENEWAL_PATH = "/email/skip-renewal";

/**
 * The token of a renewal reminder's skip link: the subscription and the date it skips, signed with
 * the shop's EMAIL_LINK_SECRET (HMAC-SHA256) as unsubscribe links are, so only the shop can make one
 * and it skips that one date only. The version lets the format or the secret change later.
 */
const VERSION = "1";

export type SkipRenewalSubject = { subscriptionId: string; dueOn: string };

const signatureOf = (secret: string, { subscriptionId, dueOn }: SkipRenewalSubject) =>
  createHmac("sha256", secret).update(`subscription-skip:${VERSION}:${subscriptionId}:${dueOn}`).digest();

export function skipRenewalToken(secret: string, subject: SkipRenewalSubject): string {
  const payload = Buffer.from(`${subject.subscriptionId}:${subject.dueOn}`).toString("base64url");
  return `${VERSION}.${payload}.${signatureOf(secret, subject).toString("base64url")}`;
}

/** The subscription and date a token was signed for; null for anything the shop did not sign. */
export function readSkipRenewalToken(secret: string, token: string): SkipRenewalSubject | null {
  const [version, payload, signature, ...rest] = token.split(".");
  if (version !== VERSION || !payload || !signature || rest.length > 0) return null;
  const [subscriptionId, dueOn, ...more] = Buffer.from(payload, "base64url").toString("utf8").split(":");
  if (!subscriptionId || !dueOn || more.length > 0) return null;
  const expected = signatureOf(secret, { subscriptionId, dueOn });
  const given = Buffer.from(signature, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected) ? { subscriptionId, dueOn } : null;
}
