import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { formInput } from "../../app/lib/form-input.server.ts";
import { AdjustMemberPointsInput } from "../../domain/loyalty/points/adjust-member-points.ts";
import { MAX_POINT_ADJUSTMENT } from "../../domain/loyalty/points/point-adjustment-limits.ts";
import { UpdatePromotionInput } from "../../domain/promotions/manage-promotions.ts";
import { parseInput } from "../../domain/shared/operation.ts";
import { AddStaffInput } from "../../domain/staff/add-staff.ts";
import { formatNumber } from "../../kernel/number-format.ts";

function formOf(fields: [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

/** The form's fields as the page hands them on, parsed as the operation parses its input. */
function operationReads<S extends z.ZodType>(
  schema: S,
  form: FormData,
  known: Partial<Record<keyof z.input<S>, unknown>> = {},
): z.output<S> {
  return parseInput(schema, formInput(schema, form, known));
}

/** The fields a refusal names, with what it says of each. */
function refusedFields(read: () => unknown): Record<string, string> {
  try {
    read();
  } catch (error) {
    expect(error).toMatchObject({ code: "BAD_USER_INPUT" });
    return (error as { fields: Record<string, string> }).fields;
  }
  throw new Error("expected the form to be refused");
}

describe("a form read through its operation's schema", () => {
  it("takes each field raw as the schema wants it, and what the page knows itself, for the operation to parse once", () => {
    const form = formOf([
      ["csrf", "token"],
      ["direction", "debit"],
      ["points", "25"],
      ["reason", "  Parcel lost  "],
      ["memberId", "someone-else"],
    ]);
    expect(formInput(AdjustMemberPointsInput, form, { memberId: "m-1" })).toEqual({
      memberId: "m-1",
      direction: "debit",
      points: 25,
      reason: "  Parcel lost  ",
    });
    expect(operationReads(AdjustMemberPointsInput, form, { memberId: "m-1" })).toEqual({
      memberId: "m-1",
      direction: "debit",
      points: 25,
      reason: "Parcel lost",
    });
  });

  it("hands bad fields on for the operation to refuse one by one, with the limits it holds to", () => {
    expect(() => formInput(AdjustMemberPointsInput, formOf([["points", "many"]]))).not.toThrow();
    const read =
      (points: string, more: [string, string][] = [["reason", "x"]]) =>
      () =>
        operationReads(AdjustMemberPointsInput, formOf([["direction", "credit"], ["points", points], ...more]), {
          memberId: "m-1",
        });
    expect(refusedFields(read(String(MAX_POINT_ADJUSTMENT + 1)))).toEqual({
      points: `must be at most ${formatNumber(MAX_POINT_ADJUSTMENT)}`,
    });
    expect(refusedFields(read("0"))).toEqual({ points: "must be at least 1" });
    expect(refusedFields(read("1.5"))).toEqual({ points: "must be a whole number" });
    expect(refusedFields(read("many"))).toEqual({ points: "must be a number" });
    expect(refusedFields(read("", []))).toEqual({ points: "must be a number", reason: "is required" });
    expect(
      operationReads(
        AdjustMemberPointsInput,
        formOf([
          ["direction", "credit"],
          ["points", "7"],
          ["reason", "x"],
        ]),
        { memberId: "m-1" },
      ).points,
    ).toBe(7);
  });

  it("reads a checkbox as ticked or not, and a list as all its values", () => {
    const base: [string, string][] = [
      ["code", "ten-off"],
      ["minSpendCents", ""],
      ["usageLimit", "5"],
    ];
    const ticked = formInput(UpdatePromotionInput, formOf([...base, ["active", "on"], ["excludedProductIds", "m8"]]));
    expect(ticked).toMatchObject({ code: "ten-off", active: true, usageLimit: "5", excludedProductIds: ["m8"] });
    expect(parseInput(UpdatePromotionInput, ticked)).toMatchObject({ code: "TEN-OFF", active: true, usageLimit: 5 });
    const unticked = formInput(
      UpdatePromotionInput,
      formOf([...base, ["excludedProductIds", "m8"], ["excludedProductIds", "j4"]]),
    );
    expect(unticked).toMatchObject({ active: false, excludedProductIds: ["m8", "j4"] });
    expect(formInput(UpdatePromotionInput, formOf(base)).excludedProductIds).toEqual([]);
  });

  it("reads the fields of every branch of a schema made of several", () => {
    const staff = formInput(
      AddStaffInput,
      formOf([
        ["email", "Packer@Example.com"],
        ["role", "staff"],
        ["permissions", "orders"],
      ]),
    );
    expect(staff).toEqual({ email: "Packer@Example.com", role: "staff", permissions: ["orders"] });
    expect(parseInput(AddStaffInput, staff)).toEqual({ email: "packer@example.com", role: "staff", permissions: ["orders"] });
    const owner = operationReads(
      AddStaffInput,
      formOf([
        ["email", "boss@example.com"],
        ["role", "owner"],
        ["permissions", "orders"],
      ]),
    );
    expect(owner).toEqual({ email: "boss@example.com", role: "owner" });
    expect(
      refusedFields(() =>
        operationReads(
          AddStaffInput,
          formOf([
            ["email", "x@example.com"],
            ["role", "staff"],
          ]),
        ),
      ),
    ).toEqual({
      permissions: "choose at least one permission",
    });
  });
});
