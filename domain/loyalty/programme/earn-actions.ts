import { referralRewardText } from "./programme-copy.ts";
import type { EarnActionRule, ProgrammeRules } from "./programme-rules.ts";
import { BUILT_IN_ACTIONS, type SocialNetwork } from "./programme-vocabulary.ts";

export type { SocialNetwork };

/** An earn-point action of SPEC.md §3 as a programme version defines it: done once per member for its points. */
export type EarnAction = {
  id: string;
  /** A lucide-react icon name (kebab-case). */
  icon: string;
  title: string;
  description: string;
  points: number;
  verification: EarnActionRule["verification"];
  isHidden: boolean;
  isDisabled: boolean;
  /** The social network whose brand page the member opens to do it. */
  socialNetwork?: SocialNetwork;
  /** Credited by the shop or its staff when something else happens, never by the member saying it is done. */
  earnedThrough?: { explanation: string; path: string | null; label: string | null };
};

/** How a member earns an action the member cannot complete themselves. */
const EARNED_THROUGH = {
  review: {
    explanation: "Review points are given when our team approves your review of a product you bought.",
    path: "/member/reviews",
    label: "Write a review",
  },
  staff: {
    explanation: "Our team adds these points once they have checked it. Get in touch when you have done it.",
    path: null,
    label: null,
  },
  referral: {
    explanation: "Copy your link there and send it to your friends.",
    path: "/member/referrals",
    label: "Your referral link",
  },
} as const;

/**
 * The referral action is earned through referrals, never by saying it is done: open while the
 * version's referrals are on, "Coming Soon" while they are off (decision 045).
 */
function earnedThroughOf(rule: EarnActionRule, referralsOn: boolean) {
  if (rule.id === BUILT_IN_ACTIONS.referral) return referralsOn ? EARNED_THROUGH.referral : undefined;
  return rule.verification === "review" || rule.verification === "staff" ? EARNED_THROUGH[rule.verification] : undefined;
}

/**
 * The action's description; while referrals are on, the referral action's says when its points come,
 * from the version's referral settings, whatever older wording the version carries.
 */
function descriptionOf(rule: EarnActionRule, rules: ProgrammeRules): string {
  if (rule.id !== BUILT_IN_ACTIONS.referral || !rules.referrals.enabled) return rule.description;
  return referralRewardText(rule.points, rules.referrals.refundWindowDays);
}

function earnActionOf(rule: EarnActionRule, rules: ProgrammeRules): EarnAction {
  const referral = rule.id === BUILT_IN_ACTIONS.referral;
  const earnedThrough = earnedThroughOf(rule, rules.referrals.enabled);
  return {
    id: rule.id,
    icon: rule.icon,
    title: rule.title,
    description: descriptionOf(rule, rules),
    points: rule.points,
    verification: rule.verification,
    isHidden: rule.hidden,
    isDisabled: referral ? !rules.referrals.enabled : rule.disabled,
    ...(rule.socialNetwork ? { socialNetwork: rule.socialNetwork } : {}),
    ...(earnedThrough ? { earnedThrough } : {}),
  };
}

/** The version's earn actions in the order members see them. */
export function earnActionsOf(rules: ProgrammeRules): EarnAction[] {
  return rules.actions.map((rule) => earnActionOf(rule, rules));
}

export function findEarnAction(rules: ProgrammeRules, id: string): EarnAction | undefined {
  const rule = rules.actions.find((action) => action.id === id);
  return rule ? earnActionOf(rule, rules) : undefined;
}

/** An action the shop's own code credits (sign-up, an approved review, a referral); every version keeps them. */
export function builtInAction(rules: ProgrammeRules, which: keyof typeof BUILT_IN_ACTIONS): EarnAction {
  const action = findEarnAction(rules, BUILT_IN_ACTIONS[which]);
  if (!action) throw new Error(`The programme has no "${BUILT_IN_ACTIONS[which]}" action.`);
  return action;
}

/** What the earn-points page lists: every action that is not hidden. */
export function visibleEarnActions(rules: ProgrammeRules): EarnAction[] {
  return earnActionsOf(rules).filter((action) => !action.isHidden);
}
