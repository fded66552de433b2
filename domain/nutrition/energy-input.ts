import { ACTIVITY_LEVELS, type ActivityLevel, GOALS, type Goal, type Person, SEXES } from "./energy.ts";

/**
 * The calculator's form as typed, and the one set of rules that reads it: the page checks it as
 * the shopper types and the server checks the submitted form with the same function. No schema
 * library here, so the browser gets these rules without one.
 */

export const ENERGY_FIELDS = ["sex", "age", "height", "weight", "activity", "goal"] as const;
export type EnergyField = (typeof ENERGY_FIELDS)[number];
export type EnergyForm = Record<EnergyField, string>;
export type EnergyFieldErrors = Partial<Record<EnergyField, string>>;

export type Range = { min: number; max: number };
/** The formula was fitted on adults; teenagers are still growing and need more than it says. */
export const AGE_YEARS: Range = { min: 18, max: 100 };
export const HEIGHT_CM: Range = { min: 120, max: 230 };
export const WEIGHT_KG: Range = { min: 30, max: 300 };

export const EMPTY_ENERGY_FORM: EnergyForm = { sex: "", age: "", height: "", weight: "", activity: "", goal: "" };

export type EnergyInput = { person: Person; activity: ActivityLevel; goal: Goal };
export type EnergyReading = { ok: true; input: EnergyInput } | { ok: false; errors: EnergyFieldErrors };

const WHOLE_NUMBER = /^\d{1,3}$/;
const DECIMAL_NUMBER = /^\d{1,3}(?:[.,]\d{1,2})?$/;

type NumberRule = { range: Range; pattern: RegExp; missing: string; notANumber: string; outOfRange: string };

const NUMBER_RULES: Record<"age" | "height" | "weight", NumberRule> = {
  age: {
    range: AGE_YEARS,
    pattern: WHOLE_NUMBER,
    missing: "Enter your age in years.",
    notANumber: "Enter your age in whole years, for example 35.",
    outOfRange: `Enter an age from ${AGE_YEARS.min} to ${AGE_YEARS.max}. The formula is made for adults: teenagers are still growing and need more energy than it gives.`,
  },
  height: {
    range: HEIGHT_CM,
    pattern: DECIMAL_NUMBER,
    missing: "Enter your height in centimetres.",
    notANumber: "Enter your height in centimetres as a number, for example 165 or 165.5.",
    outOfRange: `Enter a height from ${HEIGHT_CM.min} to ${HEIGHT_CM.max} cm.`,
  },
  weight: {
    range: WEIGHT_KG,
    pattern: DECIMAL_NUMBER,
    missing: "Enter your weight in kilograms.",
    notANumber: "Enter your weight in kilograms as a number, for example 62 or 62.5.",
    outOfRange: `Enter a weight from ${WEIGHT_KG.min} to ${WEIGHT_KG.max} kg.`,
  },
};

const CHOICE_RULES = {
  sex: { options: SEXES, message: "Choose female or male: the formula differs between them." },
  activity: { options: ACTIVITY_LEVELS, message: "Choose how active you are in a usual week." },
  goal: { options: GOALS, message: "Choose whether you want to lose, keep or gain weight." },
} as const;

function readNumber(text: string, rule: NumberRule): number | string {
  const typed = text.trim();
  if (typed === "") return rule.missing;
  if (!rule.pattern.test(typed)) return rule.notANumber;
  const value = Number(typed.replace(",", "."));
  return value < rule.range.min || value > rule.range.max ? rule.outOfRange : value;
}

function readChoice<T extends string>(text: string, options: readonly T[]): T | undefined {
  return options.find((option) => option === text);
}

/** Reads the form, or says what is wrong with each field that is missing or out of range. */
export function readEnergyForm(form: EnergyForm): EnergyReading {
  const errors: EnergyFieldErrors = {};
  const numbers: Partial<Record<keyof typeof NUMBER_RULES, number>> = {};
  for (const field of ["age", "height", "weight"] as const) {
    const read = readNumber(form[field], NUMBER_RULES[field]);
    if (typeof read === "number") numbers[field] = read;
    else errors[field] = read;
  }
  const sex = readChoice(form.sex, CHOICE_RULES.sex.options);
  const activity = readChoice(form.activity, CHOICE_RULES.activity.options);
  const goal = readChoice(form.goal, CHOICE_RULES.goal.options);
  if (!sex) errors.sex = CHOICE_RULES.sex.message;
  if (!activity) errors.activity = CHOICE_RULES.activity.message;
  if (!goal) errors.goal = CHOICE_RULES.goal.message;
  const { age, height, weight } = numbers;
  if (!sex || !activity || !goal || age === undefined || height === undefined || weight === undefined)
    return { ok: false, errors };
  return { ok: true, input: { person: { sex, ageYears: age, heightCm: height, weightKg: weight }, activity, goal } };
}

/** The form's fields from a query string or form data; anything else in it is ignored. */
export function energyFormFrom(params: { get(name: string): unknown }): EnergyForm {
  const form = { ...EMPTY_ENERGY_FORM };
  for (const field of ENERGY_FIELDS) {
    const value = params.get(field);
    if (typeof value === "string") form[field] = value;
  }
  return form;
}
