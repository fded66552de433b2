/**
 * Daily energy from the Mifflin–St Jeor equation (Mifflin et al., "A new predictive equation for
 * resting energy expenditure in healthy individuals", Am J Clin Nutr 1990;51:241–7), in the
 * rounded form dietitians use: 10 × kg + 6.25 × cm − 5 × age, then +5 for men and −161 for women.
 */

export const SEXES = ["female", "male"] as const;
export type Sex = (typeof SEXES)[number];

export const ACTIVITY_LEVELS = ["sedentary", "light", "moderate", "very", "extra"] as const;
export type ActivityLevel = (typeof ACTIVITY_LEVELS)[number];

export const GOALS = ["lose", "keep", "gain"] as const;
export type Goal = (typeof GOALS)[number];

export type Person = { sex: Sex; ageYears: number; heightCm: number; weightKg: number };

const KCAL_PER_KG = 10;
const KCAL_PER_CM = 6.25;
const KCAL_PER_YEAR_OF_AGE = 5;
const SEX_CONSTANT_KCAL: Record<Sex, number> = { male: 5, female: -161 };

/** The usual physical activity level multipliers applied to resting energy. */
export const ACTIVITY_FACTORS: Record<ActivityLevel, number> = {
  sedentary: 1.2,
  light: 1.375,
  moderate: 1.55,
  very: 1.725,
  extra: 1.9,
};

/** About half a kilo a week either way is the pace dietitians suggest; gaining is slower, to keep it lean. */
export const GOAL_CHANGE_KCAL: Record<Goal, number> = { lose: -500, keep: 0, gain: 300 };

/** No plan to lose weight should go below this a day without a doctor's supervision. */
export const SAFE_FLOOR_KCAL: Record<Sex, number> = { female: 1200, male: 1500 };

/** Energy the body spends a day at complete rest, in kcal (unrounded). */
export function restingEnergy(person: Person): number {
  return (
    KCAL_PER_KG * person.weightKg +
    KCAL_PER_CM * person.heightCm -
    KCAL_PER_YEAR_OF_AGE * person.ageYears +
    SEX_CONSTANT_KCAL[person.sex]
  );
}

/** Energy spent on a usual day at the given activity level, in kcal (unrounded). */
export function dailyEnergyNeed(restingKcal: number, activity: ActivityLevel): number {
  return restingKcal * ACTIVITY_FACTORS[activity];
}

export type DailyTarget = { kcal: number; heldAtFloor: boolean };

/**
 * What to eat a day for the goal. A loss target never goes below the safe floor for the person's
 * sex, nor above their daily need (someone whose need is already below the floor is not told to
 * eat less at all); `heldAtFloor` says the usual cut was not applied in full.
 */
export function dailyTarget(needKcal: number, goal: Goal, sex: Sex): DailyTarget {
  const wanted = needKcal + GOAL_CHANGE_KCAL[goal];
  if (goal !== "lose") return { kcal: wanted, heldAtFloor: false };
  const lowest = Math.min(SAFE_FLOOR_KCAL[sex], needKcal);
  return wanted < lowest ? { kcal: lowest, heldAtFloor: true } : { kcal: wanted, heldAtFloor: false };
}

export type EnergyPlan = { restingKcal: number; needKcal: number; targetKcal: number; heldAtFloor: boolean };

/** The three figures a shopper sees, in whole kcal a day. */
export function energyPlan(person: Person, activity: ActivityLevel, goal: Goal): EnergyPlan {
  const resting = restingEnergy(person);
  const need = dailyEnergyNeed(resting, activity);
  const target = dailyTarget(need, goal, person.sex);
  return {
    restingKcal: Math.round(resting),
    needKcal: Math.round(need),
    targetKcal: Math.round(target.kcal),
    heldAtFloor: target.heldAtFloor,
  };
}
