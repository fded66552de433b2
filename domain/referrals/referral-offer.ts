import { and, eq, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.ts";
import { orders } from "../../db/schema/orders.ts";
import { currentProgramme } from "../loyalty/programme.ts";
import type { OperationContext } from "../shared/context.ts";
import { referrerOf } from "./referral-code.ts";

/** A referred friend's first-order discount, and whose code gave it. */
export type ReferralOffer = { code: string; referrerMemberId: string; percent: number };

const sameEmail = (column: typeof orders.email, email: string) => sql`lower(${column}) = lower(${email})`;

/**
 * Whether this shopper is a referred friend the version in force gives the first-order discount to
 * (decision 045): referrals are on, the remembered code is a member's, and the shopper is new — not
 * that member, not a member with orders, and (once the email is known, at checkout) no earlier
 * order by that email. Anything else: no discount, and nothing to tell the shopper.
 */
export async function referralOfferFor(
  ctx: Pick<OperationContext, "db" | "catalog" | "now">,
  shopper: { code: string | null; memberId: string | null; email: string | null },
): Promise<ReferralOffer | null> {
  if (!shopper.code) return null;
  const { rules } = await currentProgramme(ctx);
  if (!rules.referrals.enabled) return null;
  const referrer = await referrerOf(ctx.db, shopper.code);
  if (!referrer || referrer.memberId === shopper.memberId) return null;
  if (shopper.email && shopper.email.trim().toLowerCase() === referrer.email.toLowerCase()) return null;
  const earlier = shopper.memberId ? eq(orders.memberId, shopper.memberId) : undefined;
  const byEmail = shopper.email ? sameEmail(orders.email, shopper.email.trim()) : undefined;
  if (earlier || byEmail) {
    const [found] = await ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(earlier && byEmail ? sql`(${earlier}) or (${byEmail})` : (earlier ?? byEmail))
      .limit(1);
    if (found) return null;
  }
  return { code: shopper.code, referrerMemberId: referrer.memberId, percent: rules.referrals.friendDiscountPercent };
}

/** Whether an order other than `orderId` was placed before by this email: the friend is not new after all. */
export async function orderedBefore(db: Database | Tx, email: string, orderId: string): Promise<boolean> {
  const [found] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(sameEmail(orders.email, email), sql`${orders.id} <> ${orderId}`))
    .limit(1);
  return Boolean(found);
}
