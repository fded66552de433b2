import { Gift, Minus, Plus, Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { formatPoints, rewardHoldText } from "../../domain/loyalty/programme/programme-copy.ts";
import type { OrderRewardLine } from "../../domain/loyalty/rewards/redeems/order-rewards.ts";
import type { RewardLine } from "../../domain/loyalty/rewards/redeems/pending-reward-lines.ts";
import { formatMoney } from "../../kernel/money.ts";
import { useProgrammeTerms } from "../lib/root-data.ts";
import { LineTitle } from "./line-title.tsx";
import { ProductPhoto } from "./product-photo.tsx";
import { QuantityStep } from "./quantity-step.tsx";
import { When } from "./when.tsx";

const rewardName = (line: Pick<RewardLine, "productName" | "flavourName">) =>
  line.flavourName ? `${line.productName}, ${line.flavourName}` : line.productName;

function RewardBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
      <Gift aria-hidden="true" className="size-3.5" />
      Reward
    </span>
  );
}

/** The fields that name a reward line in the bag's actions. */
const rewardFields = (line: RewardLine) => ({
  intent: "reward-update",
  redeemId: line.redeemId,
  pointTransactionId: line.pointTransactionId,
});

/** A reward in the bag: paid with points, S$0.00, with one more / one fewer / remove. */
export function RewardLineRow({ line }: { line: RewardLine }) {
  const name = rewardName(line);
  return (
    <li className="flex gap-4 p-4" data-testid="reward-line" aria-label={`Reward: ${name}`}>
      {line.picture ? (
        <span className="size-20 shrink-0">
          <ProductPhoto photo={line.picture} sizes="80px" className="size-20 rounded-xl object-cover" decorative />
        </span>
      ) : (
        <span aria-hidden="true" className="grid size-20 shrink-0 place-items-center rounded-xl bg-amber-50">
          <Gift className="size-8 text-amber-700" />
        </span>
      )}
      <div className="flex flex-1 flex-col gap-2">
        <div className="flex flex-wrap justify-between gap-2">
          <div>
            <p className="flex flex-wrap items-center gap-2">
              {line.productPath ? (
                <Link to={line.productPath} className="font-semibold hover:underline">
                  {line.productName}
                </Link>
              ) : (
                <span className="font-semibold">{line.productName}</span>
              )}
              <RewardBadge />
            </p>
            <p className="text-sm text-muted">{[line.flavourName, line.optionName].filter(Boolean).join(" · ")}</p>
            <p className="text-sm text-muted">
              {line.rewardName}: {formatPoints(line.pointsEach)} each
            </p>
            <p className="text-sm text-muted">
              Held for you until <When>{line.formattedExpiresAt}</When>
            </p>
          </div>
          <div className="sm:text-right">
            <p className="font-semibold" data-testid="reward-line-price">
              {formatMoney(0)}
            </p>
            <p className="text-sm font-medium text-amber-900" data-testid="reward-line-points">
              {formatPoints(line.pointsTotal)}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <QuantityStep action="/bag" fields={rewardFields(line)} quantity={line.quantity - 1} label={`One fewer ${name} reward`}>
            <Minus aria-hidden="true" className="size-4" />
          </QuantityStep>
          <span className="min-w-8 text-center font-semibold tabular-nums" data-testid="reward-line-quantity">
            <span className="sr-only">Quantity </span>
            {line.quantity}
          </span>
          <QuantityStep action="/bag" fields={rewardFields(line)} quantity={line.quantity + 1} label={`One more ${name} reward`}>
            <Plus aria-hidden="true" className="size-4" />
          </QuantityStep>
          <Form method="post" action="/bag" className="ml-auto">
            <input type="hidden" name="intent" value="reward-remove" />
            <input type="hidden" name="redeemId" value={line.redeemId} />
            <input type="hidden" name="pointTransactionId" value={line.pointTransactionId} />
            <button type="submit" className="flex items-center gap-1 text-sm font-medium text-muted hover:text-sale">
              <Trash2 aria-hidden="true" className="size-4" />
              Remove<span className="sr-only"> {name} reward</span>
            </button>
          </Form>
        </div>
      </div>
    </li>
  );
}

/** Rewards as a plain list (checkout, order pages): name, flavour, quantity, points, S$0.00. */
export function RewardSummaryLines({
  lines,
  heading = "Rewards",
}: {
  lines: ReadonlyArray<
    Pick<OrderRewardLine, "redeemId" | "productName" | "flavourName" | "optionName" | "quantity" | "pointsEach" | "pointsTotal">
  >;
  heading?: string;
}) {
  if (lines.length === 0) return null;
  return (
    <section aria-label={heading} className="mt-2">
      <h3 className="flex items-center gap-2 pt-3 text-sm font-semibold uppercase tracking-wider text-amber-900">
        <Gift aria-hidden="true" className="size-4" />
        {heading}
      </h3>
      <ul className="divide-y divide-slate-200">
        {lines.map((line) => (
          <li key={line.redeemId} className="flex justify-between gap-4 py-3" data-testid="reward-summary-line">
            <div>
              <LineTitle title={line.productName} quantity={line.quantity} />
              <p className="text-sm text-muted">
                {[line.flavourName, line.optionName].filter(Boolean).join(" · ")} · Reward,{" "}
                <span className="whitespace-nowrap">
                  {formatPoints(line.pointsEach)}
                  {line.quantity > 1 ? " each" : ""}
                </span>
              </p>
            </div>
            <div className="shrink-0 text-right">
              <p className="font-semibold">{formatMoney(0)}</p>
              <p className="whitespace-nowrap text-sm text-amber-900">{formatPoints(line.pointsTotal)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The rewards section of the bag: they ship free with the next paid order. */
export function RewardsInBag({ rewards }: { rewards: RewardLine[] }) {
  const terms = useProgrammeTerms();
  if (rewards.length === 0) return null;
  return (
    <section aria-labelledby="rewards-heading" className="rounded-2xl border border-amber-200 bg-white">
      <div className="border-b border-amber-100 bg-amber-50 px-4 py-3">
        <h2 id="rewards-heading" className="flex items-center gap-2 font-bold text-amber-950">
          <Gift aria-hidden="true" className="size-5" />
          Your rewards
        </h2>
        <p className="text-sm text-amber-950">Paid with points. {terms && rewardHoldText(terms)}</p>
      </div>
      <ul aria-label="Rewards in your bag" className="divide-y divide-slate-200">
        {rewards.map((line) => (
          <RewardLineRow key={line.redeemId} line={line} />
        ))}
      </ul>
    </section>
  );
}

/** A bag with rewards only: nothing to pay for yet, so no checkout. */
export function RewardsOnlyNote() {
  return (
    <aside aria-labelledby="rewards-only-heading" className="h-fit rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="rewards-only-heading" className="text-lg font-bold">
        Rewards ship with a paid order
      </h2>
      <p className="mt-2 text-muted" data-testid="rewards-only-note">
        Your rewards ship with your next paid order. Add something to your bag to check out.
      </p>
      <Link
        to="/shop"
        className="mt-5 block rounded-full bg-brand-700 px-5 py-3 text-center font-semibold text-white hover:bg-brand-800"
      >
        Start shopping
      </Link>
      <Link
        to="/member"
        className="mt-3 block rounded-full border border-brand-700 px-5 py-2.5 text-center font-semibold text-brand-700 hover:bg-brand-50"
      >
        More rewards
      </Link>
    </aside>
  );
}
