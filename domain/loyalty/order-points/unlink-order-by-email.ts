import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { orders } from "../../../db/schema/orders.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { emailInput } from "../../members/email-input.ts";
import { LINKED_ORDER_COLUMNS } from "../../members/member-lists.ts";
import type { LinkedOrderView } from "../../members/member-view.ts";
import { debugTool, viewerMember } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";

export const UnlinkOrderInput = z.object({ email: emailInput });

const declared = { access: debugTool(viewerMember), input: UnlinkOrderInput };

/**
 * removeMemberIdFromOrderByEmail (debug tool): unlinks the viewer's own orders placed with this
 * email, keeping the member's id as originalMemberId, so they can be claimed again. Only the
 * member's own orders are touched; the points, spend and purchase count they brought stay (the
 * ledger is never rewritten). Returns the newest of them.
 */
export const removeMemberIdFromOrderByEmail = defineOperation(
  declared,
  async function removeMemberIdFromOrderByEmail(ctx, input, memberId): Promise<LinkedOrderView> {
    const at = ctx.now();
    const unlinked = await ctx.db
      .update(orders)
      .set({ memberId: null, originalMemberId: memberId, updatedAt: at })
      .where(and(eq(orders.email, input.email), eq(orders.memberId, memberId)))
      .returning(LINKED_ORDER_COLUMNS);
    const [newest] = unlinked.sort((a, b) => b.paidAt.getTime() - a.paidAt.getTime() || b.id.localeCompare(a.id));
    if (!newest) throw new AppError("NOT_FOUND", "None of your linked orders has that email address.");
    return newest;
  },
);
