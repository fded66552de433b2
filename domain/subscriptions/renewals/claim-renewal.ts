import { randomUUID } from "node:crypto";
import { and, eq, lte } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { checkoutSessions } from "../../../db/schema/checkout.ts";
import { subscriptionRenewals, subscriptions } from "../../../db/schema/subscriptions.ts";
import { AppError } from "../../../kernel/app-error.ts";
import { MINUTE_MS, singaporeDate } from "../../../kernel/singapore-time.ts";
import { type BagLine, priceBag } from "../../bag/price-bag.ts";
import { findPurchaseOptions } from "../../catalog/lookup.ts";
import type { Product, PurchaseOption } from "../../catalog/types.ts";
import { priceRenewal } from "../../checkout/renewal-price.ts";
import type { DeliveryOption } from "../../delivery/delivery-option.ts";
import { standardDeliveryOf } from "../../delivery/delivery-options.ts";
import type { OperationContext } from "../../shared/context.ts";
import { holdCheckoutStock } from "../../stock/checkout-stock.ts";
import { pendingRewardLines, type ShippedLine, shippedLine } from "../../stock/stock-needs.ts";
import { itemOf } from "../subscription-item.ts";
import { type NotSold, passOver } from "./pass-over.ts";

type Subscription = typeof subscriptions.$inferSelect;
type Renewal = typeof subscriptionRenewals.$inferSelect;

/** How long a run owns the charge it started: longer than any charge takes, so only a run that died loses it. */
const CLAIM_MINUTES = 5;

/** A renewal ready to be charged: the attempt, its session's amount and the card to charge. */
export type ClaimedRenewal = {
  renewalId: string;
  subscription: Subscription;
  dueOn: string;
  attempt: number;
  sessionId: string;
  amountCents: number;
};

/** Why a renewal was not charged this run ("changed": the subscription changed as it was priced; the next run renews it). */
export type UnclaimedRenewal = "not_due" | "changed" | "in_progress" | "awaiting_retry" | "delayed" | "skipped";

/**
 * What a renewal ships, read before its transaction (the catalogue and the member's Pending rewards
 * are not read under its locks): the subscribed option as sold now (none: no longer sold) and the rewards.
 */
export type RenewalGoods = {
  optionId: string;
  /** The subscribed box in words, for the email that tells it was not sent. */
  item: string;
  found: Map<string, { product: Product; option: PurchaseOption }>;
  rewards: ShippedLine[];
  /** What renewals ship by: standard delivery as the merchant set it. */
  delivery: DeliveryOption;
};

/** The goods of a subscription's next renewal, as the catalogue and the member's rewards stand now. */
export async function renewalGoods(
  ctx: OperationContext,
  subscription: { optionId: string; memberId: string; quantity: number },
): Promise<RenewalGoods> {
  return {
    optionId: subscription.optionId,
    item: itemOf(await ctx.catalog.index(), subscription),
    found: await findPurchaseOptions(ctx.catalog, [subscription.optionId]),
    rewards: await pendingRewardLines(ctx, subscription.memberId),
    delivery: await standardDeliveryOf(ctx),
  };
}

/** The subscribed option as a bag line at today's price with its subscription terms; null when it is no longer sold. */
export function subscribedLine(
  subscription: Pick<Subscription, "optionId" | "quantity" | "cadenceWeeks" | "discountPercent">,
  { found, delivery }: Pick<RenewalGoods, "found" | "delivery">,
): BagLine | null {
  const { optionId, quantity, cadenceWeeks, discountPercent } = subscription;
  return priceBag([{ optionId, quantity, subscription: { cadenceWeeks, discountPercent } }], found, delivery).lines[0] ?? null;
}

/**
 * Claims a due subscription's renewal in the caller's transaction: the subscription row locked (a run
 * that finds it locked leaves it to the one holding it), the renewal row of its due date made once
 * (unique per subscription and date), and a new charge attempt priced at today's price less the
 * subscription discount into a session that holds its stock (the member's Pending rewards ride along).
 * An attempt another run started and still owns is left alone; one whose run died is taken over with
 * its attempt number, so the provider's idempotency key answers the charge already made. An option
 * switched off or short of stock is not charged: delayed a day or skipped to the next date, as the
 * merchant's sold-out rule says.
 */
