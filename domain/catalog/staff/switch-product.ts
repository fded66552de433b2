import { eq } from "drizzle-orm";
import { z } from "zod";
import { products } from "../../../db/schema/catalog.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { staffHolding } from "../../shared/access.ts";
import type { OperationContext, StaffViewer } from "../../shared/context.ts";
import { identifier, onOff } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";

type ProductRow = typeof products.$inferSelect;
type ProductSwitches = Pick<ProductRow, "active" | "campaignDiscountExclusion">;

const snapshot = (row: ProductRow): ProductSwitches => ({
  active: row.active,
  campaignDiscountExclusion: row.campaignDiscountExclusion,
});

/** Changes one of a product's switches, with its audit entry, in one transaction. */
async function changeProduct(ctx: OperationContext, actor: StaffViewer, productId: string, change: Partial<ProductSwitches>) {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, productId)).for("update");
    if (!before) throw new AppError("NOT_FOUND", "There is no such product.");
    const [after] = await tx.update(products).set(change).where(eq(products.id, productId)).returning();
    if (!after) throw new AppError("NOT_FOUND", "There is no such product.");
    await recordAudit(tx, {
      actor,
      action: "product.update",
      target: after.id,
      before: snapshot(before),
      after: snapshot(after),
      at: now,
    });
    return after;
  });
}

export const SwitchProductInput = z.object({ productId: identifier(64), active: onOff() });

const switchProductDeclared = { access: staffHolding("catalog"), input: SwitchProductInput };

/** Switches a product on (shown and sold) or off (gone from the shop at once; bags drop its lines). */
export const switchProduct = defineOperation(switchProductDeclared, async function switchProduct(ctx, input, actor) {
  return changeProduct(ctx, actor, input.productId, { active: input.active });
});

export const SwitchCampaignExclusionInput = z.object({ productId: identifier(64), excluded: onOff() });

const switchCampaignExclusionDeclared = {
  access: staffHolding("catalog"),
  input: SwitchCampaignExclusionInput,
};

/** Excludes a product from every promotion-code discount, or lets codes discount it again. */
export const switchCampaignExclusion = defineOperation(
  switchCampaignExclusionDeclared,
  async function switchCampaignExclusion(ctx, input, actor) {
    return changeProduct(ctx, actor, input.productId, { campaignDiscountExclusion: input.excluded });
  },
);
