import { useId } from "react";
import { type FormProps, Link } from "react-router";
import type { FreeDeliveryProgress, GapFiller } from "../../../domain/bag/free-delivery.ts";
import { lineDescription } from "../../../kernel/line-description.ts";
import { formatMoney } from "../../../kernel/money.ts";

/** The form the offer posts with: the page's own (a document post without JavaScript) or a fetcher's. */
type PostForm = React.ComponentType<Pick<FormProps, "method" | "action" | "className" | "children">>;

/**
 * The bag's progress to free delivery as a bar with its words, and the one product offered to close
 * the gap, added in one tap by a real form posting to the bag.
 */
export function FreeDeliveryBar({
  progress,
  form: PostForm,
  busy,
}: {
  progress: FreeDeliveryProgress;
  form: PostForm;
  busy: boolean;
}) {
  const labelId = useId();
  const free = progress.gapCents === 0;
  return (
    <section
      aria-labelledby={labelId}
      className="rounded-2xl border border-brand-100 bg-brand-50 p-4"
      data-testid="free-delivery"
    >
      <p id={labelId} className="font-semibold text-brand-900" data-testid="free-delivery-status">
        {free ? "Your order ships free." : `${formatMoney(progress.gapCents)} more for free delivery`}
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={`${formatMoney(Math.min(progress.goodsCents, progress.thresholdCents))} of ${formatMoney(progress.thresholdCents)}`}
        className="mt-2 h-3 overflow-hidden rounded-full bg-white ring-1 ring-brand-100"
      >
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${progress.percent}%` }} />
      </div>
      <p className="mt-1 text-sm text-muted">
        {formatMoney(progress.goodsCents)} of {formatMoney(progress.thresholdCents)} of goods
      </p>
      {progress.suggestion && (
        <GapOffer suggestion={progress.suggestion} gapCents={progress.gapCents} form={PostForm} busy={busy} />
      )}
    </section>
  );
}

function GapOffer({
  suggestion,
  gapCents,
  form: PostForm,
  busy,
}: {
  suggestion: GapFiller;
  gapCents: number;
  form: PostForm;
  busy: boolean;
}) {
  const described = lineDescription(suggestion);
  return (
    <PostForm
      method="post"
      action="/bag"
      className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-brand-100 pt-3"
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="optionId" value={suggestion.optionId} />
      <input type="hidden" name="quantity" value="1" />
      <p className="min-w-0 flex-1 basis-56 text-sm" data-testid="free-delivery-offer">
        {suggestion.priceCents >= gapCents ? "Ships free with " : "Closer to free delivery with "}
        <Link to={suggestion.path} className="font-semibold text-brand-800 underline underline-offset-2">
          {described}
        </Link>{" "}
        at {formatMoney(suggestion.priceCents)}.
      </p>
      <button
        type="submit"
        disabled={busy}
        className="min-h-11 rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        Add <span className="sr-only">{described}</span> to bag
      </button>
    </PostForm>
  );
}
