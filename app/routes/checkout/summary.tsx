import { useRef } from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { ChooseDeliveryInput, chooseDelivery } from "../../../domain/bag/choose-delivery.ts";
import { shippingNote } from "../../../domain/bag/shipping-note.ts";
import { ApplyPromotionInput, applyPromotionToBag } from "../../../domain/checkout/apply-promotion.ts";
import { checkoutSummary } from "../../../domain/checkout/checkout-summary.ts";
import { amountAtPrice } from "../../../domain/orders/order-money.ts";
import { removePromotionFromBag } from "../../../domain/promotions/remove-promotion.ts";
import { lineDetail } from "../../../kernel/line-description.ts";
import { DeliveryChoice } from "../../components/bag/delivery-choice.tsx";
import { DeliveryDates } from "../../components/estimated-delivery.tsx";
import { checkoutDiscounts, LineList, OrderTotals } from "../../components/order-totals.tsx";
import { RewardSummaryLines } from "../../components/reward-lines.tsx";
import { SubscriptionSignIn } from "../../components/subscription-sign-in.tsx";
import { requestContext } from "../../context.ts";
import {
  type ActionResult,
  expectedFailure,
  failureResult,
  readForm,
  unreadableRequest,
} from "../../lib/action-result.server.ts";
import { errorProps, invalidFieldsOf, useFocusFirstError } from "../../lib/form-errors.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { readDeviceId, readReferralCode } from "../../lib/referral-cookie.server.ts";
import { rewardsInBag } from "../../lib/reward-bag.server.ts";
import type { Route } from "./+types/summary";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Checkout: Summary");

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const cancelled = new URL(request.url).searchParams.has("cancelled");
  const { bag, pricing, promotionError, referralRefusal, shortages, needsMember, delivery } = await checkoutSummary(
    ctx.operations,
    {
      cancelledPayment: cancelled,
      referralCode: readReferralCode(request),
      deviceId: readDeviceId(request),
    },
  );
  // The lines shown are the priced ones; of the bag itself the page only needs whether it is empty.
  return {
    isEmpty: bag.lines.length === 0,
    pricing,
    promotionError,
    referralRefusal,
    shortages,
    needsMember,
    rewards: (await rewardsInBag(ctx)) ?? [],
    cancelled,
    delivery,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { operations } = context.get(requestContext);
  const form = await readForm(request);
  if (!form) return unreadableRequest();
  // The delivery form's answer shows beside it, not under the promotion code.
  if (form.get("intent") === "delivery") {
    try {
      const name = await chooseDelivery(operations, formInput(ChooseDeliveryInput, form));
      return data({ ok: true, message: `${name} delivery chosen.`, about: "delivery" as const });
    } catch (error) {
      const { message, status } = expectedFailure(error);
      return data({ ok: false, message, about: "delivery" as const }, { status });
    }
  }
  try {
    if (form.get("intent") === "remove-promotion") {
      await removePromotionFromBag(operations, {});
      return data<ActionResult>({ ok: true, message: "Promotion code removed." });
    }
    await applyPromotionToBag(operations, formInput(ApplyPromotionInput, form));
    return data<ActionResult>({ ok: true, message: "Promotion code applied." });
  } catch (error) {
    return failureResult(error);
  }
}

