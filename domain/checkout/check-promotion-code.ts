import { z } from "zod";
import { bagHolder, loadBag } from "../bag/held-bag.ts";
import type { PricedBag } from "../bag/price-bag.ts";
import { debugTool } from "../shared/access.ts";
import { requiredText } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { EMPTY_BAG } from "./apply-promotion.ts";
import { type PromotionPreview, previewPromotion } from "./promotion-preview.ts";

export const CheckPromotionCodeInput = z.object({ code: requiredText(40) });

export type PromotionCheck = PromotionPreview & { bag: PricedBag };

const declared = { access: debugTool(bagHolder), input: CheckPromotionCodeInput };

/**
 * checkPromotionCode (debug tool): what a code would take off the viewer's own bag, line by line,
 * or the message checkout would give. Nothing is applied or held.
 */
export const checkPromotionCode = defineOperation(
  declared,
  async function checkPromotionCode(ctx, input, held): Promise<PromotionCheck> {
    const bag = await loadBag(ctx, held.id);
    const preview = await previewPromotion(ctx, bag, input.code);
    // The message applying the code to an empty bag gives, whatever the code.
    return bag.lines.length === 0 ? { ...preview, bag, problem: EMPTY_BAG } : { ...preview, bag };
  },
);
