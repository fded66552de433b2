import type { ShippingDetails } from "../../db/schema/orders.ts";

export type ShippingField = keyof ShippingDetails;
export type ShippingValidation =
  | { ok: true; details: ShippingDetails }
  | { ok: false; errors: Partial<Record<ShippingField, string>> };

/** Singapore mobile numbers in their common spellings -> E.164 (+65 and 8 digits starting 3, 6, 8 or 9); null if not one. */
export function normalizeSingaporeMobile(input: string): string | null {
  const compact = input.trim().replace(/[\s().-]/g, "");
  const national = compact.replace(/^(?:\+65|0065|65(?=\d{8}$))/, "");
  return /^[3689]\d{7}$/.test(national) ? `+65${national}` : null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

function text(form: Record<string, unknown>, field: string): string {
  const value = form[field];
  return typeof value === "string" ? value.trim() : "";
}

export function validateShippingDetails(form: Record<string, unknown>): ShippingValidation {
  const errors: Partial<Record<ShippingField, string>> = {};
  const name = text(form, "name");
  const email = text(form, "email").toLowerCase();
  const address = text(form, "address");
  const postalCode = text(form, "postalCode");
  const mobile = normalizeSingaporeMobile(text(form, "mobile"));
  if (name.length < 2 || name.length > 100) errors.name = "Enter your full name.";
  if (!EMAIL.test(email) || email.length > 254) errors.email = "Enter an email address like name@example.com.";
  if (!mobile) errors.mobile = "Enter a Singapore mobile number, like 9123 4567.";
  if (address.length < 5 || address.length > 200) errors.address = "Enter your street address, with block and unit number.";
  if (!/^\d{6}$/.test(postalCode)) errors.postalCode = "Enter your 6-digit postal code.";
  if (Object.keys(errors).length > 0 || !mobile) return { ok: false, errors };
  const newsletter = form.newsletter === "on" || form.newsletter === "true" || form.newsletter === true;
  return { ok: true, details: { name, email, mobile, address, postalCode, newsletter } };
}
