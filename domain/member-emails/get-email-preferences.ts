import { eq } from "drizzle-orm";
import { z } from "zod";
import { memberEmailOptOuts } from "../../db/schema/member-emails.ts";
import { type MemberEmailKind, SWITCHABLE_MEMBER_EMAIL_KINDS } from "../../kernel/member-email-kinds.ts";
import { viewerMember } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { MEMBER_EMAILS } from "./member-emails.ts";

export type EmailPreference = { kind: MemberEmailKind; label: string; about: string; on: boolean };

const declared = { access: viewerMember, input: z.object({}) };

/** The signed-in member's programme emails they may turn off, each on unless they did (decision 044); service emails are not offered. */
export const getEmailPreferences = defineOperation(declared, async function getEmailPreferences(ctx, _input, memberId): Promise<
  EmailPreference[]
> {
  const off = await ctx.db
    .select({ kind: memberEmailOptOuts.kind })
    .from(memberEmailOptOuts)
    .where(eq(memberEmailOptOuts.memberId, memberId));
  const offKinds = new Set(off.map((row) => row.kind));
  return SWITCHABLE_MEMBER_EMAIL_KINDS.map((kind) => {
    const { label, about } = MEMBER_EMAILS[kind];
    return { kind, label, about, on: !offKinds.has(kind) };
  });
});
