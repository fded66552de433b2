import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { bags } from "../../db/schema/bags.ts";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { AppError } from "../../kernel/app-error.ts";
import { lineDescription } from "../../kernel/line-description.ts";
import { bagDeliveryChoice, bagHolder, loadBag } from "../bag/held-bag.ts";
import { deliveryOptionsOf, standardDeliveryOf } from "../delivery/delivery-options.ts";
import { CHECKOUT_HOLD_MINUTES, holdPromotionUse } from "../promotions/promotion-hold.ts";
import { referralOfferFor } from "../referrals/referral-offer.ts";
import { optional } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { CHECKOUT_START_LIMIT, consumeRateLimit } from "../shared/rate-limit.ts";
import { holdCheckoutStock } from "../stock/checkout-stock.ts";
import { assertInStock, pendingRewardLines, shippedLine, skuTotals } from "../stock/stock-needs.ts";
import { endCheckout, endOpenCheckouts, replaceOpenCheckouts } from "./close-checkout.ts";
import { deliveryForCheckout } from "./delivery-choice.ts";
import { EXPIRY_JOB_RETRY } from "./expire-checkout-session.ts";
import { loadAcceptedMethods } from "./payment-method-settings.ts";
import { priceCheckout } from "./price-checkout.ts";
import { ShippingInput } from "./shipping-details.ts";
import { assertMemberForSubscriptions, subscriptionConsent } from "./subscription-consent.ts";

export const StartCheckoutInput = ShippingInput.extend({
  /** The shop's address as the shopper's browser reached it: payment sends them back there. */
  baseUrl: z.url({ protocol: /^https?$/, error: "is not a web address" }).transform((url) => new URL(url).origin),
  /** The client's network address: checkouts started and promotion uses held are limited per address. */
  clientAddress: z.string().max(100),
  /** The referral code and device cookie the shopper's browser holds (decision 045). */
  referralCode: z.string().max(40).nullish(),
  deviceId: z.string().max(64).nullish(),
  /** The shopper was told the friend's discount does not apply and goes on without it. */
  withoutFriendDiscount: z.boolean().optional(),
  /** The stamp of the delivery the shopper's page showed (delivery-choice.ts); left out, nothing is compared. */
  deliverySeen: optional(z.string().max(64), { emptyIsAbsent: true }),
});

export type StartedCheckout = { redirectUrl: string; sessionId: string };

const declared = { access: bagHolder, input: StartCheckoutInput };

/**
 * startCheckout: the viewer's own bag, priced on the server, goes to a payment session that lapses
 * after CHECKOUT_HOLD_MINUTES. Each client address starts a limited number of checkouts. A checkout of this bag still open is ended
 * first (its promotion hold released), and one started at the same moment is replaced when this one
 * opens. The new session row, the holds on its stock (the bag's items and the member's rewards;
 * a SKU short refuses the checkout, 409) and its promotion code and the job that expires it are
 * written in one transaction, so a hold never outlives its session. A signed-in member's bag becomes theirs:
 * the order's points and their rewards follow it. A friend's discount the delivery details rule out
 * (referral-offer.ts) is refused (409, with the reason, fields.friendDiscount) until the shopper goes on without it.
 * A bag with subscribed lines needs a member (401) and asks the provider to keep the card, with the
 * shopper's consent to the renewals shown beside the pay button. The session keeps the bag's delivery
 * option, its charge and the window promised now: what the order gets, whatever the option does meanwhile;
 * a delivery changed since the shopper's page showed it is refused (409, delivery-choice.ts).
 */
