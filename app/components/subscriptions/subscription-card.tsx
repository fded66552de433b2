import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { OwnSubscription } from "../../../domain/subscriptions/manage/list-own-subscriptions.ts";
import { formatCalendarDate, formatDate } from "../../../kernel/format-timestamp.ts";
import { lineDetail } from "../../../kernel/line-description.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { cancelStepHref, type SubscriptionChangeResult } from "../../lib/subscription-intents.ts";
import { When } from "../when.tsx";
import { answerFor, ChangeForm, fieldClass, fieldId, labelClass, outlineButton } from "./change-form.tsx";
import { AddressChange, type ChangeChoices, PauseChange, ScheduleChanges, SwapChange } from "./subscription-changes.tsx";

type Props = {
  subscription: OwnSubscription;
  choices: ChangeChoices;
  answer: SubscriptionChangeResult | undefined;
  /** The member tapped Cancel once: the card asks them to confirm. */
  confirmingCancel: boolean;
};

const STATUS_WORDS: Record<OwnSubscription["status"], string> = {
  active: "Active",
  paused: "Paused",
  payment_failed: "Payment failed",
  cancelled: "Cancelled",
};

const STATUS_CLASS: Record<OwnSubscription["status"], string> = {
  active: "bg-emerald-100 text-emerald-900",
  paused: "bg-amber-100 text-amber-950",
  payment_failed: "bg-red-100 text-red-900",
  cancelled: "bg-slate-200 text-slate-800",
};

function NextBox({ subscription }: { subscription: OwnSubscription }) {
  const { status, nextRenewalOn, pausedUntil } = subscription;
  if (status === "paused") {
    return pausedUntil ? (
      <>
        Paused until <When>{formatCalendarDate(pausedUntil)}</When>
      </>
    ) : (
      <>Paused until you resume it</>
    );
  }
  if (status === "payment_failed") return <>Waiting for a card that pays</>;
  return nextRenewalOn ? <When>{formatCalendarDate(nextRenewalOn)}</When> : <>None</>;
}

/** One subscription: what it sends, when and for how much, and every change the member may make to it. */
export function SubscriptionCard({ subscription, choices, answer, confirmingCancel }: Props) {
  const { id, status } = subscription;
  const live = status !== "cancelled";
  const done = answer?.ok && answer.subscriptionId === id ? answer : null;
  const cadence = choices.cadences.find((choice) => choice.weeks === subscription.cadenceWeeks)?.words;
  const facts = [
    { term: "How often", detail: cadence ?? `every ${subscription.cadenceWeeks} weeks` },
    { term: "In each box", detail: String(subscription.quantity) },
    { term: "Next box", detail: <NextBox subscription={subscription} /> },
    {
      term: "Next amount",
      detail:
        subscription.nextAmountCents === null
          ? "Not on sale right now"
          : `${formatMoney(subscription.nextAmountCents)} (${subscription.discountPercent} % off, shipping included)`,
    },
    { term: "Card", detail: `${subscription.cardBrand.toUpperCase()} ending ${subscription.cardLast4}` },
    {
      term: "Delivers to",
      detail: `${subscription.shipping.name}, ${subscription.shipping.address}, Singapore ${subscription.shipping.postalCode}`,
    },
  ];
  return (
    <li id={`subscription-${id}`} className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 text-lg font-bold text-brand-900">
          <span className="block break-words">{subscription.productName}</span>
          <span className="block text-base font-medium text-muted">{lineDetail(subscription)}</span>
        </h2>
        <span
          data-testid="subscription-status"
          className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_CLASS[status]}`}
        >
          {STATUS_WORDS[status]}
        </span>
      </div>
      {live && (
        <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {facts.map((fact) => (
            <div key={fact.term} className="min-w-0">
              <dt className="text-sm font-medium text-muted">{fact.term}</dt>
              <dd className="break-words font-semibold text-ink">{fact.detail}</dd>
            </div>
          ))}
        </dl>
      )}
      <p
        role="status"
        className={done ? "mt-4 rounded-lg border border-emerald-200 bg-emerald-50 p-3 font-medium text-emerald-900" : "sr-only"}
      >
        {done?.message ?? ""}
      </p>
      {live ? (
        <ManageSubscription subscription={subscription} choices={choices} answer={answer} confirmingCancel={confirmingCancel} />
      ) : (
        subscription.cancelledAt && (
          <p className="mt-2 text-muted">
            Cancelled on <When>{formatDate(subscription.cancelledAt)}</When>. You can subscribe again from any product page.
          </p>
        )
      )}
    </li>
  );
}

function ManageSubscription({ subscription, choices, answer, confirmingCancel }: Props) {
  const { id, status } = subscription;
  return (
    <div className="mt-4 space-y-3">
      <div className="flex flex-wrap gap-3">
        {status === "active" && subscription.nextRenewalOn && (
          <ChangeForm intent="skip" subscriptionId={id} answer={answerFor(answer, id, "skip")} submit="Skip my next box">
            <input type="hidden" name="renewalOn" value={subscription.nextRenewalOn} />
          </ChangeForm>
        )}
        {status === "paused" && (
          <ChangeForm intent="resume" subscriptionId={id} answer={answerFor(answer, id, "resume")} submit="Resume" />
        )}
        <ChangeForm
          intent="card"
          subscriptionId={id}
          answer={answerFor(answer, id, "card")}
          submit="Change card"
          buttonClass={outlineButton}
        />
      </div>
      <ScheduleChanges subscription={subscription} choices={choices} answer={answer} />
      <SwapChange subscription={subscription} choices={choices} answer={answer} />
      {status !== "payment_failed" && <PauseChange subscription={subscription} choices={choices} answer={answer} />}
      <AddressChange subscription={subscription} choices={choices} answer={answer} />
      {confirmingCancel ? (
        <CancelStep subscription={subscription} answer={answerFor(answer, id, "cancel")} />
      ) : (
        <Link to={cancelStepHref(id)} preventScrollReset className="inline-block py-2 font-semibold text-sale underline">
          Cancel subscription
        </Link>
      )}
    </div>
  );
}

/** The second tap: cancel for good, with a reason if the member cares to give one, or keep it. */
function CancelStep({ subscription, answer }: { subscription: OwnSubscription; answer: SubscriptionChangeResult | null }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const headingId = fieldId("cancel", subscription.id, "heading");
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-red-200 bg-red-50 p-4">
      <h3 id={headingId} ref={heading} tabIndex={-1} className="font-bold text-brand-900">
        Cancel this subscription?
      </h3>
      <p className="mt-1 text-ink">No more boxes will be sent or charged. You can subscribe again any time.</p>
      <div className="mt-3">
        <ChangeForm intent="cancel" subscriptionId={subscription.id} answer={answer} submit="Yes, cancel it">
          <label htmlFor={fieldId("cancel", subscription.id, "reason")} className={labelClass}>
            Why are you cancelling? (optional)
          </label>
          <textarea
            id={fieldId("cancel", subscription.id, "reason")}
            name="reason"
            rows={2}
            maxLength={500}
            defaultValue={answer?.values?.reason ?? ""}
            className={fieldClass}
          />
        </ChangeForm>
      </div>
      <Link
        to={`/member/subscriptions#subscription-${subscription.id}`}
        preventScrollReset
        className="mt-3 inline-block py-2 font-semibold text-brand-700 underline"
      >
        Keep my subscription
      </Link>
    </section>
  );
}
