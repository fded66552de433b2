import { z } from "zod";
import { normalizeSingaporeMobile } from "../../kernel/singapore-mobile.ts";
import { text } from "../shared/input.ts";

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
