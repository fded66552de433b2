import { Form, Link, useNavigation } from "react-router";
import type { FreeDeliveryProgress } from "../../domain/bag/free-delivery.ts";
import { shippingNote } from "../../domain/bag/shipping-note.ts";
import type { ShownDelivery } from "../../domain/checkout/delivery-choice.ts";
import type { RewardLine } from "../../domain/loyalty/rewards/redeems/pending-reward-lines.ts";
import { shippingText } from "../../domain/orders/order-money.ts";
import type { PriceAdjustment } from "../../domain/orders/price-adjustment.ts";
import { itemsLabel } from "../../kernel/count-label.ts";
import { formatMoney } from "../../kernel/money.ts";
import { formatNumber } from "../../kernel/number-format.ts";
import type { ActionResult } from "../lib/action-result.server.ts";
import { DeliveryChoice } from "./bag/delivery-choice.tsx";
import { FreeDeliveryBar } from "./bag/free-delivery-bar.tsx";
import { BagLineRow, type ShownBag } from "./bag-line-row.tsx";
import { CampaignBadges } from "./campaign-notes.tsx";
import { checkoutDiscounts, DiscountLines } from "./order-totals.tsx";
import { QuantitySavings } from "./quantity-savings.tsx";
import { RewardsInBag, RewardsOnlyNote } from "./reward-lines.tsx";

