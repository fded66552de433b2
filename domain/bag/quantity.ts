import { count } from "../shared/input.ts";
import { MAX_LINE_QUANTITY } from "./max-line-quantity.ts";

/** A line's quantity: a whole number from 1 to 99, as a number or as the digits a form sends. */
export const quantityInput = count(
  1,
  MAX_LINE_QUANTITY,
  `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`,
  /^\d{1,3}$/,
);
