import { and, eq, notInArray } from "drizzle-orm";
import { z } from "zod";
import { memberEmailOptOuts } from "../../db/schema/member-emails.ts";
import { MEMBER_EMAIL_KINDS, SWITCHABLE_MEMBER_EMAIL_KINDS } from "../../kernel/member-email-kinds.ts";
import { viewerMember } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { type EmailPreference, getEmailPreferences } from "./get-email-preferences.ts";

export const SetEmailPreferencesInput = z.object({
  /** The programme emails the member wants; every other kind they may turn off is turned off (a service email named is still sent). */
  on: z.array(z.enum(MEMBER_EMAIL_KINDS, { error: "is not one of the programme's emails" })).max(MEMBER_EMAIL_KINDS.length),
});

const declared = { access: viewerMember, input: SetEmailPreferencesInput };

/**
 * The signed-in member chooses their programme emails: the kinds named are on, the others off. An
 * email already queued is checked again when it is sent, so a kind turned off now is not sent.
 */
export const setEmailPreferences = defineOperation(declared, async function setEmailPreferences(ctx, { on }, memberId): Promise<
  EmailPreference[]
> {
  const off = SWITCHABLE_MEMBER_EMAIL_KINDS.filter((kind) => !on.includes(kind));
  await ctx.db.transaction(async (tx) => {
    const stillOff = off.length > 0 ? notInArray(memberEmailOptOuts.kind, off) : undefined;
    await tx.delete(memberEmailOptOuts).where(and(eq(memberEmailOptOuts.memberId, memberId), stillOff));
    if (off.length > 0) {
      await tx
        .insert(memberEmailOptOuts)
        .values(off.map((kind) => ({ memberId, kind, source: "account" as const, createdAt: ctx.now() })))
        .onConflictDoNothing();
    }
  });
  return getEmailPreferences(ctx, {});
});
