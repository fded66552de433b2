import { desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { members } from "../../../db/schema/members.ts";
import { orders } from "../../../db/schema/orders.ts";
import { referrals } from "../../../db/schema/referrals.ts";
import type { ReferralState } from "../../../kernel/referral-states.ts";
import { staffHolding } from "../../shared/access.ts";
import { defineOperation } from "../../shared/operation.ts";

export type StaffReferral = {
  id: string;
  referrerEmail: string;
  referrerMemberId: string;
  friendName: string;
  friendEmail: string;
  invoiceId: string;
  state: ReferralState;
  reasons: string[];
  discountCents: number;
  createdAt: Date;
};

/** How many of the latest referrals the page lists below the queue. */
const RECENT = 50;

const declared = { access: staffHolding("points"), input: z.object({}) };

/** listReferralsForStaff: the referrals held for review (oldest first), then the latest of all. */
export const listReferralsForStaff = defineOperation(declared, async function listReferralsForStaff(ctx): Promise<{
  held: StaffReferral[];
  recent: StaffReferral[];
}> {
  const select = () =>
    ctx.db
      .select({
        id: referrals.id,
        referrerEmail: members.email,
        referrerMemberId: referrals.referrerMemberId,
        friendName: referrals.friendName,
        friendEmail: referrals.friendEmail,
        invoiceId: orders.invoiceId,
        state: referrals.state,
        reasons: referrals.reasons,
        discountCents: referrals.discountCents,
        createdAt: referrals.createdAt,
      })
      .from(referrals)
      .innerJoin(members, eq(members.id, referrals.referrerMemberId))
      .innerJoin(orders, eq(orders.id, referrals.orderId));
  const held = await select()
    .where(inArray(referrals.state, ["held"]))
    .orderBy(referrals.createdAt);
  const recent = await select().orderBy(desc(referrals.createdAt)).limit(RECENT);
  return { held, recent };
});
