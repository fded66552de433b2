import { createHmac, timingSafeEqual } from "node:crypto";
import { isMemberEmailKind, type MemberEmailKind } from "../../kernel/member-email-kinds.ts";
import { UNSUBSCRIBE_PATH } from "./unsubscribe-page.ts";

/**
 * The token of a programme email's unsubscribe link (decision 044): the member and the kind of email,
 * signed with the shop's EMAIL_LINK_SECRET (HMAC-SHA256). Only the shop can make one, so nobody can
 * turn off another member's emails by changing the id in a link. The version lets the format or
 * the secret change later while older links are still read.
 */
const VERSION = "1";

export type UnsubscribeSubject = { memberId: string; kind: MemberEmailKind };

const signatureOf = (secret: string, { memberId, kind }: UnsubscribeSubject) =>
  createHmac("sha256", secret).update(`member-email-unsubscribe:${VERSION}:${memberId}:${kind}`).digest();

export function unsubscribeToken(secret: string, subject: UnsubscribeSubject): string {
  const payload = Buffer.from(`${subject.memberId}:${subject.kind}`).toString("base64url");
  return `${VERSION}.${payload}.${signatureOf(secret, subject).toString("base64url")}`;
}

/** The member and kind a token was signed for; null for anything the shop did not sign. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeSubject | null {
  const [version, payload, signature, ...rest] = token.split(".");
  if (version !== VERSION || !payload || !signature || rest.length > 0) return null;
  const [memberId, kind, ...more] = Buffer.from(payload, "base64url").toString("utf8").split(":");
  if (!memberId || !kind || more.length > 0 || !isMemberEmailKind(kind)) return null;
  const expected = signatureOf(secret, { memberId, kind });
  const given = Buffer.from(signature, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected) ? { memberId, kind } : null;
}

export const unsubscribeUrlOf = (publicUrl: string, secret: string, subject: UnsubscribeSubject) =>
  `${publicUrl}${UNSUBSCRIBE_PATH}?t=${unsubscribeToken(secret, subject)}`;
