import { AppError } from "../shared/app-error.ts";

export const MAX_LINE_QUANTITY = 99;

/** Accepts a whole number from 1 to 99, as a number or as the digits a form sends. */
export function parseQuantity(value: unknown): number {
  const quantity = typeof value === "string" && /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
    throw new AppError("BAD_USER_INPUT", `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`);
  }
  return quantity;
}
