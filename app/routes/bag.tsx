import { data, useActionData } from "react-router";
import { addToBag } from "../../domain/bag/add-to-bag.ts";
import { getBag } from "../../domain/bag/get-bag.ts";
import { removeBagLine } from "../../domain/bag/remove-bag-line.ts";
import { setBagLineQuantity } from "../../domain/bag/set-bag-line-quantity.ts";
import { bagTokenOf } from "../../domain/shared/context.ts";
import { BagView } from "../components/bag-view.tsx";
import { requestContext } from "../context.ts";
import { type ActionResult, failureResult, formText, readForm, unreadableRequest } from "../lib/action-result.server.ts";
import { bagCookie } from "../lib/bag-cookie.server.ts";
import { pageMeta } from "../lib/page-meta.ts";
import { useRedemptionStoreSync } from "../lib/redemption-store.ts";
import { rewardBagAction, rewardsInBag } from "../lib/reward-bag.server.ts";
import type { Route } from "./+types/bag";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Bag");

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const bag = await getBag(ctx.operations, {});
  return { bag, rewards: await rewardsInBag(ctx) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { operations, settings } = context.get(requestContext);
  const form = await readForm(request);
  if (!form) return unreadableRequest();
  const rewardResult = await rewardBagAction(context.get(requestContext), form);
  if (rewardResult) return rewardResult;
  const intent = form.get("intent");
  const optionId = formText(form, "optionId");
  try {
    if (intent === "add") {
      const added = await addToBag(operations, { optionId, quantity: form.get("quantity") ?? "1" });
      const headers =
        added.bagToken !== bagTokenOf(operations.viewer)
          ? { "Set-Cookie": bagCookie(added.bagToken, settings.secureCookies) }
          : undefined;
      return data<ActionResult>({ ok: true, message: "Added to your bag." }, { headers });
    }
    if (intent === "update") {
      await setBagLineQuantity(operations, { optionId, quantity: form.get("quantity") });
      return data<ActionResult>({ ok: true, message: "Quantity updated." });
    }
    if (intent === "remove") {
      await removeBagLine(operations, { optionId });
      return data<ActionResult>({ ok: true, message: "Removed from your bag." });
    }
    return data<ActionResult>({ ok: false, message: "Unknown bag action." }, { status: 400 });
  } catch (error) {
    return failureResult(error);
  }
}

export default function Bag({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  useRedemptionStoreSync(loaderData.rewards);
  return <BagView bag={loaderData.bag} rewards={loaderData.rewards ?? []} result={result} />;
}
