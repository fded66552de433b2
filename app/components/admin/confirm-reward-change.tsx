import { useEffect, useRef } from "react";
import type { RewardChangePreview, RewardValuation } from "../../../domain/loyalty/rewards/preview-reward-change.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { formatNumber } from "../../../kernel/number-format.ts";
import { AdminForm, SubmitButton } from "./admin-form.tsx";
import { LINK } from "./admin-parts.tsx";

/** A reward change that moves the liability, shown before it is saved; the fields go back with the confirmation. */
export type RewardConfirmation = RewardChangePreview & { fields: [name: string, value: string][] };

const sideText = (side: RewardValuation) => `${formatNumber(side.pointsCost)} points${side.active ? "" : ", switched off"}`;

/** "S$0.0411": a point is worth a fraction of a cent. */
const perPoint = (cents: number) => `S$${(cents / 100).toFixed(4)}`;

/**
 * The step between changing a reward's cost (or switch) and saving it: the liability in S$ before and
 * after, the outstanding points valued at the best value for points among the rewards offered.
 */
export function ConfirmRewardChange({ confirmation }: { confirmation: RewardConfirmation }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new confirmation takes the focus.
  useEffect(() => heading.current?.focus(), [confirmation]);
  const { before, after } = confirmation;
  const change = after.liabilityCents - before.liabilityCents;
  return (
    <section
      aria-labelledby="confirm-heading"
      className="mt-4 rounded-lg border-2 border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="confirm-heading" ref={heading} tabIndex={-1} className="text-xl font-bold">
        {`Confirm the change to ${confirmation.name}`}
      </h2>
      <p className="mt-2">{`${sideText(before)} → ${sideText(after)}.`}</p>
      <p className="mt-2 font-semibold" data-testid="liability-change">
        {change === 0
          ? `The programme's liability stays ${formatMoney(before.liabilityCents)}.`
          : `The programme's liability goes from ${formatMoney(before.liabilityCents)} to ${formatMoney(after.liabilityCents)} (${change > 0 ? "+" : ""}${formatMoney(change)}).`}
      </p>
      <p className="mt-2 text-sm">
        {`${formatNumber(confirmation.outstandingPoints)} outstanding points, each worth what the best-value reward gives for it: ${perPoint(before.pointValueCents)} now, ${perPoint(after.pointValueCents)} after.`}
      </p>
      <AdminForm
        intent="update"
        hiddenFields={[...confirmation.fields, ["confirmed", "1"]]}
        className="mt-4 flex flex-wrap items-center gap-4"
      >
        <SubmitButton>{`Save ${confirmation.name}`}</SubmitButton>
        <a href="/admin/rewards" className={LINK}>
          Don't save
        </a>
      </AdminForm>
    </section>
  );
}
