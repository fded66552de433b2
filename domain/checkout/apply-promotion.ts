import { eq } from "drizzle-orm";
import { z } from "zod";
import { bags } from "../../db/schema/bags.ts";
import { AppError } from "../../kernel/app-error.ts";
import { bagHolder, loadBag } from "../bag/held-bag.ts";
import { priceCheckout } from "../checkout/price-checkout.ts";
import { normalizePromotionCode } from "../promotions/promotion.ts";
import { text } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";

export const ApplyPromotionInput = z.object({
  code: text(40)
    .transform(normalizePromotionCode)
    .refine((code) => code.length > 0, { error: "Enter a promotion code." }),
});

export const EMPTY_BAG = "Your bag is empty.";

const declared = { access: bagHolder, input: ApplyPromotionInput };

/** applyPromotionToBag: puts a code on the viewer's bag only when it is usable now and lowers its price; otherwise says why. */
export const applyPromotionToBag = defineOperation(
  declared,
  async function applyPromotionToBag(ctx, input, { id: bagId }): Promise<void> {
    const bag = await loadBag(ctx, bagId);
    if (!bagId || bag.lines.length === 0) throw new AppError("BAD_USER_INPUT", EMPTY_BAG);
    const now = ctx.now();
    await priceCheckout(ctx.db, bag, { promotionCode: input.code, referral: null }, now);
    await ctx.db.update(bags).set({ promotionCode: input.code, updatedAt: now }).where(eq(bags.id, bagId));
  },
);
