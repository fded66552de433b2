import { z } from "zod";
import type { MemberEmailKind } from "../../kernel/member-email-kinds.ts";

/**
 * What each programme email tells, written into its outbox row when it happens (decision 044): the
 * email says what was true then, however the member's points move before it is sent.
 */
const points = z.number().int().min(0);
const instant = z.iso.datetime({ offset: true });

export const MEMBER_EMAIL_DATA = {
  "order-points": z.object({
    invoiceId: z.string(),
    /** The order's own points, by the programme's rate. */
    points,
    /** Each running campaign's bonus on the order. */
    bonuses: z.array(z.object({ name: z.string(), points })),
    /** The member's balance once the order and its bonuses were credited. */
    balance: points,
  }),
  "gold-reached": z.object({ goldStartAt: instant }),
  "gold-ending": z.object({
    goldStartAt: instant,
    goldYearEndsAt: instant,
    /** Qualifying spend in the gold year so far. */
    spentCents: z.number().int(),
  }),
  "points-expiring": z.object({ points, expiresAt: instant, balance: points }),
  "reward-shipped": z.object({
    invoiceId: z.string(),
    /** Each reward as the invoice words it ("Reward: Luna Collagen, Lychee Luxe (950 points)"). */
    rewards: z.array(z.string()).min(1),
  }),
  "referral-rewarded": z.object({ points, friendName: z.string().nullable(), balance: points }),
} satisfies Record<MemberEmailKind, z.ZodType>;

export type MemberEmailData<K extends MemberEmailKind> = z.infer<(typeof MEMBER_EMAIL_DATA)[K]>;
