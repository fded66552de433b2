import { and, eq } from "drizzle-orm";
import { customers } from "../../db/schema/orders.ts";
import { type MemberDeps, nowOf } from "../members/member-deps.ts";
import type { LinkedCustomerView } from "../members/member-view.ts";
import { AppError } from "../shared/app-error.ts";
import { emailInput } from "./email-input.ts";

/**
 * Debug tool: unlinks the member's customer record with this email (one per email), keeping the
 * member's id as originalMemberId. Someone else's record, or none, is NOT_FOUND.
 */
export async function removeMemberIdFromCustomerByEmail(
  deps: MemberDeps,
  memberId: string,
  email: unknown,
): Promise<LinkedCustomerView> {
  const address = emailInput(email);
  const at = nowOf(deps);
  const [customer] = await deps.db
    .update(customers)
    .set({ memberId: null, originalMemberId: memberId, updatedAt: at })
    .where(and(eq(customers.email, address), eq(customers.memberId, memberId)))
    .returning();
  if (!customer) throw new AppError("NOT_FOUND", "None of your linked customer records has that email address.");
  return customer;
}
