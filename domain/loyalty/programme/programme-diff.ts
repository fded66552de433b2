import { formatMoney } from "../../../kernel/money.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import { bonusRenewalsText } from "./programme-copy.ts";
import type { EarnActionRule, ExpiryRule, ProgrammeRules } from "./programme-rules.ts";

/**
 * What changed between two versions of the programme, in the words staff read in the history and the
 * audit log: "Gold multiplier: 1.5× → 2×", "Action 'Follow us on Instagram' points: 50 → 80".
 */
export type RuleChange = { label: string; before: string | null; after: string | null; text: string };

const plural = (count: number, unit: string) => `${formatNumber(count)} ${unit}${count === 1 ? "" : "s"}`;
const yesNo = (value: boolean) => (value ? "yes" : "no");

export const TIER_POLICY_WORDS: Record<ProgrammeRules["tierPolicy"], string> = {
  keep: "members keep their tier until their gold year ends",
  rejudge: "every member is judged again when it takes effect",
};

export function expiryWords(expiry: ExpiryRule): string {
  return expiry.months === null ? "never" : `after ${plural(expiry.months, "month")} without earning or redeeming`;
}

function warningWords(days: readonly number[]): string {
  if (days.length === 0) return "none";
  const listed = days.map((day) => formatNumber(day));
  const last = listed.pop();
  return `${listed.length > 0 ? `${listed.join(", ")} and ${last}` : last} day${days.length === 1 && days[0] === 1 ? "" : "s"} before`;
}

/** The programme's own settings: a label and how each value reads. */
const SETTINGS: { label: string; read: (rules: ProgrammeRules) => string }[] = [
  { label: "Points per S$1", read: (rules) => formatNumber(rules.earning.pointsPerDollar) },
  {
    label: "Points are worked out on",
    read: (rules) => (rules.earning.rounding === "whole-dollars" ? "whole S$1 only" : "the exact amount"),
  },
  { label: "Discounts come off the spend", read: (rules) => yesNo(rules.earning.afterDiscounts) },
  { label: "Shipping counts as spend", read: (rules) => yesNo(rules.earning.includesShipping) },
  { label: "Gold threshold", read: (rules) => formatMoney(rules.gold.thresholdCents) },
  {
    label: "Spend counts towards gold",
    read: (rules) => {
      const months = rules.gold.qualifyingWindowMonths;
      return months === null ? "since joining" : `within ${plural(months, "month")}`;
    },
  },
  { label: "Gold year", read: (rules) => plural(rules.gold.lengthMonths, "month") },
  { label: "Gold multiplier", read: (rules) => `${formatNumber(rules.gold.multiplier)}×` },
  { label: "Reward hold", read: (rules) => plural(rules.redeemHoldDays, "day") },
  { label: "Claim window", read: (rules) => plural(rules.claimWindowDays, "day") },
  { label: "Tiers on publishing", read: (rules) => TIER_POLICY_WORDS[rules.tierPolicy] },
  { label: "Points expire", read: (rules) => expiryWords(rules.expiry) },
  { label: "Expiry warnings", read: (rules) => warningWords(rules.expiry.warningDays) },
  { label: "Referrals", read: (rules) => (rules.referrals.enabled ? "on" : "off") },
  {
    label: "Referred friend's discount",
    read: (rules) => `${formatNumber(rules.referrals.friendDiscountPercent)}% off the first order`,
  },
  { label: "Referral refund window", read: (rules) => plural(rules.referrals.refundWindowDays, "day") },
  { label: "Referrals a referrer makes a week", read: (rules) => formatNumber(rules.referrals.weeklyCapPerReferrer) },
  { label: "Same device or address checked over", read: (rules) => plural(rules.referrals.sameDeviceWindowDays, "day") },
  { label: "Subscription renewal multiplier", read: (rules) => `${formatNumber(rules.subscriptions.renewalMultiplier)}×` },
  { label: "Renewal bonus", read: (rules) => plural(rules.subscriptions.renewalBonusPoints, "point") },
  { label: "Renewal bonus on", read: (rules) => bonusRenewalsText(rules.subscriptions.bonusEveryRenewals) },
];

/** An action's fields staff change, and how each reads. */
const ACTION_FIELDS: { label: string; read: (action: EarnActionRule) => string }[] = [
  { label: "title", read: (action) => `'${action.title}'` },
  { label: "description", read: (action) => `'${action.description}'` },
  { label: "icon", read: (action) => action.icon },
  { label: "points", read: (action) => formatNumber(action.points) },
  { label: "shown", read: (action) => (action.hidden ? "hidden" : "shown") },
  { label: "state", read: (action) => (action.disabled ? "coming soon" : "open") },
];

const change = (label: string, before: string | null, after: string | null): RuleChange => ({
  label,
  before,
  after,
  text: `${label}: ${before} → ${after}`,
});

function actionChanges(before: readonly EarnActionRule[], after: readonly EarnActionRule[]): RuleChange[] {
  const changes: RuleChange[] = [];
  const earlier = new Map(before.map((action) => [action.id, action]));
  for (const action of after) {
    const previous = earlier.get(action.id);
    if (!previous) {
      const summary = `${action.id}, ${plural(action.points, "point")}, ${action.verification}`;
      const label = `New action '${action.title}'`;
      changes.push({ label, before: null, after: summary, text: `${label} (${summary})` });
      continue;
    }
    for (const field of ACTION_FIELDS) {
      const [was, is] = [field.read(previous), field.read(action)];
      if (was !== is) changes.push(change(`Action '${previous.title}' ${field.label}`, was, is));
    }
  }
  const kept = new Set(after.map((action) => action.id));
  for (const action of before) {
    if (kept.has(action.id)) continue;
    const label = `Removed action '${action.title}'`;
    changes.push({ label, before: action.id, after: null, text: `${label} (${action.id})` });
  }
  return changes;
}

/** Every difference from `before` to `after`, settings first, then the earn actions; [] when they agree. */
export function diffRules(before: ProgrammeRules, after: ProgrammeRules): RuleChange[] {
  const settings = SETTINGS.flatMap(({ label, read }) => {
    const [was, is] = [read(before), read(after)];
    return was === is ? [] : [change(label, was, is)];
  });
  return [...settings, ...actionChanges(before.actions, after.actions)];
}

/** The changes as the audit log keeps them: what each changed thing was, and what it is. */
export function auditSidesOf(changes: readonly RuleChange[]): { before: Record<string, string>; after: Record<string, string> } {
  const side = (pick: (item: RuleChange) => string | null) =>
    Object.fromEntries(changes.map((item) => [item.label, pick(item) ?? "(none)"]));
  return { before: side((item) => item.before), after: side((item) => item.after) };
}
