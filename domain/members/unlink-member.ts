import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { memberIdentities, members } from "../../db/schema/members.ts";
import { memberSessions } from "../../db/schema/sessions.ts";
import { AppError } from "../../kernel/app-error.ts";
import { debugTool, ownMember } from "../shared/access.ts";
import { identifier } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { byMemberId, loadMemberView } from "./load-member.ts";
import type { MemberView } from "./member-view.ts";
import { providerEmailField } from "./provider-email.ts";

export const UnlinkMemberInput = z.object({ memberId: identifier() });

const declared = { access: debugTool(ownMember), input: UnlinkMemberInput };

/**
 * unlinkMember (debug mode, own member): removes the social accounts linked after the first one, so the member keeps only the
 * account they signed up with. Their provider emails are cleared and their browser sessions end.
 */
export const unlinkMember = defineOperation(declared, async function unlinkMember(ctx, { memberId }): Promise<MemberView> {
  await ctx.db.transaction(async (tx) => {
    const [member] = await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for("update");
    if (!member) throw new AppError("NOT_FOUND", "This member does not exist.");
    const identities = await tx
      .select({ subject: memberIdentities.subject, provider: memberIdentities.provider })
      .from(memberIdentities)
      .where(eq(memberIdentities.memberId, memberId))
      .orderBy(memberIdentities.linkedAt, memberIdentities.subject);
    const later = identities.slice(1);
    if (later.length === 0) return;
    const subjects = later.map((identity) => identity.subject);
    await tx.delete(memberIdentities).where(inArray(memberIdentities.subject, subjects));
    await tx.delete(memberSessions).where(and(eq(memberSessions.memberId, memberId), inArray(memberSessions.subject, subjects)));
    const cleared = Object.fromEntries(later.map((identity) => [providerEmailField(identity.provider), null]));
    await tx
      .update(members)
      .set({ ...cleared, updatedAt: ctx.now() })
      .where(eq(members.id, memberId));
  });
  const view = await loadMemberView(ctx, byMemberId(memberId));
  if (!view) throw new AppError("NOT_FOUND", "This member does not exist.");
  return view;
});
