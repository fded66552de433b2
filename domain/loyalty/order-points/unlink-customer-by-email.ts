import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { customers } from "../../../db/schema/orders.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { emailInput } from "../../members/email-input.ts";
import type { LinkedCustomerView } from "../../members/member-view.ts";
import { debugTool, viewerMember } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";

export const UnlinkCustomerInput = z.object({ email: emailInput });

/**
 * removeMemberIdFromCustomerByEmail (debug tool): unlinks the viewer's own customer record with this
 * email (one per email), keeping the member's id as originalMemberId. Someone else's record, or none,
 * is NOT_FOUND.
 */
export const removeMemberIdFromCustomerByEmail = defineOperation(
  { access: debugTool(viewerMember), input: UnlinkCustomerInput },
  async function removeMemberIdFromCustomerByEmail(ctx, input, memberId): Promise<LinkedCustomerView> {
    const [customer] = await ctx.db
      .update(customers)
      .set({ memberId: null, originalMemberId: memberId, updatedAt: ctx.now() })
      .where(and(eq(customers.email, input.email), eq(customers.memberId, memberId)))
      .returning();
    if (!customer) throw new AppError("NOT_FOUND", "None of your linked customer records has that email address.");
    return customer;
  },
);
