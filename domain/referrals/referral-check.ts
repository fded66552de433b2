import { and, eq, or, sql } from "drizzle-orm";
import type { Database, Tx } from "../../db/client.ts";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { customers, orders } from "../../db/schema/orders.ts";
import { memberDevices, referrals } from "../../db/schema/referrals.ts";
import type { ReferralRule } from "../loyalty/programme/programme-rules.ts";
import { judgeReferral, type ReferralJudgement, type ReferrerFacts } from "./fraud-rules.ts";
import { addressKey, emailKey, emailKeyPattern } from "./identity-keys.ts";

/**
 * What is known of a referred shopper's order when it is judged: on the summary only who is signed in
 * and the device; once the delivery form is sent, the email, mobile and address too; once paid, the
 * card and the order itself.
 */
export type ReferredOrder = {
  memberId: string | null;
  deviceId: string | null;
  email: string | null;
  mobile: string | null;
  shipping: { address: string; postalCode: string } | null;
  cardFingerprint: string | null;
  /** The order being judged, once placed: it is not an earlier one. */
  orderId: string | null;
};

async function referrerFacts(db: Database | Tx, referrer: { memberId: string; email: string }): Promise<ReferrerFacts> {
  const { memberId } = referrer;
  const known = await db
    .select({ email: customers.email, mobile: customers.mobile, address: customers.address, postalCode: customers.postalCode })
    .from(customers)
    .where(or(eq(customers.memberId, memberId), eq(customers.originalMemberId, memberId)));
  const paid = await db
    .select({ card: orders.cardFingerprint, device: checkoutSessions.deviceId })
    .from(orders)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.checkoutSessionId))
    .where(eq(orders.memberId, memberId));
  const seen = await db
    .select({ deviceId: memberDevices.deviceId })
    .from(memberDevices)
    .where(eq(memberDevices.memberId, memberId));
  // Keyed again from the order's own delivery details, so the checks compare what this code compares.
  const earlier = await db
    .select({ createdAt: referrals.createdAt, deviceId: referrals.deviceId, shipping: checkoutSessions.shipping })
    .from(referrals)
    .innerJoin(orders, eq(orders.id, referrals.orderId))
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.checkoutSessionId))
    .where(eq(referrals.referrerMemberId, memberId));
  const present = (values: (string | null)[]) => values.filter((value): value is string => value !== null);
  return {
    memberId,
    emails: [referrer.email, ...known.map((row) => row.email)],
    mobiles: known.map((row) => row.mobile),
    addresses: known.map((row) => addressKey(row.address, row.postalCode)),
    cardFingerprints: present(paid.map((row) => row.card)),
    deviceIds: [...seen.map((row) => row.deviceId), ...present(paid.map((row) => row.device))],
    earlier: earlier.map(({ createdAt, deviceId, shipping }) => ({
      createdAt,
      deviceId,
      address: addressKey(shipping.address, shipping.postalCode),
    })),
  };
}

/** Whether the shopper — signed in, or by any spelling of the email given — has an order other than the one judged. */
async function orderedBefore(db: Database | Tx, order: ReferredOrder): Promise<boolean> {
  const byMember = order.memberId ? eq(orders.memberId, order.memberId) : undefined;
  // Any spelling of the same mailbox: a tag or a dot does not make an earlier customer new.
  const byEmail = order.email ? sql`lower(trim(${orders.email})) ~ ${emailKeyPattern(emailKey(order.email))}` : undefined;
  if (!byMember && !byEmail) return false;
  const [found] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(or(byMember, byEmail), order.orderId ? sql`${orders.id} <> ${order.orderId}` : undefined))
    .limit(1);
  return Boolean(found);
}

/**
 * Judges a referred shopper's order on what is known of it (fraud-rules.ts): the one judgement both
 * the friend's discount at checkout and the referral recorded with the paid order follow.
 */
export async function judgeReferredOrder(
  db: Database | Tx,
  referrer: { memberId: string; email: string },
  order: ReferredOrder,
  rule: ReferralRule,
  at: Date,
): Promise<ReferralJudgement> {
  return judgeReferral(
    {
      memberId: order.memberId,
      email: order.email,
      mobile: order.mobile,
      address: order.shipping ? addressKey(order.shipping.address, order.shipping.postalCode) : null,
      cardFingerprint: order.cardFingerprint,
      deviceId: order.deviceId,
      orderedBefore: await orderedBefore(db, order),
    },
    await referrerFacts(db, referrer),
    rule,
    at,
  );
}