export async function claimRenewal(
  ctx: OperationContext,
  tx: Tx,
  subscriptionId: string,
  goods: RenewalGoods,
): Promise<ClaimedRenewal | UnclaimedRenewal> {
  const now = ctx.now();
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.id, subscriptionId),
        eq(subscriptions.status, "active"),
        lte(subscriptions.nextRenewalOn, singaporeDate(now)),
      ),
    )
    .for("update", { skipLocked: true });
  if (!subscription) return "not_due";
  if (subscription.optionId !== goods.optionId) return "changed";
  const dueOn = subscription.nextRenewalOn;
  await tx
    .insert(subscriptionRenewals)
    .values({ id: randomUUID(), subscriptionId, dueOn, outcome: "charging" })
    .onConflictDoNothing();
  const [renewal] = await tx
    .select()
    .from(subscriptionRenewals)
    .where(and(eq(subscriptionRenewals.subscriptionId, subscriptionId), eq(subscriptionRenewals.dueOn, dueOn)));
  if (!renewal) throw new Error(`Renewal of ${subscriptionId} on ${dueOn} vanished`);
  const claimedUntil = new Date(now.getTime() + CLAIM_MINUTES * MINUTE_MS);
  if (renewal.outcome === "charging" && renewal.checkoutSessionId) {
    if (renewal.claimedUntil && renewal.claimedUntil > now) return "in_progress";
    await tx.update(subscriptionRenewals).set({ claimedUntil, updatedAt: now }).where(eq(subscriptionRenewals.id, renewal.id));
    return claimedAttempt(tx, subscription, renewal, renewal.checkoutSessionId, renewal.attempts);
  }
  if (renewal.outcome !== "charging" && !(renewal.retryAt && renewal.retryAt <= now)) return "awaiting_retry";
  // The card holder may still pay the session they were sent: no off-session charge until it has ended.
  if (renewal.outcome === "needs_authentication" && (await sessionOpen(tx, renewal.checkoutSessionId))) return "awaiting_retry";
  const sessionId = await openRenewalSession(ctx, tx, subscription, goods);
  if (typeof sessionId !== "string")
    return passOver(ctx, tx, { subscription, renewal, item: goods.item, why: sessionId.notSold });
  const attempt = renewal.attempts + 1;
  await tx
    .update(subscriptionRenewals)
    .set({
      outcome: "charging",
      attempts: attempt,
      checkoutSessionId: sessionId,
      claimedUntil,
      failureReason: null,
      retryAt: null,
      updatedAt: now,
    })
    .where(eq(subscriptionRenewals.id, renewal.id));
  return claimedAttempt(tx, subscription, renewal, sessionId, attempt);
}

async function claimedAttempt(
  tx: Tx,
  subscription: Subscription,
  renewal: Renewal,
  sessionId: string,
  attempt: number,
): Promise<ClaimedRenewal> {
  const [session] = await tx
    .select({ totalCents: checkoutSessions.totalCents })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, sessionId));
  if (!session) throw new Error(`Renewal session ${sessionId} vanished`);
  return { renewalId: renewal.id, subscription, dueOn: renewal.dueOn, attempt, sessionId, amountCents: session.totalCents };
}

async function sessionOpen(tx: Tx, sessionId: string | null): Promise<boolean> {
  if (!sessionId) return false;
  const [session] = await tx
    .select({ status: checkoutSessions.status })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, sessionId));
  return session?.status === "open";
}

/**
 * The renewal's priced session with its stock held, in a savepoint; nothing written when the option
 * is no longer sold for subscriptions or its stock is short, and which it was.
 */
async function openRenewalSession(
  ctx: OperationContext,
  tx: Tx,
  subscription: Subscription,
  goods: RenewalGoods,
): Promise<string | { notSold: NotSold }> {
  const { optionId, quantity } = subscription;
  const { found, rewards } = goods;
  const entry = found.get(optionId);
  const line = subscribedLine(subscription, goods);
  if (!entry || !line) return { notSold: "not_offered" };
  const now = ctx.now();
  const pricing = await priceRenewal(tx, line, goods.delivery, now);
  const shipped = [shippedLine(entry.product, entry.option, quantity), ...rewards];
  const sessionId = `rnw_${randomUUID().replaceAll("-", "")}`;
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint.insert(checkoutSessions).values({
        id: sessionId,
        provider: ctx.payments.name,
        bagId: null,
        shipping: subscription.shipping,
        lines: pricing.lines,
        subtotalCents: pricing.subtotalCents,
        discountCents: pricing.discountCents,
        adjustments: pricing.adjustments,
        shippingCents: pricing.shippingCents,
        totalCents: pricing.totalCents,
      });
      await holdCheckoutStock(ctx, savepoint, { sessionId, lines: shipped, at: now });
    });
  } catch (error) {
    if (error instanceof AppError && error.code === "CONFLICT") return { notSold: "sold_out" };
    throw error;
  }
  return sessionId;
}