export default function CheckoutSummary({ loaderData }: Route.ComponentProps) {
  const { isEmpty, pricing, rewards, promotionError, referralRefusal, shortages, needsMember, cancelled, delivery } = loaderData;
  const answer = useActionData<typeof action>();
  const result = answer && !("about" in answer) ? answer : undefined;
  const deliveryAnswer = answer && "about" in answer ? answer : undefined;
  const promotionForm = useRef<HTMLFormElement>(null);
  useFocusFirstError(promotionForm, result?.ok === false ? result : null);
  // Only a failed apply is this form's error: a remove answers ok.
  const invalid = invalidFieldsOf(result, ["code"]);
  const busy = useNavigation().state !== "idle";
  if (isEmpty) {
    return (
      <section className="text-center">
        <h1 className="text-2xl font-bold">Your bag is empty</h1>
        {rewards.length > 0 && <p className="mt-2 text-muted">Your rewards ship with your next paid order.</p>}
        <Link to="/shop" className="mt-6 inline-block rounded-full bg-brand-700 px-6 py-3 font-semibold text-white">
          Start shopping
        </Link>
      </section>
    );
  }
  return (
    <div className="grid gap-8 md:grid-cols-[1fr_20rem]">
      <section aria-labelledby="summary-heading">
        <h1 id="summary-heading" className="text-2xl font-bold">
          Review your bag
        </h1>
        {cancelled && (
          <p role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-amber-900">
            Payment was cancelled. Your bag is just as you left it.
          </p>
        )}
        <LineList
          lines={pricing.lines.map((line) => ({
            key: line.optionId,
            title: line.productName,
            detail: lineDetail(line),
            quantity: line.quantity,
            unitPriceCents: line.unitPriceCents,
            amountCents: amountAtPrice(line),
            note: shortages.find((short) => short.optionId === line.optionId)?.message,
          }))}
        />
        <RewardSummaryLines lines={rewards} heading="Rewards with this order" />
        <Link to="/bag" className="text-sm font-semibold text-brand-700 underline">
          Change your bag
        </Link>
      </section>
      <aside className="h-fit space-y-5 rounded-2xl border border-slate-200 bg-white p-5">
        <Form ref={promotionForm} method="post" className="space-y-2">
          <label htmlFor="promotion-code" className="block font-semibold">
            Promotion code
          </label>
          <div className="flex gap-2">
            <input
              id="promotion-code"
              name="code"
              autoComplete="off"
              defaultValue={pricing.promotionCode ?? ""}
              {...errorProps("code", invalid, "promotion-message")}
              aria-describedby="promotion-message"
              className="w-full rounded-lg border border-slate-300 px-3 py-2 uppercase"
            />
            <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white">
              Apply
            </button>
          </div>
          <p
            id="promotion-message"
            aria-live="polite"
            className={result?.ok === false || promotionError ? "text-sm text-sale" : "text-sm text-brand-800"}
          >
            {result?.message ?? promotionError ?? ""}
          </p>
        </Form>
        {pricing.promotionCode && (
          <Form method="post">
            <input type="hidden" name="intent" value="remove-promotion" />
            <button type="submit" className="text-sm underline">
              Remove code {pricing.promotionCode}
            </button>
          </Form>
        )}
        <OrderTotals totals={pricing} discounts={checkoutDiscounts(pricing)} />
        {referralRefusal && (
          <p className="text-sm text-amber-900" data-testid="referral-refusal">
            {referralRefusal}
          </p>
        )}
        <p className="text-sm text-muted" data-testid="shipping-note">
          {shippingNote({
            goodsCents: pricing.subtotalCents - pricing.discountCents,
            shippingCents: pricing.shippingCents,
            freeFromCents: delivery.chosen?.freeFromCents ?? null,
            hasRewards: rewards.length > 0,
          })}
        </p>
        {delivery.chosen && (
          <p className="text-sm text-muted" data-testid="summary-delivery">
            {delivery.chosen.name} delivery: <DeliveryDates window={delivery.chosen} />
          </p>
        )}
        <DeliveryChoice delivery={delivery} busy={busy} answer={deliveryAnswer} />
        {shortages.length > 0 ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 font-medium text-sale" data-testid="summary-stock">
            {shortages.length === 1
              ? "There is not enough stock for one item in your bag: change it as its line says, then continue."
              : "There is not enough stock for some items in your bag: change them as their lines say, then continue."}{" "}
            <Link to="/bag" className="underline">
              Change your bag
            </Link>
          </p>
        ) : needsMember ? (
          <SubscriptionSignIn />
        ) : (
          <Link
            to="/checkout/shipping"
            className="block rounded-full bg-brand-700 px-5 py-3 text-center font-semibold text-white hover:bg-brand-800"
          >
            Continue to shipping
          </Link>
        )}
      </aside>
    </div>
  );
}
