import { z } from "zod";
import { count } from "../shared/input.ts";

/** How often a bag line comes, as a form sends it: weeks between boxes (one of the offer's cadences), or "" (left out) for bought once. */
export const cadenceInput = z
  .union([z.literal("").transform(() => null), count(1, 52, "Choose how often it comes.")])
  .nullish()
  .transform((weeks) => weeks ?? null);
