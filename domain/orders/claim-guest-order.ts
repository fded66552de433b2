import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { orderAccessGrants, orders } from "../../db/schema/orders.ts";
import { AppError } from "../../kernel/app-error.ts";
import { isValidOrderCode, normalizeInvoiceId } from "../../kernel/order-code.ts";
import { normalizeSingaporeMobile } from "../../kernel/singapore-mobile.ts";
import { bagIdOf, newBagToken } from "../bag/bag-token.ts";
import { bagHolder } from "../bag/held-bag.ts";
import { text } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { consumeRateLimit, ORDER_LOOKUP_LIMIT } from "../shared/rate-limit.ts";

const NOT_FOUND = "We couldn't find an order with that invoice number and mobile number.";

export const ClaimGuestOrderInput = z.object({
  invoiceId: text(40).transform(normalizeInvoiceId),
  mobile: text(40),
  /** The client's network address: lookups are limited per address, so invoice ids cannot be guessed. */
  clientAddress: z.string().max(100),
});

/**
 * claimGuestOrderAccess: a shopper proves an order is theirs with its invoice id and the mobile
 * number on it, and this browser may then open its pages. Either one wrong gives the same answer, so
 * the reply never tells which was right. A browser without a bag cookie gets a token to hold the
 * grant: returned for the adapter to set as the cookie.
 */
export const claimGuestOrderAccess = defineOperation(
  { access: bagHolder, input: ClaimGuestOrderInput },
  async function claimGuestOrderAccess(ctx, input, bag): Promise<{ invoiceId: string; bagToken: string }> {
    await consumeRateLimit(ctx.db, ORDER_LOOKUP_LIMIT, input.clientAddress, ctx.now());
    const mobile = normalizeSingaporeMobile(input.mobile);
    if (!isValidOrderCode(input.invoiceId) || !mobile) throw new AppError("NOT_FOUND", NOT_FOUND);
    const [order] = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.invoiceId, input.invoiceId), eq(orders.mobile, mobile)));
    if (!order) throw new AppError("NOT_FOUND", NOT_FOUND);
    const bagToken = bag.token ?? newBagToken();
    await ctx.db
      .insert(orderAccessGrants)
      .values({ holderId: bagIdOf(bagToken), orderId: order.id })
      .onConflictDoNothing();
    return { invoiceId: input.invoiceId, bagToken };
  },
);
