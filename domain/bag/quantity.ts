import { z } from "zod";
import { AppError } from "../../kernel/app-error.ts";
import { MAX_LINE_QUANTITY } from "./max-line-quantity.ts";

const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`;

function readQuantity(value: unknown): number | null {
  const quantity = typeof value === "string" && /^\d{1,3}$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof quantity !== "number" || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) return null;
  return quantity;
}

/** Accepts a whole number from 1 to 99, as a number or as the digits a form sends. */
export function parseQuantity(value: unknown): number {
  const quantity = readQuantity(value);
  if (quantity === null) throw new AppError("BAD_USER_INPUT", QUANTITY_MESSAGE);
  return quantity;
}

/** The same rule as an input schema. */
export const quantityInput = z.unknown().transform((value, context) => {
  const quantity = readQuantity(value);
  if (quantity !== null) return quantity;
  context.addIssue({ code: "custom", message: QUANTITY_MESSAGE });
  return z.NEVER;
});
