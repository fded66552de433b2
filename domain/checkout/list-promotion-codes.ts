import { asc } from "drizzle-orm";
import { z } from "zod";
import { promotionCodes } from "../../db/schema/orders.ts";
import { requireDebug } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import type { Promotion } from "./promotion.ts";

export const ListPromotionCodesInput = z.object({});

/** listPromotionCodes (debug tool): every code in the shop's promotion table, by code. */
export const listPromotionCodes = defineOperation(ListPromotionCodesInput, async (ctx): Promise<Promotion[]> => {
  requireDebug(ctx);
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
