import { and, eq } from "drizzle-orm";
import { orders } from "../../db/schema/orders.ts";
import { type MemberDeps, nowOf } from "../members/member-deps.ts";
import { LINKED_ORDER_COLUMNS } from "../members/member-lists.ts";
import type { LinkedOrderView } from "../members/member-view.ts";
import { AppError } from "../shared/app-error.ts";
import { emailInput } from "./email-input.ts";

/**
 * Debug tool: unlinks the member's orders placed with this email, keeping the member's id as
 * originalMemberId, so they can be claimed again. Only the member's own orders are touched; the
 * points, spend and purchase count they brought stay (the ledger is never rewritten). Returns the
 * newest of them.
 */
export async function removeMemberIdFromOrderByEmail(
  deps: MemberDeps,
  memberId: string,
  email: unknown,
): Promise<LinkedOrderView> {
  const address = emailInput(email);
  const at = nowOf(deps);
  const unlinked = await deps.db
    .update(orders)
    .set({ memberId: null, originalMemberId: memberId, updatedAt: at })
    .where(and(eq(orders.email, address), eq(orders.memberId, memberId)))
    .returning(LINKED_ORDER_COLUMNS);
  const [newest] = unlinked.sort((a, b) => b.paidAt.getTime() - a.paidAt.getTime() || b.id.localeCompare(a.id));
  if (!newest) throw new AppError("NOT_FOUND", "None of your linked orders has that email address.");
  return newest;
}
