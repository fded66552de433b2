import { z } from "zod";
import { anyone } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { findPurchaseOptions } from "./lookup.ts";
import type { PurchaseOption } from "./types.ts";

export const FindPurchaseOptionInput = z.object({
  optionId: z.string().max(64),
  includeInactive: z.boolean().nullish(),
});

const declared = { access: anyone, input: FindPurchaseOptionInput };

/** findPurchaseOption: one option under the lookup rules (the pouch samplers always), else null; open to everyone. */
export const findPurchaseOption = defineOperation(
  declared,
  async function findPurchaseOption(ctx, input): Promise<PurchaseOption | null> {
    const found = await findPurchaseOptions(ctx.catalog, [input.optionId], { includeInactive: input.includeInactive === true });
    return found.get(input.optionId)?.option ?? null;
  },
);
