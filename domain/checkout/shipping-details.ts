import { z } from "zod";
import { text } from "../shared/input.ts";

/** Singapore mobile numbers in their common spellings -> E.164 (+65 and 8 digits starting 3, 6, 8 or 9); null if not one. */
export function normalizeSingaporeMobile(input: string): string | null {
  const compact = input.trim().replace(/[\s().-]/g, "");
  const national = compact.replace(/^(?:\+65|0065|65(?=\d{8}$))/, "");
  return /^[3689]\d{7}$/.test(national) ? `+65${national}` : null;
}

const STORED_MOBILE = /^\+65(\d{4})(\d{4})$/;

/**
 * A stored +65 number the way a shopper writes it ("9123 4567"); anything else as it is. In a CSV
 * its space keeps a spreadsheet from reading it as a number, and nothing in it can start a formula.
 */
export function formatSingaporeMobile(mobile: string): string {
  const national = STORED_MOBILE.exec(mobile);
  return national ? `${national[1]} ${national[2]}` : mobile;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const MOBILE_MESSAGE = "Enter a Singapore mobile number, like 9123 4567.";

/** The checkout's delivery form: one message per bad field, said the way a shopper can fix it. */
export const ShippingInput = z.object({
  name: text(100).refine((value) => value.length >= 2, { error: "Enter your full name." }),
  email: text(254)
    .transform((value) => value.toLowerCase())
    .refine((value) => EMAIL.test(value), { error: "Enter an email address like name@example.com." }),
  mobile: text(40).transform((value, context) => {
    const mobile = normalizeSingaporeMobile(value);
    if (mobile) return mobile;
    context.addIssue({ code: "custom", message: MOBILE_MESSAGE });
    return z.NEVER;
  }),
  address: text(200).refine((value) => value.length >= 5, {
    error: "Enter your street address, with block and unit number.",
  }),
  postalCode: text(20).refine((value) => /^\d{6}$/.test(value), { error: "Enter your 6-digit postal code." }),
  /** A checkbox: "on" when ticked, absent when not. */
  newsletter: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === true || value === "on" || value === "true"),
});
