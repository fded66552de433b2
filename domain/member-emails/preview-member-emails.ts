import { z } from "zod";
import { MEMBER_EMAIL_KINDS, type MemberEmailKind } from "../../kernel/member-email-kinds.ts";
import { programmeSchedule } from "../loyalty/programme/programme.ts";
import { staffHolding } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { type RenderedMemberEmail, renderMemberEmail } from "./member-email-content.ts";
import { memberEmailOf } from "./member-emails.ts";

export type MemberEmailPreview = RenderedMemberEmail & { kind: MemberEmailKind; label: string; about: string };

/** The member every preview is addressed to: no real member, so no real link is shown. */
const SAMPLE_MEMBER = { id: "sample-member", name: "Tan Mei Ling" };

const declared = { access: staffHolding("programme"), input: z.object({}) };

/**
 * Every programme email as members get it, rendered with each kind's sample data (sized by the
 * programme in force, so the words read as members will see them), for staff to read in the back office.
 */
export const previewMemberEmails = defineOperation(declared, async function previewMemberEmails(ctx): Promise<
  MemberEmailPreview[]
> {
  const schedule = await programmeSchedule(ctx);
  const now = ctx.now();
  return MEMBER_EMAIL_KINDS.map((kind) => {
    const { label, about, sample } = memberEmailOf(kind);
    const data = sample({ schedule, now });
    return {
      kind,
      label,
      about,
      ...renderMemberEmail(kind, data, { member: SAMPLE_MEMBER, settings: ctx.settings, schedule, at: now }),
    };
  });
});
