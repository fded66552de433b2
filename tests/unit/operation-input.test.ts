import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { identifier, requiredText, text, wholeNumber } from "../../domain/shared/input.ts";
import { parseInput } from "../../domain/shared/operation.ts";

const Shipping = z.object({ name: requiredText(80), note: text(20), quantity: wholeNumber(1, 99), optionId: identifier() });

const refusal = (input: unknown) => {
  try {
    parseInput(Shipping, input);
  } catch (error) {
    return error as { code: string; message: string; fields: Record<string, string> };
  }
  throw new Error("expected the input to be refused");
};

describe("operation input", () => {
  it("gives one message per bad field", () => {
    const error = refusal({ name: " ", note: "x".repeat(21), quantity: "100", optionId: "op m8" });
    expect(error.code).toBe("BAD_USER_INPUT");
    expect(error.fields).toEqual({
      name: "is required",
      note: "must be at most 20 characters",
      quantity: "must be at most 99",
      optionId: "is not a valid id",
    });
    expect(error.message).toContain("quantity: must be at most 99");
  });

  it("refuses NUL characters and lone surrogates in any text field", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), fc.constantFrom("\u0000", "\ud800", "\udfff"), (around, bad) => {
        const error = refusal({ name: `${around}${bad}`, note: "", quantity: 1, optionId: "op-m8-8b" });
        expect(Object.keys(error.fields)).toEqual(["name"]);
      }),
    );
  });

  it("reads form text as numbers and trims text", () => {
    expect(parseInput(Shipping, { name: " Mei ", note: "", quantity: "3", optionId: "op-m8-8b" })).toEqual({
      name: "Mei",
      note: "",
      quantity: 3,
      optionId: "op-m8-8b",
    });
  });

  it("refuses wrong types and numbers out of range", () => {
    for (const quantity of [1e308, -1, "NaN", 2.5, {}, []]) {
      expect(refusal({ name: "Mei", note: "", quantity, optionId: "op-m8-8b" }).fields.quantity).toBeDefined();
    }
    expect(refusal({ name: 42, note: "", quantity: 1, optionId: "op-m8-8b" }).fields.name).toBeDefined();
  });
});
