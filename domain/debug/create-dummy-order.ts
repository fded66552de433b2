import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { dummyOrders } from "../../db/schema/debug.ts";
import { members } from "../../db/schema/members.ts";
import { metaOf } from "../loyalty/points/meta-input.ts";
import { orderPoints } from "../loyalty/points/order-earn.ts";
import { recordPointEntry } from "../loyalty/points/point-ledger.ts";
import { programmeInForce } from "../loyalty/programme/programme.ts";
import type { MemberSummary } from "../members/load-member.ts";
import { lockMember } from "../members/locked-member.ts";
import { memberSummaryAfter } from "../members/member-after.ts";
import { debugTool, ownMember } from "../shared/access.ts";
import { identifier } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { DummyOrderMeta, dummyOrderOf } from "./dummy-order-input.ts";

/** The ledger key of a dummy order's credit; its deletion's compensating debit is keyed apart. */
export const dummyOrderCreditKey = (dummyOrderId: string) => `dummy-order:${dummyOrderId}`;

export const CreateDummyOrderInput = z.object({
  memberId: identifier(),
  /** price, invoiceId, email, mobile, timestamp (SPEC.md §7), or when instead of timestamp (dummy-order-input.ts). */
  meta: metaOf(DummyOrderMeta),
});

const declared = { access: debugTool(ownMember), input: CreateDummyOrderInput };

/**
 * createDummyOrder (debug tool, on the viewer's own member): a test order for the member (SPEC.md §7
 * meta). It counts as a purchase and is written with one `dummy-order` credit: one placed since the
 * member joined ('new') earns what a real order of that price would (goods only, the member's tier),
 * one placed before ('old') 0 points. It never counts towards total spent, so it cannot change the
 * member's tier.
 */
export const createDummyOrder = defineOperation(declared, async function createDummyOrder(ctx, input): Promise<MemberSummary> {
  await ctx.db.transaction(async (tx) => {
    const member = await lockMember(tx, input.memberId);
    const order = dummyOrderOf(input.meta, member);
    const id = randomUUID();
    const at = ctx.now();
    await tx.insert(dummyOrders).values({
      id,
      memberId: member.id,
      invoiceId: order.invoiceId,
      mobile: order.mobile,
      email: order.email,
      priceCents: order.priceCents,
      orderedAt: order.orderedAt,
      createdAt: at,
    });
    const { version } = await programmeInForce(tx, at);
    await recordPointEntry(tx, ctx.jobs, {
      memberId: member.id,
      email: member.email,
      kind: "dummy-order",
      transactionType: "credit",
      points: order.when === "new" ? orderPoints(version.rules, order.priceCents, member.membershipStatus) : 0,
      spentCents: order.priceCents,
      meta: { dummyOrderId: id, invoiceId: order.invoiceId, when: order.when, orderedAt: order.orderedAt.toISOString() },
      idempotencyKey: dummyOrderCreditKey(id),
      programmeVersion: version.number,
      at,
    });
    await tx
      .update(members)
      .set({ purchaseCount: sql`${members.purchaseCount} + 1`, updatedAt: at })
      .where(eq(members.id, member.id));
  });
  return memberSummaryAfter(ctx, input.memberId);
});
