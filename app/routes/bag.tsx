import { data, redirect, useActionData } from "react-router";
import { AddToBagInput, addToBag } from "../../domain/bag/add-to-bag.ts";
import { ChooseDeliveryInput, chooseDelivery } from "../../domain/bag/choose-delivery.ts";
import { RemoveBagLineInput, removeBagLine } from "../../domain/bag/remove-bag-line.ts";
import { SetBagLineCadenceInput, setBagLineCadence } from "../../domain/bag/set-bag-line-cadence.ts";
import { SetBagLineQuantityInput, setBagLineQuantity } from "../../domain/bag/set-bag-line-quantity.ts";
import { checkoutSummary } from "../../domain/checkout/checkout-summary.ts";
import { bagCampaigns } from "../../domain/loyalty/campaigns/bag-campaigns.ts";
import { bagTokenOf } from "../../domain/shared/context.ts";
import { shownLine } from "../components/bag-line-row.tsx";
import { BagView } from "../components/bag-view.tsx";
import { shownSaving } from "../components/quantity-savings.tsx";
import { type RequestContext, requestContext } from "../context.ts";
import { type ActionResult, expectedFailure, readForm, UNREADABLE_REQUEST } from "../lib/action-result.server.ts";
import { bagCookie } from "../lib/bag-cookie.server.ts";
import { BAG_NOTICES, type BagOutcome, noticeOf } from "../lib/bag-outcome.ts";
import { formInput } from "../lib/form-input.server.ts";
import { bagFreeDelivery } from "../lib/free-delivery.server.ts";
import { pageMeta } from "../lib/page-meta.ts";
import { useRedemptionStoreSync } from "../lib/redemption-store.ts";
import { readDeviceId, readReferralCode } from "../lib/referral-cookie.server.ts";
import { rewardBagAction, rewardsInBag } from "../lib/reward-bag.server.ts";
import type { Route } from "./+types/bag";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Bag");

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  // Priced as the checkout summary prices it, so a code applied there and a referred friend's discount show here too.
  const { bag, pricing, cadencesWeeks, renewalCents, delivery } = await checkoutSummary(ctx.operations, {
    referralCode: readReferralCode(request),
    deviceId: readDeviceId(request),
  });
  const { campaigns, lineCampaigns, estimatedBonus } = await bagCampaigns(ctx.operations, {});
  const { lines: _priced, ...totals } = pricing;
  const goodsCents = totals.subtotalCents - totals.discountCents;
  return {
    bag: {
      ...bag,
      lines: bag.lines.map((line) => shownLine(line, renewalCents)),
      quantitySavings: bag.quantitySavings.map(shownSaving),
    },
    cadencesWeeks,
    totals,
    delivery,
    freeDelivery: await bagFreeDelivery(ctx.operations, {
      goodsCents,
      freeFromCents: bag.delivery.freeFromCents,
      lines: bag.lines,
    }),
    campaigns: { headlines: campaigns.map((campaign) => campaign.headline), lineCampaigns, estimatedBonus },
    rewards: await rewardsInBag(ctx),
    notice: noticeOf(new URL(request.url)),
  };
}

async function changeBag(context: RequestContext, form: FormData): Promise<BagOutcome> {
  const { operations, settings } = context;
  const rewardOutcome = await rewardBagAction(context, form);
  if (rewardOutcome) return rewardOutcome;
  const intent = form.get("intent");
  try {
    if (intent === "add") {
      const added = await addToBag(operations, formInput(AddToBagInput, form));
      const isNewBag = added.bagToken !== bagTokenOf(operations.viewer);
      const headers = isNewBag ? { "Set-Cookie": bagCookie(added.bagToken, settings.secureCookies) } : undefined;
      return { ok: true, notice: "added", headers };
    }
    if (intent === "update") {
      await setBagLineQuantity(operations, formInput(SetBagLineQuantityInput, form));
      return { ok: true, notice: "updated" };
    }
    if (intent === "cadence") {
      await setBagLineCadence(operations, formInput(SetBagLineCadenceInput, form));
      return { ok: true, notice: "cadence" };
    }
    if (intent === "delivery") {
      await chooseDelivery(operations, formInput(ChooseDeliveryInput, form));
      return { ok: true, notice: "delivery" };
    }
    if (intent === "remove") {
      await removeBagLine(operations, formInput(RemoveBagLineInput, form));
      return { ok: true, notice: "removed" };
    }
    return { ok: false, message: "Unknown bag action.", status: 400 };
  } catch (error) {
    return { ok: false, ...expectedFailure(error) };
  }
}

/**
 * A browser's own form post (no JavaScript yet) that worked moves to `/bag?done=…` (303), so the bag
 * page is rendered by the GET that follows and a reload never posts again. A hydrated page's post
 * (`/bag.data`) gets the message as data; a refusal answers with the bag page, status and message.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const outcome: BagOutcome = form
    ? await changeBag(context.get(requestContext), form)
    : { ok: false, message: UNREADABLE_REQUEST, status: 400 };
  if (!outcome.ok) return data<ActionResult>({ ok: false, message: outcome.message }, { status: outcome.status });
  const isDocumentPost = !new URL(request.url).pathname.endsWith(".data");
  if (isDocumentPost) throw redirect(`/bag?done=${outcome.notice}`, { status: 303, headers: outcome.headers });
  return data<ActionResult>({ ok: true, message: BAG_NOTICES[outcome.notice] }, { headers: outcome.headers });
}

export default function Bag({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() ?? loaderData.notice;
  useRedemptionStoreSync(loaderData.rewards);
  return (
    <BagView
      bag={loaderData.bag}
      cadencesWeeks={loaderData.cadencesWeeks}
      totals={loaderData.totals}
      delivery={loaderData.delivery}
      freeDelivery={loaderData.freeDelivery}
      rewards={loaderData.rewards ?? []}
      campaigns={loaderData.campaigns}
      result={result}
    />
  );
}
