import { z } from "zod";
import { isStorableText } from "../shared/input.ts";

const EXPECTED = "Enter an email address like name@example.com.";

/** An email address as typed: trimmed and lower-cased, as checkout stores it. */
export const emailInput = z
  .string({ error: EXPECTED })
  .max(254, { error: EXPECTED })
  .refine(isStorableText, { error: EXPECTED })
  .transform((value) => value.trim().toLowerCase())
  .refine((value) => /^[^\s@]+@[^\s@]+$/.test(value), { error: EXPECTED });
