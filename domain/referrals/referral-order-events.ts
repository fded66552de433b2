import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { referrals } from "../../db/schema/referrals.ts";

/**
 * The friend's order is delivered: its refund window starts now. A pending referral waits it out; a
 * held one keeps the date, so staff approving it later send it straight to waiting.
 */
export async function referralOrderDelivered(tx: Tx, orderId: string, at: Date): Promise<void> {
  await tx
    .update(referrals)
    .set({
      deliveredAt: at,
      state: sql`case when ${referrals.state} = 'pending' then 'waiting' else ${referrals.state} end`,
      updatedAt: at,
    })
    .where(eq(referrals.orderId, orderId));
}

/**
 * Money was given back on the friend's order, in the refund's transaction with the order locked: a
 * referral not yet rewarded is reversed, and never pays. One already rewarded keeps its points
 * (decision 045). The crediting work locks the same order first, so the two meet one at a time.
 */
export async function referralOrderRefunded(tx: Tx, orderId: string, at: Date): Promise<void> {
  await tx
    .update(referrals)
    .set({ state: "reversed", reasons: sql`array_append(${referrals.reasons}, 'refunded')`, decidedAt: at, updatedAt: at })
    .where(and(eq(referrals.orderId, orderId), inArray(referrals.state, ["pending", "waiting", "held"])));
}