export const startCheckout = defineOperation(
  declared,
  async function startCheckout(ctx, input, { id: bagId }): Promise<StartedCheckout> {
    const { baseUrl, clientAddress, referralCode, deviceId, withoutFriendDiscount, deliverySeen, ...shipping } = input;
    await consumeRateLimit(ctx.db, CHECKOUT_START_LIMIT, clientAddress, ctx.now());
    if (!bagId) throw new AppError("BAD_USER_INPUT", "Your bag is empty.");
    await endOpenCheckouts(ctx, bagId);
    const bag = await loadBag(ctx, bagId);
    if (bag.lines.length === 0) throw new AppError("BAD_USER_INPUT", "Your bag is empty.");
    if (bag.unavailableOptionIds.length > 0) {
      throw new AppError("BAD_USER_INPUT", "Some items in your bag are no longer sold. Please remove them first.");
    }
    assertMemberForSubscriptions(ctx, bag.lines);
    const memberId = ctx.viewer.kind === "member" ? ctx.viewer.memberId : null;
    if (memberId) await ctx.db.update(bags).set({ memberId }).where(eq(bags.id, bagId));
    const [bagRow] = await ctx.db.select({ promotionCode: bags.promotionCode }).from(bags).where(eq(bags.id, bagId));
    const { offer, refusal } = withoutFriendDiscount
      ? { offer: null, refusal: null }
      : await referralOfferFor(ctx, { code: referralCode ?? null, memberId, deviceId: deviceId ?? null, details: shipping });
    if (refusal) throw new AppError("CONFLICT", refusal, { friendDiscount: refusal });
    const pricing = await priceCheckout(
      ctx.db,
      bag,
      { promotionCode: bagRow?.promotionCode ?? null, referral: offer },
      ctx.now(),
    );
    const delivery = deliveryForCheckout(
      await deliveryOptionsOf(ctx),
      { chosenId: await bagDeliveryChoice(ctx, bagId), shippingCents: pricing.shippingCents },
      deliverySeen,
      ctx.now(),
    );
    const shipped = [
      ...bag.lines.map((line) => shippedLine(line.product, line.option, line.quantity)),
      ...(memberId ? await pendingRewardLines(ctx, memberId) : []),
    ];
    // Refused before a payment session is made; the hold below is what counts.
    await assertInStock(ctx.db, shipped);

    const session = await ctx.payments.createSession({
      lines: pricing.lines.map((line) => ({
        name: lineDescription(line),
        unitAmountCents: line.unitPriceCents,
        quantity: line.quantity,
      })),
      discountCents: pricing.discountCents,
      shippingCents: pricing.shippingCents,
      totalCents: pricing.totalCents,
      customerEmail: shipping.email,
      lifetimeMinutes: CHECKOUT_HOLD_MINUTES,
      successUrl: `${baseUrl}/checkout/complete/{CHECKOUT_SESSION_ID}`,
      cancelUrl: `${baseUrl}/checkout/summary?cancelled=1`,
      idempotencyKey: randomUUID(),
      saveCard: await subscriptionConsent(ctx.db, ctx.settings, bag.lines, await standardDeliveryOf(ctx), ctx.now()),
      methods: await loadAcceptedMethods(ctx.db),
    });
    // Should this fail, the payment session is never shown to anyone, and the provider lets it lapse.
    const replaced = await ctx.db.transaction(async (tx) => {
      const holdingSkuIds = skuTotals(shipped).map((total) => total.skuId);
      const alongside = await replaceOpenCheckouts(tx, { bagId, at: ctx.now(), holdingSkuIds });
      if (pricing.promotionCode) await holdPromotionUse(tx, pricing.promotionCode, { email: shipping.email, clientAddress });
      await tx.insert(checkoutSessions).values({
        id: session.id,
        provider: ctx.payments.name,
        bagId,
        shipping,
        clientAddress,
        lines: pricing.lines,
        promotionCode: pricing.promotionCode,
        subtotalCents: pricing.subtotalCents,
        discountCents: pricing.discountCents,
        adjustments: pricing.adjustments,
        deviceId: deviceId ?? null,
        shippingCents: pricing.shippingCents,
        delivery,
        totalCents: pricing.totalCents,
        expiresAt: session.expiresAt,
      });
      await holdCheckoutStock(ctx, tx, { sessionId: session.id, lines: shipped, at: ctx.now() });
      await ctx.jobs.send(
        "expire-checkout-session",
        { sessionId: session.id },
        { tx, startAfter: session.expiresAt, ...EXPIRY_JOB_RETRY },
      );
      return alongside;
    });
    // Their holds are given back; now they must not be paid (one paid meanwhile is fulfilled).
    for (const other of replaced) await endCheckout(ctx, other);
    return { redirectUrl: session.url, sessionId: session.id };
  },
);
