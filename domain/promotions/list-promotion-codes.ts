import { asc } from "drizzle-orm";
import { z } from "zod";
import { promotionCodes } from "../../db/schema/promotion-codes.ts";
import { debugTool, signedIn } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import type { Promotion } from "./promotion.ts";

export const ListPromotionCodesInput = z.object({});

const declared = { access: debugTool(signedIn), input: ListPromotionCodesInput };

/**
 * listPromotionCodes (debug tool): every code in the shop's promotion table, by code. Each is money
 * off for whoever types it, so only a signed-in member (in a debug shop, the team) may see the list.
 */
export const listPromotionCodes = defineOperation(declared, async function listPromotionCodes(ctx): Promise<Promotion[]> {
  return ctx.db
    .select({
      code: promotionCodes.code,
      kind: promotionCodes.kind,
      value: promotionCodes.value,
      startsAt: promotionCodes.startsAt,
      endsAt: promotionCodes.endsAt,
      usageLimit: promotionCodes.usageLimit,
      timesUsed: promotionCodes.timesUsed,
      active: promotionCodes.active,
      minSpendCents: promotionCodes.minSpendCents,
      perCustomerLimit: promotionCodes.perCustomerLimit,
      excludedProductIds: promotionCodes.excludedProductIds,
    })
    .from(promotionCodes)
    .orderBy(asc(promotionCodes.code));
});
