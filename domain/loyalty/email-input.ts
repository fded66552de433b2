import { AppError } from "../shared/app-error.ts";

/** An email address as typed: trimmed and lower-cased, as checkout stores it. */
export function emailInput(value: unknown): string {
  const email = typeof value === "string" ? value.trim().toLowerCase() : "";
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new AppError("BAD_USER_INPUT", "Enter an email address like name@example.com.");
  return email;
}