export function BagView({
  bag,
  cadencesWeeks,
  totals,
  delivery,
  freeDelivery,
  rewards,
  campaigns,
  result,
}: {
  bag: ShownBag;
  /** The cadences a subscribed line may change to. */
  cadencesWeeks: number[];
  /** The bag priced as checkout prices it: a promotion code applied, a referred friend's discount, and shipping after them. */
  totals: {
    adjustments: PriceAdjustment[];
    subtotalCents: number;
    discountCents: number;
    shippingCents: number;
    totalCents: number;
  };
  /** The delivery options with their promises, and the one the bag is priced with. */
  delivery: ShownDelivery;
  /** How far the goods are from free delivery, with an option that closes the gap; null for a bag with no goods. */
  freeDelivery: FreeDeliveryProgress | null;
  /** The signed-in member's rewards waiting in the bag (paid with points). */
  rewards: RewardLine[];
  /** The running campaigns that cover the bag's lines. */
  campaigns: ShownBagCampaigns;
  result: ActionResult | undefined;
}) {
  const busy = useNavigation().state !== "idle";
  const rewardCount = rewards.reduce((total, line) => total + line.quantity, 0);
  const subscribed = { label: "Subscriptions", lines: bag.lines.filter((line) => line.subscription) };
  const oneOff = {
    label: subscribed.lines.length > 0 ? "One-off items" : "Items in your bag",
    lines: bag.lines.filter((line) => !line.subscription),
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">Your bag</h1>
      <div aria-live="polite" className="mt-3 min-h-6">
        {result && (
          <p role={result.ok ? "status" : "alert"} className={result.ok ? "text-brand-800" : "font-medium text-sale"}>
            {result.message}
          </p>
        )}
      </div>
      {bag.unavailableOptionIds.length > 0 && (
        <p className="mt-2 rounded-lg bg-amber-50 p-3 text-amber-900">
          {bag.unavailableOptionIds.length === 1 ? "One item in your bag is" : "Some items in your bag are"} no longer sold and
          {bag.unavailableOptionIds.length === 1 ? " has" : " have"} been left out of your total.
        </p>
      )}
      {freeDelivery && (
        <div className="mt-2 max-w-2xl">
          <FreeDeliveryBar progress={freeDelivery} form={Form} busy={busy} />
        </div>
      )}
      {bag.lines.length === 0 && rewards.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-slate-300 p-10 text-center">
          <p className="text-lg font-semibold">Your bag is empty.</p>
          <p className="mt-1 text-muted">Find your flavour and it will wait for you here.</p>
          <Link
            to="/shop"
            className="mt-6 inline-block rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
          >
            Start shopping
          </Link>
        </div>
      ) : (
        <div className="mt-4 grid gap-8 lg:grid-cols-[1fr_22rem]">
          <div className="space-y-6">
            {[subscribed, oneOff].map(
              (group) =>
                group.lines.length > 0 && (
                  <section key={group.label} aria-label={group.label}>
                    {subscribed.lines.length > 0 && <h2 className="mb-2 text-lg font-bold">{group.label}</h2>}
                    <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
                      {group.lines.map((line) => (
                        <BagLineRow
                          key={line.optionId}
                          line={line}
                          busy={busy}
                          cadencesWeeks={cadencesWeeks}
                          campaigns={campaigns.lineCampaigns[line.optionId]}
                        />
                      ))}
                    </ul>
                  </section>
                ),
            )}
            <QuantitySavings savings={bag.quantitySavings} />
            <RewardsInBag rewards={rewards} />
          </div>
          {bag.lines.length === 0 ? (
            <RewardsOnlyNote />
          ) : (
            <aside aria-labelledby="summary-heading" className="h-fit rounded-2xl border border-slate-200 bg-white p-5">
              <h2 id="summary-heading" className="text-lg font-bold">
                Order summary
              </h2>
              <dl className="mt-4 space-y-2">
                <div className="flex justify-between">
                  <dt>Subtotal ({itemsLabel(bag.itemCount)})</dt>
                  <dd data-testid="bag-subtotal">{formatMoney(bag.subtotalCents)}</dd>
                </div>
                <DiscountLines discounts={checkoutDiscounts(totals)} />
                {rewards.length > 0 && (
                  <div className="flex justify-between">
                    <dt>Rewards ({itemsLabel(rewardCount)})</dt>
                    <dd data-testid="bag-rewards">{formatMoney(0)}</dd>
                  </div>
                )}
                <div className="flex justify-between">
                  <dt>{delivery.chosen ? `Shipping (${delivery.chosen.name})` : "Shipping"}</dt>
                  <dd data-testid="bag-shipping">{shippingText(totals.shippingCents)}</dd>
                </div>
                <div className="flex justify-between border-t border-slate-200 pt-2 text-lg font-bold">
                  <dt>Total</dt>
                  <dd data-testid="bag-total">{formatMoney(totals.totalCents)}</dd>
                </div>
              </dl>
              <DeliveryChoice delivery={delivery} busy={busy} />
              <BagCampaignBonus campaigns={campaigns} />
              <p className="mt-3 text-sm text-muted" data-testid="shipping-note">
                {shippingNote({
                  goodsCents: totals.subtotalCents - totals.discountCents,
                  shippingCents: totals.shippingCents,
                  freeFromCents: delivery.chosen?.freeFromCents ?? null,
                  hasRewards: rewardCount > 0,
                })}{" "}
                Prices include GST.
              </p>
              <Link
                to="/checkout/summary"
                className="mt-5 block rounded-full bg-brand-700 px-5 py-3 text-center font-semibold text-white hover:bg-brand-800"
              >
                Checkout
              </Link>
              <Link
                to="/shop"
                className="mt-3 block rounded-full border border-brand-700 px-5 py-2.5 text-center font-semibold text-brand-700 hover:bg-brand-50"
              >
                Continue shopping
              </Link>
            </aside>
          )}
        </div>
      )}
    </div>
  );
}

/** What the bag page shows of the campaigns that cover it. */
export type ShownBagCampaigns = {
  headlines: string[];
  lineCampaigns: Record<string, string[]>;
  estimatedBonus: number | null;
};

/** The campaigns covering the bag and, for a signed-in member, the bonus the order would get; a visitor is asked to sign in. */
function BagCampaignBonus({ campaigns }: { campaigns: ShownBagCampaigns }) {
  if (campaigns.headlines.length === 0) return null;
  return (
    <div className="mt-4 border-t border-slate-200 pt-3" data-testid="bag-campaigns">
      {campaigns.estimatedBonus === null ? (
        <p className="text-sm">
          Members earn bonus points on this bag.{" "}
          <Link to="/member/login" className="font-semibold text-brand-700 underline">
            Sign in
          </Link>{" "}
          to collect them.
        </p>
      ) : (
        <p className="flex justify-between font-semibold text-amber-900">
          <span>Campaign bonus (estimated)</span>
          <span data-testid="bag-campaign-bonus">+{formatNumber(campaigns.estimatedBonus)} points</span>
        </p>
      )}
      <CampaignBadges headlines={campaigns.headlines} className="mt-2" />
    </div>
  );
}
