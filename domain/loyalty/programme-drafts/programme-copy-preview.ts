import { formatDate } from "../../../kernel/format-timestamp.ts";
import { type EarnAction, visibleEarnActions } from "../programme/earn-actions.ts";
import { termsOf } from "../programme/programme.ts";
import {
  claimWindowText,
  goldPromotionText,
  goldRenewalText,
  goldRuleText,
  oldOrderText,
  orderPointsText,
  renewalEarningsText,
  rewardHoldText,
} from "../programme/programme-copy.ts";
import type { ProgrammeRules } from "../programme/programme-rules.ts";
import { addMonths } from "../tiers/tiers.ts";

/** The members' copy under the version in force and under the draft, text by text, and the earn page's list under each. */
export type ProgrammeCopy = {
  texts: { where: string; current: string; draft: string }[];
  actions: { current: EarnAction[]; draft: EarnAction[] };
};

/** Where members read each text (programme-copy.ts words them all from the version's terms). */
const TEXTS = [
  { where: "Sign-in page: what an order earns", word: (rules: ProgrammeRules) => orderPointsText(termsOf(rules)) },
  { where: "Sign-in and help pages: the gold rule", word: (rules: ProgrammeRules) => goldRuleText(termsOf(rules)) },
  { where: "Tier progress, green member", word: (rules: ProgrammeRules) => goldPromotionText(termsOf(rules)) },
  {
    where: "Tier progress, gold member (a gold year starting today)",
    word: (rules: ProgrammeRules, now: Date) =>
      goldRenewalText(formatDate(addMonths(now, rules.gold.lengthMonths)), termsOf(rules)),
  },
  { where: "Rewards: how long a reward waits", word: (rules: ProgrammeRules) => rewardHoldText(termsOf(rules)) },
  { where: "Claim an order: which orders earn", word: (rules: ProgrammeRules) => claimWindowText(termsOf(rules)) },
  { where: "Claim an order: an old order", word: (rules: ProgrammeRules) => oldOrderText(termsOf(rules)) },
  {
    where: "Earn page and subscriptions: what renewals earn",
    word: (rules: ProgrammeRules) => renewalEarningsText(rules.subscriptions) ?? "(not shown: renewals earn as any order)",
  },
];

export function programmeCopy(current: ProgrammeRules, draft: ProgrammeRules, now: Date): ProgrammeCopy {
  return {
    texts: TEXTS.map(({ where, word }) => ({ where, current: word(current, now), draft: word(draft, now) })),
    actions: { current: visibleEarnActions(current), draft: visibleEarnActions(draft) },
  };
}
