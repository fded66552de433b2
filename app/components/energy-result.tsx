import type { Ref } from "react";
import { Link } from "react-router";
import {
  ACTIVITY_FACTORS,
  type ActivityLevel,
  type EnergyPlan,
  GOAL_CHANGE_KCAL,
  type Goal,
  SAFE_FLOOR_KCAL,
  type Sex,
} from "../../domain/nutrition/energy.ts";
import { formatNumber } from "../../kernel/number-format.ts";
import { SERIES_LINKS } from "../lib/series-nav.ts";

const kcal = (value: number) => `${formatNumber(value)} kcal`;

/** A product line that suits the goal, said with facts about the drink only. */
const SUGGESTION: Record<Goal, { code: string; why: string }> = {
  lose: { code: "l", why: "About 15 kcal a sachet and no added cane sugar, so it fits easily into a lighter day." },
  keep: { code: "v", why: "Five vitamins and Korean red ginseng in a 25 ml shot to keep at your desk." },
  gain: { code: "m", why: "5,000 mg of marine collagen peptides and 80 mg of vitamin C in every sachet, alongside your meals." },
};

function targetExplanation(plan: EnergyPlan, goal: Goal, sex: Sex): string {
  const change = kcal(Math.abs(GOAL_CHANGE_KCAL[goal]));
  if (goal === "keep") return "Eat about as much as you use, and your weight should stay where it is.";
  if (goal === "gain") return `${change} more than you use a day, for a slow, steady gain.`;
  if (!plan.heldAtFloor) return `${change} less than you use a day: for many people that is roughly half a kilo a week.`;
  const floor = kcal(SAFE_FLOOR_KCAL[sex]);
  if (plan.targetKcal >= plan.needKcal)
    return `You already use less than ${floor} a day, the least we suggest eating without a doctor's advice, so we do not suggest eating less. Talk to your doctor or a dietitian about your goal.`;
  return `Cutting the usual ${change} would take you below ${floor} a day, the least we suggest eating without a doctor's advice, so your target stops there.`;
}

function Figure({ label, value, children }: { label: string; value: number; children: string }) {
  return (
    <div className="py-4">
      <dt className="font-semibold">{label}</dt>
      <dd>
        <span className="block text-3xl font-extrabold text-brand-900">
          {kcal(value)} <span className="text-base font-medium text-muted">a day</span>
        </span>
        <span className="mt-1 block text-muted">{children}</span>
      </dd>
    </div>
  );
}

export function EnergyResult({
  plan,
  activity,
  activityLabel,
  goal,
  sex,
  headingRef,
}: {
  plan: EnergyPlan;
  activity: ActivityLevel;
  activityLabel: string;
  goal: Goal;
  sex: Sex;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const suggestion = SUGGESTION[goal];
  const line = SERIES_LINKS.find((link) => link.code === suggestion.code);
  return (
    <div>
      <h2 ref={headingRef} tabIndex={-1} className="text-2xl font-bold">
        Your numbers
      </h2>
      <dl className="divide-y divide-slate-200">
        <Figure label="Resting energy" value={plan.restingKcal}>
          What your body burns at complete rest: breathing, keeping warm, keeping your heart beating.
        </Figure>
        <Figure label="Daily energy need" value={plan.needKcal}>
          {`Your resting energy plus what you spend moving on a usual day (${activityLabel.toLowerCase()}: ×${ACTIVITY_FACTORS[activity]}).`}
        </Figure>
        <Figure label="Your daily target" value={plan.targetKcal}>
          {targetExplanation(plan, goal, sex)}
        </Figure>
      </dl>
      {line && (
        <div className="mt-4 rounded-xl bg-brand-50 p-4">
          <p className="font-semibold text-brand-900">Goes well with your plan: {line.title}</p>
          <p className="mt-1 text-sm">{suggestion.why}</p>
          <Link to={line.href} className="mt-2 inline-block font-semibold text-brand-700 underline hover:text-brand-900">
            Shop {line.title}
          </Link>
        </div>
      )}
    </div>
  );
}
