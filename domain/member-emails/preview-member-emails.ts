import { z } from "zod";
import { MEMBER_EMAIL_KINDS, type MemberEmailKind } from "../../kernel/member-email-kinds.ts";
import { DAY_MS } from "../../kernel/singapore-time.ts";
import { type ProgrammeSchedule, programmeAt, programmeSchedule } from "../loyalty/programme.ts";
import { addMonths, goldYearEnd } from "../loyalty/tiers.ts";
import { staffHolding } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { GOLD_ENDING_NOTICE_DAYS } from "./gold-ending-emails.ts";
import { type RenderedMemberEmail, renderMemberEmail } from "./member-email-content.ts";
import type { MemberEmailData } from "./member-email-data.ts";
import { MEMBER_EMAIL_LABELS } from "./member-email-kinds.ts";

export type MemberEmailPreview = RenderedMemberEmail & { kind: MemberEmailKind; label: string; about: string };

/** The member every preview is addressed to: no real member, so no real link is shown. */
const SAMPLE_MEMBER = { id: "sample-member", name: "Tan Mei Ling" };
const SAMPLE_INVOICE = "6B4K2P9X";

/** Sample data for each email, sized by the programme in force so the words read as members will see them. */
function samples(schedule: ProgrammeSchedule, now: Date): { [K in MemberEmailKind]: MemberEmailData<K> } {
  const { rules } = programmeAt(schedule, now);
  const goldStartAt = addMonths(new Date(now.getTime() + GOLD_ENDING_NOTICE_DAYS * DAY_MS), -rules.gold.lengthMonths);
  return {
    "order-points": {
      invoiceId: SAMPLE_INVOICE,
      points: 101,
      bonuses: [{ name: "Double points weekend", points: 101 }],
      balance: 1_252,
    },
    "gold-reached": { goldStartAt: now.toISOString() },
    "gold-ending": {
      goldStartAt: goldStartAt.toISOString(),
      goldYearEndsAt: goldYearEnd(goldStartAt, schedule).toISOString(),
      spentCents: Math.floor((rules.gold.thresholdCents * 2) / 3),
    },
    "points-expiring": { points: 320, expiresAt: new Date(now.getTime() + 30 * DAY_MS).toISOString(), balance: 1_252 },
    "reward-shipped": {
      invoiceId: SAMPLE_INVOICE,
      rewards: ["Reward: Luna Collagen Drink, Lychee Luxe (950 points)", "Reward: Joffee, Hazelnut (350 points)"],
    },
    "referral-rewarded": { points: 200, friendName: "Siti Rahmah", balance: 1_452 },
  };
}

const declared = { access: staffHolding("programme"), input: z.object({}) };

/** Every programme email as members get it, rendered with sample data, for staff to read in the back office. */
export const previewMemberEmails = defineOperation(declared, async function previewMemberEmails(ctx): Promise<
  MemberEmailPreview[]
> {
  const schedule = await programmeSchedule(ctx);
  const now = ctx.now();
  const data = samples(schedule, now);
  return MEMBER_EMAIL_KINDS.map((kind) => ({
    kind,
    ...MEMBER_EMAIL_LABELS[kind],
    ...renderMemberEmail(kind, data[kind], { member: SAMPLE_MEMBER, settings: ctx.settings, schedule, at: now }),
  }));
});
