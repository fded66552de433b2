import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { memberEmailOptOuts } from "../../db/schema/member-emails.ts";
import { members } from "../../db/schema/members.ts";
import { AppError } from "../../kernel/app-error.ts";
import { isSwitchableMemberEmail, type MemberEmailKind } from "../../kernel/member-email-kinds.ts";
import type { ShopSettings } from "../shared/context.ts";
import { hasOptedOut } from "./member-email-content.ts";
import { MEMBER_EMAILS } from "./member-emails.ts";
import { readUnsubscribeToken } from "./unsubscribe-token.ts";

/** An unsubscribe link's token, as the link carries it (`?t=`). */
export const UnsubscribeInput = z.object({ token: z.string({ error: "is required" }).max(400, { error: "is too long" }) });

export type UnsubscribeLink = { memberId: string; kind: MemberEmailKind; label: string; off: boolean };

export const BAD_UNSUBSCRIBE_LINK =
  "This unsubscribe link is incomplete or not one of ours. Open it again from the email, or choose your emails on your account page.";

/**
 * What an unsubscribe link turns off, read without signing in: the token proves the shop made the
 * link for this member and kind (unsubscribe-token.ts). A token for a member who is gone is refused too.
 */
export async function readUnsubscribeLink(
  deps: { db: Database; settings: ShopSettings },
  token: string,
): Promise<UnsubscribeLink> {
  const subject = readUnsubscribeToken(deps.settings.emailLinkSecret, token);
  if (!subject) throw new AppError("BAD_USER_INPUT", BAD_UNSUBSCRIBE_LINK);
  if (!isSwitchableMemberEmail(subject.kind)) {
    throw new AppError("BAD_USER_INPUT", `“${MEMBER_EMAILS[subject.kind].label}” emails are sent whatever emails you choose.`);
  }
  const [member] = await deps.db.select({ id: members.id }).from(members).where(eq(members.id, subject.memberId));
  if (!member) throw new AppError("NOT_FOUND", "This membership no longer exists, so it gets no programme emails.");
  const off = await hasOptedOut(deps.db, subject.memberId, subject.kind);
  return { ...subject, label: MEMBER_EMAILS[subject.kind].label, off };
}

/** Records the opt-out an unsubscribe link asks for; asking twice changes nothing. */
export async function optOutByLink(db: Database, link: UnsubscribeLink, at: Date): Promise<void> {
  await db
    .insert(memberEmailOptOuts)
    .values({ memberId: link.memberId, kind: link.kind, source: "link", createdAt: at })
    .onConflictDoNothing();
}
