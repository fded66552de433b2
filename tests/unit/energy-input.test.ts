import { describe, expect, it } from "vitest";
import { EMPTY_ENERGY_FORM, type EnergyForm, energyFormFrom, readEnergyForm } from "../../domain/nutrition/energy-input.ts";

const valid: EnergyForm = { sex: "female", age: "30", height: "170", weight: "65", activity: "moderate", goal: "lose" };
const errorsOf = (changes: Partial<EnergyForm>) => {
  const reading = readEnergyForm({ ...valid, ...changes });
  return reading.ok ? {} : reading.errors;
};

describe("reading the calculator's form", () => {
  it("reads a complete form", () => {
    expect(readEnergyForm(valid)).toEqual({
      ok: true,
      input: { person: { sex: "female", ageYears: 30, heightCm: 170, weightKg: 65 }, activity: "moderate", goal: "lose" },
    });
  });

  it("names every missing field with its own message", () => {
    const reading = readEnergyForm(EMPTY_ENERGY_FORM);
    expect(reading).toEqual({
      ok: false,
      errors: {
        sex: "Choose female or male: the formula differs between them.",
        age: "Enter your age in years.",
        height: "Enter your height in centimetres.",
        weight: "Enter your weight in kilograms.",
        activity: "Choose how active you are in a usual week.",
        goal: "Choose whether you want to lose, keep or gain weight.",
      },
    });
  });

  it("takes adults from 18 to 100, and says why not younger", () => {
    expect(errorsOf({ age: "18" })).toEqual({});
    expect(errorsOf({ age: "100" })).toEqual({});
    for (const age of ["17", "101", "0"]) expect(errorsOf({ age }).age).toMatch(/^Enter an age from 18 to 100\. .*still growing/);
    expect(errorsOf({ age: "30.5" }).age).toBe("Enter your age in whole years, for example 35.");
  });

  it("takes heights from 120 to 230 cm and weights from 30 to 300 kg, with decimals", () => {
    for (const height of ["120", "230", "165.5", " 170 ", "172,5"]) expect(errorsOf({ height })).toEqual({});
    for (const weight of ["30", "300", "62.45", "58,4"]) expect(errorsOf({ weight })).toEqual({});
    expect(errorsOf({ height: "119.9" }).height).toBe("Enter a height from 120 to 230 cm.");
    expect(errorsOf({ height: "230.01" }).height).toBe("Enter a height from 120 to 230 cm.");
    expect(errorsOf({ weight: "29.99" }).weight).toBe("Enter a weight from 30 to 300 kg.");
    expect(errorsOf({ weight: "301" }).weight).toBe("Enter a weight from 30 to 300 kg.");
  });

  it("refuses text that only looks like a number", () => {
    for (const text of ["1e2", "0x80", "-65", "65kg", "Infinity", "6 5", "65.", ".5", "65.123"]) {
      expect(errorsOf({ weight: text }).weight).toBe("Enter your weight in kilograms as a number, for example 62 or 62.5.");
    }
    expect(errorsOf({ height: "tall" }).height).toBe("Enter your height in centimetres as a number, for example 165 or 165.5.");
  });

  it("refuses choices that are not on the form", () => {
    expect(errorsOf({ sex: "other" })).toHaveProperty("sex");
    expect(errorsOf({ activity: "toString" })).toHaveProperty("activity");
    expect(errorsOf({ goal: "LOSE" })).toHaveProperty("goal");
  });

  it("reads only the form's fields from a query", () => {
    const query = new URLSearchParams("sex=male&age=40&utm_source=x&goal=keep");
    expect(energyFormFrom(query)).toEqual({ ...EMPTY_ENERGY_FORM, sex: "male", age: "40", goal: "keep" });
  });
});
