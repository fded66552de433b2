import type { z } from "zod";
import type { ProgrammeRules } from "../../domain/loyalty/programme/programme-rules.ts";
import { AppError, isAppError } from "../../kernel/app-error.ts";
import { formText } from "./action-result.server.ts";
import { centsFromDollars } from "./money-input.ts";

/**
 * The draft form of the programme's rules: its fields are named by their path in the rules document
 * (rules.gold.multiplier, rules.actions.2.points), so the schema's complaints point at them. Money is
 * typed in S$ and kept in cents; an empty window means "since joining".
 */

/** The number typed; "" stays "", so the schema says a number is needed. */
const numberOf = (text: string): number | string => (text.trim() === "" ? "" : Number(text));
const checked = (form: FormData, name: string) => form.has(name);
/** "30, 3" → [30, 3]; each part as numberOf reads it, so "soon" is refused as not a number. */
const daysOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter((part) => part !== "")
    .map(numberOf);

export const NEW_ACTION = "newAction";

function actionAt(form: FormData, prefix: string) {
  const field = (name: string) => formText(form, `${prefix}.${name}`);
  return {
    id: field("id").trim(),
    title: field("title"),
    description: field("description"),
    icon: field("icon"),
    points: numberOf(field("points")),
    hidden: checked(form, `${prefix}.hidden`),
    disabled: checked(form, `${prefix}.disabled`),
    verification: field("verification"),
    socialNetwork: field("socialNetwork") || null,
  };
}

/**
 * The rules the form holds, and for each action the form field prefix it came from (an action ticked
 * for removal leaves a gap, and the new action is at the end when an id was typed for it).
 */
export function rulesFromForm(form: FormData): { rules: z.input<typeof ProgrammeRules>; prefixes: string[] } {
  const count = Number(formText(form, "actionCount"));
  const prefixes: string[] = [];
  for (let index = 0; index < count && index < 30; index++) {
    if (!checked(form, `rules.actions.${index}.remove`)) prefixes.push(`rules.actions.${index}`);
  }
  if (formText(form, `${NEW_ACTION}.id`).trim() !== "") prefixes.push(NEW_ACTION);
  const window = formText(form, "rules.gold.qualifyingWindowMonths");
  const rules = {
    earning: {
      pointsPerDollar: numberOf(formText(form, "rules.earning.pointsPerDollar")),
      rounding: formText(form, "rules.earning.rounding"),
      afterDiscounts: checked(form, "rules.earning.afterDiscounts"),
      includesShipping: checked(form, "rules.earning.includesShipping"),
    },
    gold: {
      thresholdCents: centsFromDollars(formText(form, "rules.gold.thresholdCents")),
      qualifyingWindowMonths: window.trim() === "" ? null : numberOf(window),
      lengthMonths: numberOf(formText(form, "rules.gold.lengthMonths")),
      multiplier: numberOf(formText(form, "rules.gold.multiplier")),
    },
    redeemHoldDays: numberOf(formText(form, "rules.redeemHoldDays")),
    claimWindowDays: numberOf(formText(form, "rules.claimWindowDays")),
    tierPolicy: formText(form, "rules.tierPolicy"),
    expiry: {
      months: checked(form, "rules.expiry.on") ? numberOf(formText(form, "rules.expiry.months")) : null,
      warningDays: daysOf(formText(form, "rules.expiry.warningDays")),
    },
    referrals: {
      enabled: checked(form, "rules.referrals.enabled"),
      friendDiscountPercent: numberOf(formText(form, "rules.referrals.friendDiscountPercent")),
      refundWindowDays: numberOf(formText(form, "rules.referrals.refundWindowDays")),
      weeklyCapPerReferrer: numberOf(formText(form, "rules.referrals.weeklyCapPerReferrer")),
      sameDeviceWindowDays: numberOf(formText(form, "rules.referrals.sameDeviceWindowDays")),
    },
    subscriptions: {
      renewalMultiplier: numberOf(formText(form, "rules.subscriptions.renewalMultiplier")),
      renewalBonusPoints: numberOf(formText(form, "rules.subscriptions.renewalBonusPoints")),
      bonusEveryRenewals: numberOf(formText(form, "rules.subscriptions.bonusEveryRenewals")),
    },
    actions: prefixes.map((prefix) => actionAt(form, prefix)),
  };
  // As typed in the form: the operation parses it by the schema and names each bad field.
  return { rules: rules as z.input<typeof ProgrammeRules>, prefixes };
}

/** A refusal about rules.actions.N.x (or one warning day), its fields renamed to the form fields they came from. */
export function onFormFields(error: unknown, prefixes: readonly string[]): unknown {
  if (!isAppError(error) || !error.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([field, problem]) => {
      // A problem with one of the warning days is the problem of the one field that lists them.
      if (/^rules\.expiry\.warningDays\.\d+$/.test(field)) return ["rules.expiry.warningDays", problem];
      const match = /^rules\.actions\.(\d+)(\..*)?$/.exec(field);
      const prefix = match ? prefixes[Number(match[1])] : undefined;
      return [prefix ? `${prefix}${match?.[2] ?? ""}` : field, problem];
    }),
  );
  return new AppError(error.code, error.message, fields);
}

const SETTING_LABELS: Record<string, string> = {
  "rules.earning.pointsPerDollar": "Points per S$1",
  "rules.earning.rounding": "Points are worked out on",
  "rules.gold.thresholdCents": "The gold threshold (an amount in S$)",
  "rules.gold.qualifyingWindowMonths": "The qualifying window",
  "rules.gold.lengthMonths": "The gold year",
  "rules.gold.multiplier": "The gold multiplier",
  "rules.redeemHoldDays": "The reward hold",
  "rules.claimWindowDays": "The claim window",
  "rules.tierPolicy": "Tiers on publishing",
  "rules.expiry.months": "Points expire after (months)",
  "rules.expiry.warningDays": "Warn members (days before)",
  "rules.referrals.friendDiscountPercent": "The referred friend's discount (%)",
  "rules.referrals.refundWindowDays": "The referral refund window",
  "rules.referrals.weeklyCapPerReferrer": "Referrals a referrer makes a week",
  "rules.referrals.sameDeviceWindowDays": "Same device or address checked over (days)",
  "rules.subscriptions.renewalMultiplier": "The renewal points multiplier",
  "rules.subscriptions.renewalBonusPoints": "The renewal bonus",
  "rules.subscriptions.bonusEveryRenewals": "The renewal bonus's every Nth renewal",
  "rules.actions": "The earn actions",
};

const ACTION_FIELDS = ["id", "title", "description", "icon", "points", "verification", "socialNetwork"];

/** The form's labels for messages about its fields: every setting, and each action's fields by its title as typed. */
export function programmeFormLabels(form: FormData, prefixes: readonly string[]): Record<string, string> {
  const labels: Record<string, string> = { ...SETTING_LABELS };
  for (const prefix of prefixes) {
    const name = prefix === NEW_ACTION ? "The new action" : `Action '${formText(form, `${prefix}.title`)}'`;
    for (const field of ACTION_FIELDS) labels[`${prefix}.${field}`] = `${name}: its ${field}`;
  }
  return labels;
}
