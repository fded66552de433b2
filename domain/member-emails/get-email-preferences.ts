import { eq } from "drizzle-orm";
import { z } from "zod";
import { memberEmailOptOuts } from "../../db/schema/member-emails.ts";
import { MEMBER_EMAIL_KINDS, type MemberEmailKind } from "../../kernel/member-email-kinds.ts";
import { viewerMember } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { MEMBER_EMAILS } from "./member-emails.ts";

export type EmailPreference = { kind: MemberEmailKind; label: string; about: string; on: boolean };

const declared = { access: viewerMember, input: z.object({}) };

/** The signed-in member's programme emails, each on unless they turned it off (decision 044). */
export const getEmailPreferences = defineOperation(declared, async function getEmailPreferences(ctx, _input, memberId): Promise<
  EmailPreference[]
> {
  const off = await ctx.db
    .select({ kind: memberEmailOptOuts.kind })
    .from(memberEmailOptOuts)
    .where(eq(memberEmailOptOuts.memberId, memberId));
  const offKinds = new Set(off.map((row) => row.kind));
  return MEMBER_EMAIL_KINDS.map((kind) => {
    const { label, about } = MEMBER_EMAILS[kind];
    return { kind, label, about, on: !offKinds.has(kind) };
  });
});
