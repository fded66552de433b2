import { eq } from "drizzle-orm";
import { z } from "zod";
import { bags } from "../../db/schema/bags.ts";
import { heldBagId } from "../bag/held-bag.ts";
import { defineOperation } from "../shared/operation.ts";

export const RemovePromotionInput = z.object({});

/** removePromotionFromBag: takes the code off the viewer's bag (nothing to do without one). */
export const removePromotionFromBag = defineOperation(RemovePromotionInput, async (ctx): Promise<void> => {
  const bagId = heldBagId(ctx);
  if (!bagId) return;
  await ctx.db.update(bags).set({ promotionCode: null, updatedAt: ctx.now() }).where(eq(bags.id, bagId));
});
