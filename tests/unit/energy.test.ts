import { describe, expect, it } from "vitest";
import {
  ACTIVITY_FACTORS,
  dailyEnergyNeed,
  dailyTarget,
  energyPlan,
  type Person,
  restingEnergy,
} from "../../domain/nutrition/energy.ts";

// Mifflin MD, St Jeor ST, et al. A new predictive equation for resting energy expenditure in
// healthy individuals. Am J Clin Nutr 1990;51:241–7. Rounded form: 10 kg + 6.25 cm − 5 age + 5 | −161.
const woman30: Person = { sex: "female", ageYears: 30, heightCm: 170, weightKg: 65 };
const man25: Person = { sex: "male", ageYears: 25, heightCm: 180, weightKg: 80 };

describe("resting energy (Mifflin–St Jeor 1990)", () => {
  it("a woman of 30, 170 cm, 65 kg rests at 1,401.5 kcal (650 + 1,062.5 − 150 − 161, the usual worked example)", () => {
    expect(restingEnergy(woman30)).toBe(1401.5);
  });

  it("a man of 25, 180 cm, 80 kg rests at 1,805 kcal (800 + 1,125 − 125 + 5)", () => {
    expect(restingEnergy(man25)).toBe(1805);
  });

  it("a man and a woman of the same build differ by 166 kcal, the paper's sex term", () => {
    expect(restingEnergy({ ...woman30, sex: "male" }) - restingEnergy(woman30)).toBe(166);
  });

  it("stays within 1% of the paper's unrounded equation (9.99 kg + 6.25 cm − 4.92 age + 166 sex − 161)", () => {
    const published = (p: Person) =>
      9.99 * p.weightKg + 6.25 * p.heightCm - 4.92 * p.ageYears + (p.sex === "male" ? 166 : 0) - 161;
    for (const person of [woman30, man25, { sex: "female", ageYears: 70, heightCm: 155, weightKg: 52 } as const]) {
      expect(Math.abs(restingEnergy(person) - published(person)) / published(person)).toBeLessThan(0.01);
    }
  });
});

describe("daily energy need", () => {
  it("multiplies resting energy by the usual activity factors 1.2, 1.375, 1.55, 1.725 and 1.9", () => {
    expect(ACTIVITY_FACTORS).toEqual({ sedentary: 1.2, light: 1.375, moderate: 1.55, very: 1.725, extra: 1.9 });
    expect(dailyEnergyNeed(1401.5, "moderate")).toBeCloseTo(2172.325, 6);
    expect(dailyEnergyNeed(1805, "sedentary")).toBeCloseTo(2166, 6);
  });
});

describe("daily target", () => {
  it("the woman of 30, moderately active: 1,402 resting, 2,172 need, 1,672 to lose, 2,472 to gain", () => {
    expect(energyPlan(woman30, "moderate", "lose")).toEqual({
      restingKcal: 1402,
      needKcal: 2172,
      targetKcal: 1672,
      heldAtFloor: false,
    });
    expect(energyPlan(woman30, "moderate", "keep").targetKcal).toBe(2172);
    expect(energyPlan(woman30, "moderate", "gain").targetKcal).toBe(2472);
  });

  it("never sets a loss target below 1,200 kcal for a woman or 1,500 kcal for a man, and says so", () => {
    expect(dailyTarget(1500, "lose", "female")).toEqual({ kcal: 1200, heldAtFloor: true });
    expect(dailyTarget(1900, "lose", "male")).toEqual({ kcal: 1500, heldAtFloor: true });
    expect(dailyTarget(2000, "lose", "male")).toEqual({ kcal: 1500, heldAtFloor: false });
  });

  it("does not tell someone who already uses less than the floor to eat less", () => {
    const small: Person = { sex: "female", ageYears: 80, heightCm: 145, weightKg: 40 };
    const plan = energyPlan(small, "sedentary", "lose");
    expect(plan.needKcal).toBeLessThan(1200);
    expect(plan).toMatchObject({ targetKcal: plan.needKcal, heldAtFloor: true });
  });

  it("leaves keeping and gaining targets as they are, whatever the floor", () => {
    expect(dailyTarget(1000, "keep", "female")).toEqual({ kcal: 1000, heldAtFloor: false });
    expect(dailyTarget(1000, "gain", "female")).toEqual({ kcal: 1300, heldAtFloor: false });
  });
});
