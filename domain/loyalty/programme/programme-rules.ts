import { z } from "zod";
import { ACTION_ICONS, BUILT_IN_ACTIONS, SOCIAL_NETWORKS, VERIFICATIONS, type Verification } from "./programme-vocabulary.ts";

/**
 * The loyalty programme as one versioned document (decision 040). Staff edit a draft of it, preview
 * it and publish it; every ledger entry records the version whose rules made it. Version 1 holds the
 * values of SPEC.md §9 (PROGRAMME_V1).
 */

const text = (max: number) =>
  z
    .string({ error: "is required" })
    .trim()
    .min(1, { error: "is required" })
    .max(max, { error: `must be at most ${max} characters` });
/** A number from min to max, its limits said in the words a form shows next to the field. */
const between = (min: number, max: number) =>
  z
    .number({ error: "must be a number" })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });
const whole = (min: number, max: number) => between(min, max).int({ error: "must be a whole number" });

export const EarnActionRule = z.object({
  id: z
    .string({ error: "is required" })
    .regex(/^[a-z][a-z0-9-]{1,39}$/, { error: "must be 2-40 lower-case letters, digits or dashes" }),
  title: text(80),
  description: text(300),
  icon: z.enum(ACTION_ICONS, { error: "must be one of the listed icons" }),
  points: whole(0, 100_000),
  hidden: z.boolean(),
  /** Shown with "Coming Soon", and cannot be completed. */
  disabled: z.boolean(),
  verification: z.enum(Object.keys(VERIFICATIONS) as [Verification, ...Verification[]]),
  /** The brand page the member opens to do it. */
  socialNetwork: z.enum(SOCIAL_NETWORKS).nullable(),
});
export type EarnActionRule = z.infer<typeof EarnActionRule>;

/** Expiry off, with the warnings a version that switches it on starts from: 30 and 3 days before. */
export const EXPIRY_OFF = { months: null, warningDays: [30, 3] };

/** How points expire (decision 043): after `months` without earning or redeeming; null, never. */
export const ExpiryRule = z.object({
  months: whole(1, 120).nullable(),
  /** How many days before the expiry date members are warned, largest first; none, no warnings. */
  warningDays: z
    .array(whole(1, 365))
    .max(5, { error: "must be at most 5 days" })
    .transform((days) => [...new Set(days)].sort((a, b) => b - a)),
});
export type ExpiryRule = z.infer<typeof ExpiryRule>;

/** Referrals off, with the numbers a version that switches them on starts from (decision 045). */
export const REFERRALS_OFF = {
  enabled: false,
  friendDiscountPercent: 10,
  refundWindowDays: 14,
  weeklyCapPerReferrer: 5,
  sameDeviceWindowDays: 30,
};

/**
 * Members referring friends (decision 045). The referrer's points are the "refer-friends" action's
 * points, defined there once; the friend's first order gets a percentage off its goods.
 */
export const ReferralRule = z.object({
  enabled: z.boolean(),
  /** Off the goods of a referred friend's first order, after any promotion code. */
  friendDiscountPercent: whole(1, 50),
  /** Days after the friend's order is delivered during which a refund cancels the referral. */
  refundWindowDays: whole(0, 90),
  /** Referrals one referrer may make in 7 days before the next waits for staff. */
  weeklyCapPerReferrer: whole(1, 100),
  /** How far back a referrer's earlier referral from the same device or address makes a new one doubtful. */
  sameDeviceWindowDays: whole(1, 365),
});
export type ReferralRule = z.infer<typeof ReferralRule>;

/** Renewals earn as any order: no extra and no bonus, what versions before subscriptions read (decision 055). */
export const SUBSCRIPTIONS_PLAIN = { renewalMultiplier: 1, renewalBonusPoints: 0, bonusEveryRenewals: 6 };

/**
 * What a subscription's renewal orders earn beyond any order's points: an extra multiple of them, and
 * a bonus on the first renewal and on every Nth after it (the 6th, 12th… for 6).
 */
export const SubscriptionRule = z.object({
  /** A renewal's order points are this many times what the order earns (rounded down); 1, no extra. */
  renewalMultiplier: between(1, 10),
  /** The bonus on the first and every Nth renewal; 0, none. */
  renewalBonusPoints: whole(0, 100_000),
  /** N: the bonus comes again on every Nth renewal. */
  bonusEveryRenewals: whole(1, 52),
});
export type SubscriptionRule = z.infer<typeof SubscriptionRule>;

export const ProgrammeRules = z
  .object({
    earning: z.object({
      /** A green member's points per S$1 of qualifying spend. */
      pointsPerDollar: between(0, 100),
      /** whole-dollars: spend is rounded down to whole S$1 first; cents: points are worked out on the exact amount. */
      rounding: z.enum(["whole-dollars", "cents"]),
      /** Whether promotion-code discounts come off the spend that earns and qualifies. */
      afterDiscounts: z.boolean(),
      /** Whether the shipping paid counts as spend. */
      includesShipping: z.boolean(),
    }),
    gold: z.object({
      /** Qualifying spend that makes a green member gold. */
      thresholdCents: z
        .number({ error: "must be an amount in S$" })
        .int({ error: "must be an amount in S$" })
        .min(100, { error: "must be at least S$1.00" })
        .max(100_000_000, { error: "must be at most S$1,000,000.00" }),
      /** How far back spend counts towards gold, in months; null: since joining (or returning to green). */
      qualifyingWindowMonths: whole(1, 120).nullable(),
      /** How long a gold year lasts; the threshold spent in it renews gold. */
      lengthMonths: whole(1, 120),
      /** A gold member's points are this many times a green member's (rounded down). */
      multiplier: between(1, 10),
    }),
    /** How long a reward waits in the bag for a paid order before its points come back. */
    redeemHoldDays: whole(1, 90),
    /** A past order paid up to this many days before joining earns points when claimed. */
    claimWindowDays: whole(0, 365),
    /**
     * On publishing: keep, every member keeps their tier until their gold year ends; rejudge, every
     * member's tier is judged at once against the new gold rule (decision 040).
     */
    tierPolicy: z.enum(["keep", "rejudge"]),
    /** Versions published before expiry existed (version 1) hold no such field: for them it is off. */
    expiry: ExpiryRule.default(EXPIRY_OFF),
    /** Likewise referrals (decision 045): version 1 holds no such field, so they are off. */
    referrals: ReferralRule.default(REFERRALS_OFF),
    /** Likewise subscriptions: versions published before them hold no such field, so renewals earn plainly. */
    subscriptions: SubscriptionRule.default(SUBSCRIPTIONS_PLAIN),
    actions: z.array(EarnActionRule).min(1).max(30),
  })
  .superRefine((rules, ctx) => {
    const ids = rules.actions.map((action) => action.id);
    ids.forEach((id, index) => {
      if (ids.indexOf(id) !== index) ctx.addIssue({ code: "custom", path: ["actions", index, "id"], message: "is used twice" });
    });
    for (const id of Object.values(BUILT_IN_ACTIONS)) {
      if (!ids.includes(id)) ctx.addIssue({ code: "custom", path: ["actions"], message: `must keep the "${id}" action` });
    }
  });
export type ProgrammeRules = z.infer<typeof ProgrammeRules>;
