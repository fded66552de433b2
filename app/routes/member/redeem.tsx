import { Gift } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { MAX_LINE_QUANTITY } from "../../../domain/bag/max-line-quantity.ts";
import { formatPoints, rewardHoldText } from "../../../domain/loyalty/programme/programme-copy.ts";
import { findReward } from "../../../domain/loyalty/rewards/find-reward.ts";
import { addRedeemToBag } from "../../../domain/loyalty/rewards/redeems/add-redeem-to-bag.ts";
import { listPendingRewardLines } from "../../../domain/loyalty/rewards/redeems/pending-reward-lines.ts";
import { AddRedeemMeta } from "../../../domain/loyalty/rewards/redeems/redeem-meta.ts";
import { BackLink } from "../../components/back-link.tsx";
import { requestContext } from "../../context.ts";
import { type ActionResult, failureResult, readForm, unreadableRequest } from "../../lib/action-result.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { privatePageHeaders, requireMember } from "../../lib/member-session.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { useRedemptionStoreSync } from "../../lib/redemption-store.ts";
import { requestPath } from "../../lib/request-path.ts";
import { useProgrammeTerms } from "../../lib/root-data.ts";
import type { Route } from "./+types/redeem";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData ? `Redeem ${args.loaderData.reward.name}` : undefined);

export const headers: Route.HeadersFunction = privatePageHeaders;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ctx = context.get(requestContext);
  const member = await requireMember(ctx, request);
  const reward = await findReward(ctx.operations, { rewardId: params.redemptionProductId });
  if (!reward) throw data(`Page not found: ${requestPath(request)}`, { status: 404 });
  const pending = await listPendingRewardLines(ctx.operations, { memberId: member.id });
  return {
    reward,
    points: member.points,
    inBag: pending
      .filter((line) => line.rewardId === reward.id)
      .map((line) => ({
        redeemId: line.redeemId,
        productName: line.productName,
        flavourName: line.flavourName,
        quantity: line.quantity,
      })),
    pending: pending.map((line) => ({ optionId: line.optionId, quantity: line.quantity })),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const ctx = context.get(requestContext);
  const member = await requireMember(ctx, request);
  const form = await readForm(request);
  if (!form) return unreadableRequest();
  try {
    await addRedeemToBag(ctx.operations, {
      memberId: member.id,
      meta: { ...formInput(AddRedeemMeta, form), rewardId: params.redemptionProductId },
    });
    return data<ActionResult>({ ok: true, message: "Added to your bag." });
  } catch (error) {
    return failureResult(error);
  }
}

/** The choices grouped by product, so each product's flavours sit under its name. */
function byProduct<T extends { productId: string; productName: string }>(choices: T[]) {
  return [...Map.groupBy(choices, (choice) => choice.productId).values()].map((group) => ({
    productId: group[0]?.productId ?? "",
    productName: group[0]?.productName ?? "",
    choices: group,
  }));
}

export default function RedeemReward({ loaderData }: Route.ComponentProps) {
  const terms = useProgrammeTerms();
  const { reward, points, inBag } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [quantity, setQuantity] = useState("1");
  useRedemptionStoreSync(loaderData.pending);
  // After an add the balance has moved: the next one starts again from one.
  useEffect(() => {
    if (result?.ok) setQuantity("1");
  }, [result]);
  const typed = Number(quantity);
  const count = Number.isInteger(typed) && typed >= 1 ? Math.min(typed, MAX_LINE_QUANTITY) : 1;
  const cost = reward.pointsCost * count;
  const after = points - cost;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <BackLink to="/member">Member home</BackLink>
      <p className="mt-4 flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-amber-900">
        <Gift aria-hidden="true" className="size-4" />
        Reward
      </p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-brand-900">{reward.name}</h1>
      <p className="mt-2 text-muted">{reward.description}</p>
      <p className="mt-3 text-2xl font-extrabold text-amber-900" data-testid="reward-cost">
        {formatPoints(reward.pointsCost)}
      </p>

      {reward.choices.length === 0 ? (
        <p role="status" className="mt-6 rounded-lg bg-amber-50 p-4 font-medium text-amber-950">
          This reward is currently unavailable: nothing of this kind is on sale right now. Please check back soon.
        </p>
      ) : (
        <Form method="post" className="mt-6 space-y-6 rounded-2xl border border-slate-200 bg-white p-5">
          <fieldset>
            <legend className="text-lg font-bold text-brand-900">Choose your flavour</legend>
            <div className="mt-3 space-y-4">
              {byProduct(reward.choices).map((group) => (
                <fieldset key={group.productId}>
                  <legend className="text-sm font-semibold text-muted">{group.productName}</legend>
                  <div className="mt-2 grid gap-2 sm:grid-cols-2">
                    {group.choices.map((choice, index) => (
                      <label
                        key={choice.optionId}
                        className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-300 p-3 has-checked:border-brand-700 has-checked:bg-brand-50"
                      >
                        <input
                          type="radio"
                          name="optionId"
                          value={choice.optionId}
                          required
                          defaultChecked={index === 0 && group.productId === reward.choices[0]?.productId}
                          className="size-4 accent-brand-700"
                        />
                        <span>
                          {choice.flavourName ?? choice.optionName}
                          <span className="sr-only">, {group.productName}</span>
                        </span>
                      </label>
                    ))}
                  </div>
                </fieldset>
              ))}
            </div>
          </fieldset>

          <div>
            <label htmlFor="reward-quantity" className="block font-semibold">
              Quantity
            </label>
            <input
              id="reward-quantity"
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_LINE_QUANTITY}
              step={1}
              required
              value={quantity}
              onChange={(event) => setQuantity(event.currentTarget.value)}
              className="mt-1 w-24 rounded-lg border border-slate-300 px-3 py-2 text-center"
            />
          </div>

          <dl className="grid gap-2 rounded-xl bg-slate-50 p-4 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-muted">Cost</dt>
              <dd className="font-bold tabular-nums" data-testid="reward-total-cost">
                {formatPoints(cost)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted">Your balance</dt>
              <dd className="font-bold tabular-nums" data-testid="reward-balance">
                {formatPoints(points)}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-muted">Balance after</dt>
              <dd className={`font-bold tabular-nums ${after < 0 ? "text-sale" : ""}`} data-testid="reward-balance-after">
                {after < 0 ? `${formatPoints(-after)} short` : formatPoints(after)}
              </dd>
            </div>
          </dl>

          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-full bg-brand-700 px-6 py-3.5 text-lg font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {busy ? "Adding…" : "Add to bag"}
          </button>
          <div aria-live="polite" className="min-h-6">
            {result && (
              <p role={result.ok ? "status" : "alert"} className={result.ok ? "text-brand-800" : "font-medium text-sale"}>
                {result.message}{" "}
                {result.ok && (
                  <Link to="/bag" className="font-semibold underline">
                    View your bag
                  </Link>
                )}
              </p>
            )}
          </div>
          <p className="text-sm text-muted">{terms && rewardHoldText(terms)}</p>
        </Form>
      )}

      {inBag.length > 0 && (
        <section aria-labelledby="in-bag-heading" className="mt-6">
          <h2 id="in-bag-heading" className="font-bold text-brand-900">
            Already in your bag
          </h2>
          <ul className="mt-2 list-inside list-disc text-muted">
            {inBag.map((line) => (
              <li key={line.redeemId}>
                {line.quantity} × {line.productName}
                {line.flavourName ? `, ${line.flavourName}` : ""}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
