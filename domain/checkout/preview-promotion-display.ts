import { z } from "zod";
import { AppError } from "../../kernel/app-error.ts";
import { type PricedBag, priceBag } from "../bag/price-bag.ts";
import type { Product, PurchaseOption } from "../catalog/types.ts";
import { standardDeliveryOf } from "../delivery/delivery-options.ts";
import { anyone, debugTool } from "../shared/access.ts";
import { identifier, requiredText } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { type PromotionPreview, previewPromotion } from "./promotion-preview.ts";

export const PreviewPromotionDisplayInput = z.object({
  code: requiredText(40),
  /** One of the product's purchase options, which names the product too. */
  optionId: identifier(),
});

export type PromotionDisplay = PromotionPreview & {
  product: Product;
  option: PurchaseOption;
  /** One box of the option in an otherwise empty bag. */
  bag: PricedBag;
};

/**
 * previewPromotionDisplay (debug tool): how a code shows for one product, active or not, on its
 * page, in a bag holding one of it and at checkout, priced by the shop's own rules.
 */
export const previewPromotionDisplay = defineOperation(
  { access: debugTool(anyone), input: PreviewPromotionDisplayInput },
  async function previewPromotionDisplay(ctx, input): Promise<PromotionDisplay> {
    const entry = (await ctx.catalog.index()).option(input.optionId);
    if (!entry) throw new AppError("BAD_USER_INPUT", "There is no product option with that id.", { optionId: "is unknown" });
    const { product, option } = entry;
    const bag = priceBag(
      [{ optionId: option.optionId, quantity: 1 }],
      new Map([[option.optionId, { product, option }]]),
      await standardDeliveryOf(ctx),
    );
    return { product, option, bag, ...(await previewPromotion(ctx, bag, input.code)) };
  },
);
