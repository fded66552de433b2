import { isMemberEmailKind, type MemberEmailKind } from "../../kernel/member-email-kinds.ts";
import { readSignedToken, signToken } from "../shared/signed-token.ts";
import { UNSUBSCRIBE_PATH } from "./unsubscribe-page.ts";

/**
 * The token of a programme email's unsubscribe link (decision 044): the member and the kind of email,
 * signed (signed-token.ts), so nobody can turn off another member's emails by changing the id in a link.
 */
const PURPOSE = "member-email-unsubscribe";

export type UnsubscribeSubject = { memberId: string; kind: MemberEmailKind };

export const unsubscribeToken = (secret: string, subject: UnsubscribeSubject): string =>
  signToken(secret, PURPOSE, [subject.memberId, subject.kind]);

/** The member and kind a token was signed for; null for anything the shop did not sign. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeSubject | null {
  const [memberId, kind] = readSignedToken(secret, PURPOSE, token, 2) ?? [];
  return memberId && kind && isMemberEmailKind(kind) ? { memberId, kind } : null;
}

export const unsubscribeUrlOf = (publicUrl: string, secret: string, subject: UnsubscribeSubject) =>
  `${publicUrl}${UNSUBSCRIBE_PATH}?t=${unsubscribeToken(secret, subject)}`;
