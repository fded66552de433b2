import { and, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../../db/client.ts";
import { members } from "../../../db/schema/members.ts";
import { customers, orders } from "../../../db/schema/orders.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { normalizeInvoiceId } from "../../../kernel/order-code.ts";
import { KEPT_ORDER_STATUSES } from "../../../kernel/order-statuses.ts";
import { normalizeSingaporeMobile } from "../../../kernel/singapore-mobile.ts";
import type { MemberSummary } from "../../members/load-member.ts";
import { memberSummaryAfter } from "../../members/member-after.ts";
import { ownMember } from "../../shared/access.ts";
import type { OperationContext } from "../../shared/context.ts";
import { identifier, text } from "../../shared/input.ts";
import { defineOperation } from "../../shared/operation.ts";
import { consumeRateLimit, type RateLimit } from "../../shared/rate-limit.ts";
import { programmeInForce } from "../programme/programme.ts";
import { classifyAge, epochSecondsOf } from "./order-age.ts";
import { creditOrderToMember } from "./order-points.ts";

/** Claims per member and per client address: enough for a shopper's past orders, too few to guess invoice ids. */
export const ORDER_CLAIM_LIMIT: RateLimit = { name: "order-claim", limit: 10, windowSeconds: 15 * 60 };

/** Paid orders; a cancelled or refunded one (or one not paid yet) cannot be claimed. */

// One message for an unknown invoice id and a wrong mobile number, so a reply never tells which was right.
export const ORDER_CLAIM_NOT_FOUND = "We couldn't find an order with that invoice number and mobile number.";
export const ORDER_LINKED_TO_ANOTHER = "This order is already linked to a member account.";
export const ORDER_ALREADY_YOURS = "You have already linked this order.";
export const ORDER_NOT_CLAIMABLE = "This order was cancelled or refunded, so it can't be added to your membership.";
export const ORDER_NOT_PAID = "This order hasn't been paid yet, so it can't be added to your membership.";

export const LinkOrderInput = z.object({
  memberId: identifier(),
  invoiceId: text(40),
  mobile: text(40),
  /** The client's network address, for the per-address limit: the adapter fills it in. */
  clientAddress: text(200),
});

/** What the shopper types to claim an order (the member page's and the debug page's forms). */
export const ClaimOrderFields = LinkOrderInput.pick({ invoiceId: true, mobile: true });

export type LinkedOrderResult = {
  invoiceId: string;
  /** SPEC.md §4 on (member.createdAt, order.paidAt): a new order earns its points, an old one counts only. */
  age: "old" | "new";
  /**
   * False when the order was counted before (linked, unlinked with the debug tools, linked again): an
   * order's points and spend are counted once, whoever links it later.
   */
  counted: boolean;
  pointsCredited: number;
  /** What the order adds to total spent: its goods after discounts, shipping excluded. */
  spentCents: number;
};

/**
 * linkOrderToMember: the viewer links a past order to their own member with its invoice id and the
 * mobile number on it, and gets the member back with what the order brought. The order goes to one
 * member only: the claim is a single conditional UPDATE (`member_id is null`), so of two members
 * claiming at once exactly one wins and the other gets CONFLICT. In the same transaction the order's
 * points (a new order) or its spend and purchase count only (an old one) go to the member, and its
 * customer record is linked when no member has it yet. Attempts are rate limited per member and per
 * client address whatever their outcome, outside the transaction so a refused claim still counts.
 */
export const linkOrderToMember = defineOperation(
  { access: ownMember, input: LinkOrderInput },
  async function linkOrderToMember(ctx, input): Promise<{ claim: LinkedOrderResult; member: MemberSummary }> {
    await consumeRateLimit(ctx.db, ORDER_CLAIM_LIMIT, `member:${input.memberId}`);
    await consumeRateLimit(ctx.db, ORDER_CLAIM_LIMIT, `address:${input.clientAddress}`);
    const claim = await claimOrder(ctx, input);
    return { claim, member: await memberSummaryAfter(ctx, input.memberId) };
  },
);

async function claimOrder(ctx: OperationContext, input: z.output<typeof LinkOrderInput>): Promise<LinkedOrderResult> {
  const typedInvoice = normalizeInvoiceId(input.invoiceId);
  if (!typedInvoice || !input.mobile) {
    throw new AppError("BAD_USER_INPUT", "Enter the invoice number and the mobile number on the order.");
  }
  const mobile = normalizeSingaporeMobile(input.mobile);
  if (!mobile) throw new AppError("NOT_FOUND", ORDER_CLAIM_NOT_FOUND);
  return attachOrderToMember(ctx, input.memberId, and(eq(orders.invoiceId, typedInvoice), eq(orders.mobile, mobile)));
}

/**
 * Puts the one order `match` finds on the member, once, with what it brings: the path every way of
 * linking a past order goes through (the claim form, the checkout just paid, the confirmation email's link).
 */
export async function attachOrderToMember(
  ctx: OperationContext,
  memberId: string,
  match: ReturnType<typeof and>,
): Promise<LinkedOrderResult> {
  return ctx.db.transaction(async (tx) => {
    // The member row first, then the order: the lock order every change to a member's points keeps.
    const [member] = await tx
      .select({ createdAt: members.createdAt })
      .from(members)
      .where(eq(members.id, memberId))
      .for("update");
    if (!member) throw new AppError("NOT_FOUND", "This member does not exist.");
    const at = ctx.now();
    const [order] = await tx
      .update(orders)
      .set({ memberId, linkedAt: at, updatedAt: at })
      .where(and(match, isNull(orders.memberId), inArray(orders.status, KEPT_ORDER_STATUSES)))
      .returning();
    if (!order) throw await whyNotClaimed(tx, memberId, match);

    const { claimWindowDays } = (await programmeInForce(tx, at)).version.rules;
    const age = classifyAge(epochSecondsOf(member.createdAt), epochSecondsOf(order.paidAt), claimWindowDays);
    if (age === "NULL") throw new Error(`Order ${order.id} or member ${memberId} has no valid timestamp`);
    const credit = await creditOrderToMember(tx, ctx.jobs, { memberId, order, creditPoints: age === "new", at });
    await tx
      .update(customers)
      .set({ memberId, updatedAt: at })
      .where(and(eq(customers.id, order.customerId), isNull(customers.memberId)));
    return {
      invoiceId: order.invoiceId,
      age,
      counted: credit.credited,
      pointsCredited: credit.points,
      spentCents: credit.spentCents,
    };
  });
}

/** Why the claim's UPDATE matched nothing; read after it, so a claim that just won elsewhere is seen. */
async function whyNotClaimed(tx: Tx, memberId: string, match: ReturnType<typeof and>): Promise<AppError> {
  const [order] = await tx.select({ memberId: orders.memberId, status: orders.status }).from(orders).where(match);
  if (!order) return new AppError("NOT_FOUND", ORDER_CLAIM_NOT_FOUND);
  if (order.memberId === memberId) return new AppError("CONFLICT", ORDER_ALREADY_YOURS);
  if (order.memberId !== null) return new AppError("CONFLICT", ORDER_LINKED_TO_ANOTHER);
  return new AppError("CONFLICT", order.status === "pending_payment" ? ORDER_NOT_PAID : ORDER_NOT_CLAIMABLE);
}
