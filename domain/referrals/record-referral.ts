import { randomUUID } from "node:crypto";
import { eq, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { members } from "../../db/schema/members.ts";
import { checkoutSessions, customers, orders } from "../../db/schema/orders.ts";
import { memberDevices, referrals } from "../../db/schema/referrals.ts";
import { programmeInForce } from "../loyalty/programme.ts";
import { addressKey, judgeReferral, type ReferrerFacts } from "./fraud-rules.ts";
import { referrerOf } from "./referral-code.ts";
import { orderedBefore } from "./referral-offer.ts";

type PaidOrder = {
  id: string;
  email: string;
  mobile: string;
  cardFingerprint: string | null;
  shipping: { name: string; address: string; postalCode: string };
};

async function referrerFacts(tx: Tx, memberId: string, email: string): Promise<ReferrerFacts> {
  const known = await tx
    .select({ mobile: customers.mobile, address: customers.address, postalCode: customers.postalCode })
    .from(customers)
    .where(or(eq(customers.memberId, memberId), eq(customers.originalMemberId, memberId)));
  const paid = await tx
    .select({ card: orders.cardFingerprint, device: checkoutSessions.deviceId })
    .from(orders)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.checkoutSessionId))
    .where(eq(orders.memberId, memberId));
  const seen = await tx
    .select({ deviceId: memberDevices.deviceId })
    .from(memberDevices)
    .where(eq(memberDevices.memberId, memberId));
  const earlier = await tx
    .select({ createdAt: referrals.createdAt, deviceId: referrals.deviceId, address: referrals.friendAddress })
    .from(referrals)
    .where(eq(referrals.referrerMemberId, memberId));
  const present = (values: (string | null)[]) => values.filter((value): value is string => value !== null);
  return {
    email,
    mobiles: known.map((row) => row.mobile),
    addresses: known.map((row) => addressKey(row.address, row.postalCode)),
    cardFingerprints: present(paid.map((row) => row.card)),
    deviceIds: [...seen.map((row) => row.deviceId), ...present(paid.map((row) => row.device))],
    earlier,
  };
}

/**
 * In the transaction that places a paid order: when its checkout carried a referral code, records the
 * referral, judged by the fraud rules (fraud-rules.ts) — pending, refused or held for staff. One per
 * order (a unique index). The referrer's referrals are judged one at a time (an advisory lock on the
 * referrer), so two friends paying at once are counted against the weekly cap both.
 */
export async function recordReferral(
  tx: Tx,
  order: PaidOrder,
  checkout: { referralCode: string | null; referralDiscountCents: number; deviceId: string | null },
  at: Date,
): Promise<void> {
  if (!checkout.referralCode) return;
  const referrer = await referrerOf(tx, checkout.referralCode);
  if (!referrer) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`referrer:${referrer.memberId}`}))`);
  const { version } = await programmeInForce(tx, at);
  const [member] = await tx.select({ email: members.email }).from(members).where(eq(members.id, referrer.memberId));
  if (!member) return;
  const address = addressKey(order.shipping.address, order.shipping.postalCode);
  const judgement = judgeReferral(
    {
      email: order.email,
      mobile: order.mobile,
      address,
      cardFingerprint: order.cardFingerprint,
      deviceId: checkout.deviceId,
      orderedBefore: await orderedBefore(tx, order.email, order.id),
    },
    await referrerFacts(tx, referrer.memberId, member.email),
    version.rules.referrals,
    at,
  );
  await tx
    .insert(referrals)
    .values({
      id: randomUUID(),
      referrerMemberId: referrer.memberId,
      code: checkout.referralCode,
      orderId: order.id,
      friendEmail: order.email,
      friendName: order.shipping.name,
      friendAddress: address,
      deviceId: checkout.deviceId,
      state: judgement.state,
      reasons: judgement.reasons,
      discountCents: checkout.referralDiscountCents,
      programmeVersion: version.number,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing();
}
