import { eq } from "drizzle-orm";
import { z } from "zod";
import { bags } from "../../db/schema/bags.ts";
import { members } from "../../db/schema/members.ts";
import { customers, orders } from "../../db/schema/orders.ts";
import { AppError } from "../../kernel/app-error.ts";
import { debugTool, ownMember } from "../shared/access.ts";
import { identifier } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";

export const DeleteMemberInput = z.object({ memberId: identifier() });

const declared = { access: debugTool(ownMember), input: DeleteMemberInput };

/**
 * deleteMember (debug mode, own member): deletes the member. Identities, sessions, the points ledger, redeems and dummy orders go
 * with it (foreign keys cascade). Real orders and customer records are the shop's and stay, detached,
 * keeping the deleted member's id as originalMemberId.
 */
export const deleteMember = defineOperation(declared, async function deleteMember(ctx, { memberId }): Promise<{ email: string }> {
  return ctx.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(members).where(eq(members.id, memberId)).returning({ email: members.email });
    if (!deleted) throw new AppError("NOT_FOUND", "This member does not exist.");
    const at = ctx.now();
    await tx
      .update(orders)
      .set({ memberId: null, originalMemberId: memberId, updatedAt: at })
      .where(eq(orders.memberId, memberId));
    await tx
      .update(customers)
      .set({ memberId: null, originalMemberId: memberId, updatedAt: at })
      .where(eq(customers.memberId, memberId));
    await tx.update(bags).set({ memberId: null, updatedAt: at }).where(eq(bags.memberId, memberId));
    return { email: deleted.email };
  });
});
