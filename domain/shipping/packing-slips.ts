import { eq } from "drizzle-orm";
import { z } from "zod";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { orders } from "../../db/schema/orders.ts";
import { AppError } from "../../kernel/app-error.ts";
import { lineDescription } from "../../kernel/line-description.ts";
import { formatSingaporeMobile } from "../../kernel/singapore-mobile.ts";
import { loadOrder } from "../orders/order-view.ts";
import { staffHolding } from "../shared/access.ts";
import { identifier } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { itemsToPack } from "./items-to-pack.ts";
import { type PackingSlip, renderPackingSlipsPdf } from "./packing-slip-pdf.ts";

/** The most slips one PDF carries: a full page of the desk and then some. */
export const MAX_SLIPS = 200;

const declared = {
  access: staffHolding("orders"),
  input: z.object({
    orderIds: z
      .array(identifier(), { error: "must be a list of orders" })
      .min(1, { error: "Choose at least one order." })
      .max(MAX_SLIPS, { error: `At most ${MAX_SLIPS} packing slips fit in one PDF.` }),
  }),
};

/** Packing slips for the orders given, in that order, as one PDF with a page per order. */
export const getPackingSlipsPdf = defineOperation(declared, async function getPackingSlipsPdf(ctx, input) {
  const ids = [...new Set(input.orderIds)];
  const slips: PackingSlip[] = [];
  for (const id of ids) {
    const order = await loadOrder(ctx.db, eq(orders.id, id));
    if (!order) throw new AppError("NOT_FOUND", "There is no such order.");
    // The address the order was paid for: the customer record follows the shopper's latest checkout.
    const [paidFor] = await ctx.db
      .select({ shipping: checkoutSessions.shipping })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, order.checkoutSessionId));
    const shipping = paidFor?.shipping ?? { ...order.customer, mobile: order.mobile };
    slips.push({
      invoiceId: order.invoiceId,
      paidAt: order.paidAt,
      deliveryEnd: order.deliveryEnd,
      deliveryOptionName: order.deliveryOptionName,
      shipTo: {
        name: shipping.name,
        address: shipping.address,
        postalCode: shipping.postalCode,
        // As the courier dials it: "9123 4567".
        mobile: formatSingaporeMobile(shipping.mobile),
      },
      items: (await itemsToPack(ctx.db, order.lines)).map(({ description, quantity }) => ({ description, quantity })),
      rewards: order.rewards.map((reward) => ({ description: lineDescription(reward), quantity: reward.quantity })),
    });
  }
  const pdf = await renderPackingSlipsPdf(ctx.settings.brandName, slips, ctx.now());
  return { pdf, invoiceIds: slips.map((slip) => slip.invoiceId) };
});
