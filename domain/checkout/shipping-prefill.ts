import { and, desc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { members } from "../../db/schema/members.ts";
import { orders } from "../../db/schema/orders.ts";
import { formatSingaporeMobile } from "../../kernel/singapore-mobile.ts";
import { bagHolder } from "../bag/held-bag.ts";
import { defineOperation } from "../shared/operation.ts";

/** What the shipping form starts with; a field the shop does not know is absent. */
export type ShippingPrefill = Partial<Record<"name" | "email" | "mobile" | "address" | "postalCode", string>>;

const declared = { access: bagHolder, input: z.object({}) };

/**
 * shippingPrefill: what the shop already knows for the viewer's shipping form
 * (docs/decisions/019-delivery-calendar-and-prefilled-forms.md). What was typed in this bag's own
 * unpaid checkout comes first, for anyone. A signed-in member then gets their name and email from the
 * member record and mobile and address from their own last order: orders are found by member, never by
 * email, so a guest order typed with the member's email fills nothing.
 */
export const shippingPrefill = defineOperation(
  declared,
  async function shippingPrefill(ctx, _input, bag): Promise<ShippingPrefill> {
    const typed = await typedInThisCheckout(ctx, bag.id);
    const memberId = ctx.viewer.kind === "member" ? ctx.viewer.memberId : null;
    if (!memberId) return typed;
    const [member] = await ctx.db
      .select({ name: members.name, email: members.email })
      .from(members)
      .where(eq(members.id, memberId));
    const [lastOrder] = await ctx.db
      .select({ shipping: checkoutSessions.shipping })
      .from(orders)
      .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.checkoutSessionId))
      .where(eq(orders.memberId, memberId))
      .orderBy(desc(orders.paidAt))
      .limit(1);
    const known: ShippingPrefill = {
      name: member?.name || undefined,
      email: member?.email || undefined,
      mobile: lastOrder ? formatSingaporeMobile(lastOrder.shipping.mobile) : undefined,
      address: lastOrder?.shipping.address,
      postalCode: lastOrder?.shipping.postalCode,
    };
    return withoutBlanks({ ...withoutBlanks(known), ...typed });
  },
);

async function typedInThisCheckout(ctx: Parameters<typeof shippingPrefill>[0], bagId: string | null) {
  if (!bagId) return {};
  const [latest] = await ctx.db
    .select({ shipping: checkoutSessions.shipping })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.bagId, bagId), ne(checkoutSessions.status, "complete")))
    .orderBy(desc(checkoutSessions.createdAt))
    .limit(1);
  if (!latest) return {};
  const { name, email, mobile, address, postalCode } = latest.shipping;
  return withoutBlanks({ name, email, mobile: formatSingaporeMobile(mobile), address, postalCode });
}

function withoutBlanks(prefill: ShippingPrefill): ShippingPrefill {
  return Object.fromEntries(Object.entries(prefill).filter(([, value]) => typeof value === "string" && value !== ""));
}
