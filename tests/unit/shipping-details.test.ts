import { describe, expect, it } from "vitest";
import { ShippingInput } from "../../domain/checkout/shipping-details.ts";
import { fieldErrorsOf } from "../../domain/shared/operation.ts";
import { normalizeSingaporeMobile } from "../../kernel/singapore-mobile.ts";

/** The delivery form read by its schema: the details, or one message per bad field. */
function validateShippingDetails(form: Record<string, unknown>) {
  const result = ShippingInput.safeParse(form);
  return result.success ? { ok: true, details: result.data } : { ok: false, errors: fieldErrorsOf(result.error) };
}

describe("Singapore mobile numbers", () => {
  it.each([
    ["91234567", "+6591234567"],
    ["9123 4567", "+6591234567"],
    ["9123-4567", "+6591234567"],
    ["+65 9123 4567", "+6591234567"],
    ["+65-9123-4567", "+6591234567"],
    ["(+65) 9123 4567", "+6591234567"],
    ["6591234567", "+6591234567"],
    ["0065 8123 4567", "+6581234567"],
    [" 6123 4567 ", "+6561234567"],
    ["3123 4567", "+6531234567"],
  ])("reads %j as %s", (input, expected) => {
    expect(normalizeSingaporeMobile(input)).toBe(expected);
  });

  it.each([
    "",
    "1234 5678",
    "7123 4567",
    "9123 456",
    "9123 45678",
    "+60 9123 4567",
    "+65 5123 4567",
    "abcd efgh",
    "+6591234567x",
  ])("refuses %j", (input) => {
    expect(normalizeSingaporeMobile(input)).toBeNull();
  });
});

describe("shipping details", () => {
  it("trims, lower-cases the email, stores the mobile in E.164 and reads the newsletter box", () => {
    const result = validateShippingDetails({
      name: "  Tan Mei Ling ",
      email: " Mei@Example.COM ",
      mobile: "9123 4567",
      address: "Blk 123 Tampines St 11, #04-56",
      postalCode: "521123",
      newsletter: "on",
    });
    expect(result).toEqual({
      ok: true,
      details: {
        name: "Tan Mei Ling",
        email: "mei@example.com",
        mobile: "+6591234567",
        address: "Blk 123 Tampines St 11, #04-56",
        postalCode: "521123",
        newsletter: true,
      },
    });
  });

  it("gives a message for each bad field, and only for those", () => {
    const result = validateShippingDetails({
      name: "Tan",
      email: "tan@example.com",
      mobile: "91234567",
      address: "1 Road Street",
      postalCode: "52112a",
    });
    expect(result).toEqual({ ok: false, errors: { postalCode: "Enter your 6-digit postal code." } });
  });

  it("refuses text the database cannot store, with a message, never a server error", () => {
    const result = validateShippingDetails({
      name: "Tan\u0000Mei",
      email: "tan@example.com",
      mobile: "91234567",
      address: "1 Road Street \ud800",
      postalCode: "521123",
    });
    expect(result).toMatchObject({ ok: false, errors: { name: expect.any(String), address: expect.any(String) } });
  });
});
