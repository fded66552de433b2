import { eq } from "drizzle-orm";
import { z } from "zod";
import { bags } from "../../db/schema/bags.ts";
import { bagHolder } from "../bag/held-bag.ts";
import { defineOperation } from "../shared/operation.ts";

export const RemovePromotionInput = z.object({});

const declared = { access: bagHolder, input: RemovePromotionInput };

/** removePromotionFromBag: takes the code off the viewer's bag (nothing to do without one). */
export const removePromotionFromBag = defineOperation(
  declared,
  async function removePromotionFromBag(ctx, _input, { id: bagId }): Promise<void> {
    if (!bagId) return;
    await ctx.db.update(bags).set({ promotionCode: null, updatedAt: ctx.now() }).where(eq(bags.id, bagId));
  },
);
