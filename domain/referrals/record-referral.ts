import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { referrals } from "../../db/schema/referrals.ts";
import { programmeInForce } from "../loyalty/programme/programme.ts";
import { addressKey } from "./identity-keys.ts";
import { judgeReferredOrder } from "./referral-check.ts";
import { referrerOf } from "./referral-code.ts";

type PaidOrder = {
  id: string;
  memberId: string | null;
  email: string;
  mobile: string;
  cardFingerprint: string | null;
  shipping: { name: string; address: string; postalCode: string };
};

/**
 * In the transaction that places a paid order: when its checkout carried a referral code, records the
 * referral, judged as the checkout judged the friend's discount, now with the card too
 * (referral-check.ts) — pending, refused or held for staff. One per
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
  const judgement = await judgeReferredOrder(
    tx,
    referrer,
    { ...order, orderId: order.id, deviceId: checkout.deviceId },
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
      friendAddress: addressKey(order.shipping.address, order.shipping.postalCode),
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
