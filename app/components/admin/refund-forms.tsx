import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { formatMoney } from "../../../kernel/money.ts";
import { AdminForm, SubmitButton } from "./admin-form.tsx";
import { LINK } from "./admin-parts.tsx";

export type RefundableLine = { position: number; description: string; quantity: number; refunded: number; lineTotal: string };

/** A refund or cancellation the staff member has asked for and must now confirm; nothing is refunded yet. */
export type RefundConfirmation = {
  intent: "refund" | "cancel";
  amountCents: number;
  /** The id the refund takes once confirmed, so a confirmation sent twice refunds once. */
  refundId: string;
  /** "2 × Joffee · Hazelnut · 1 box" for each line it credits. */
  lines: string[];
  reason: string;
  /** The credited boxes go back in stock. */
  restock: boolean;
  /** The fields that say what was asked, sent again with the confirmation. */
  fields: [string, string][];
};

type Kind = "" | "rest" | "amount" | "lines";

const INPUT = "mt-1 rounded-lg border border-slate-400 px-3 py-2";
const KINDS: Kind[] = ["rest", "amount", "lines"];

function ReasonField({ id, defaultValue }: { id: string; defaultValue?: string }) {
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        Reason
      </label>
      <input id={id} name="reason" required maxLength={200} defaultValue={defaultValue} className={`${INPUT} w-full max-w-xl`} />
    </div>
  );
}

/**
 * Refund all that is left, an amount, or chosen lines. No kind is chosen at first; typing an amount
 * or a line quantity chooses its kind and empties the other's fields, so what is sent is one kind of
 * refund (the server decides the same way for a page without scripts). Pressing Refund only asks
 * for the confirmation. `values` fills it in again after a refusal.
 */
export function RefundForm({
  left,
  lines,
  values = {},
}: {
  left: string;
  lines: RefundableLine[];
  values?: Record<string, string>;
}) {
  const [kind, setKind] = useState<Kind>(KINDS.find((each) => each === values.kind) ?? "");
  const [amount, setAmount] = useState(values.amount ?? "");
  const [quantities, setQuantities] = useState<Record<string, string>>(() =>
    Object.fromEntries(lines.map((line) => [line.position, values[`line-${line.position}`] ?? ""])),
  );
  const choose = (next: Kind) => {
    setKind(next);
    if (next !== "amount") setAmount("");
    if (next !== "lines") setQuantities({});
  };
  return (
    <AdminForm intent="refund" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <fieldset className="space-y-3" aria-describedby="refund-hint">
        <legend className="font-semibold">What to refund ({left} is left)</legend>
        <p id="refund-hint" className="text-sm text-muted">
          Fill in an amount or line quantities, or choose everything left. You confirm the amount before anything is refunded.
        </p>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" name="kind" value="rest" checked={kind === "rest"} onChange={() => choose("rest")} /> Everything
          left, {left}
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" name="kind" value="amount" checked={kind === "amount"} onChange={() => choose("amount")} /> An
            amount
          </label>
          <label htmlFor="refund-amount" className="sr-only">
            Amount in S$
          </label>
          <input
            id="refund-amount"
            name="amount"
            inputMode="decimal"
            placeholder="S$ 0.00"
            value={amount}
            onChange={(event) => {
              choose("amount");
              setAmount(event.target.value);
            }}
            className={`${INPUT} mt-0 w-32`}
          />
        </div>
        <div>
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" name="kind" value="lines" checked={kind === "lines"} onChange={() => choose("lines")} /> Some
            lines
          </label>
          <ul className="ml-6 space-y-2">
            {lines.map((line) => (
              <RefundLine
                key={line.position}
                line={line}
                value={quantities[line.position] ?? ""}
                onChange={(quantity) => {
                  choose("lines");
                  setQuantities((typed) => ({ ...typed, [line.position]: quantity }));
                }}
              />
            ))}
          </ul>
        </div>
      </fieldset>
      <ReasonField id="refund-reason" defaultValue={values.reason} />
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" name="restock" defaultChecked={values.restock === "on"} /> Put the refunded boxes back in stock
        (they came back unopened)
      </label>
      <SubmitButton>Refund…</SubmitButton>
    </AdminForm>
  );
}

function RefundLine({ line, value, onChange }: { line: RefundableLine; value: string; onChange: (quantity: string) => void }) {
  const open = line.quantity - line.refunded;
  const bought = `${line.quantity} bought, ${line.lineTotal}${line.refunded > 0 ? `; ${line.refunded} refunded` : ""}`;
  if (open === 0) {
    return (
      <li className="text-muted">
        {line.description} ({bought}): refunded in full
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-center gap-2">
      <label htmlFor={`refund-line-${line.position}`}>
        {line.description} ({bought})
      </label>
      <input
        id={`refund-line-${line.position}`}
        name={`line-${line.position}`}
        type="number"
        min={0}
        max={open}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${INPUT} mt-0 w-20`}
      />
    </li>
  );
}

/** Cancels an order not yet shipped, refunding all of it; pressing the button only asks for the confirmation. */
export function CancelForm({ left }: { left: string }) {
  return (
    <AdminForm intent="cancel" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <p>The shopper gets back {left} and an email saying the order is cancelled; its boxes go back in stock.</p>
      <ReasonField id="cancel-reason" />
      <SubmitButton>Cancel order and refund…</SubmitButton>
    </AdminForm>
  );
}

/**
 * The step between asking and refunding: the amount the server worked out, the lines it credits,
 * and a button naming the amount. Focused when it appears, so keyboard and screen-reader users land
 * on it; without scripts it is the top of the page that answers the form.
 */
export function ConfirmRefund({ confirmation, orderPath }: { confirmation: RefundConfirmation; orderPath: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new confirmation takes the focus.
  useEffect(() => heading.current?.focus(), [confirmation.refundId]);
  const amount = formatMoney(confirmation.amountCents);
  const cancel = confirmation.intent === "cancel";
  return (
    <section
      aria-labelledby="confirm-heading"
      className="mt-4 rounded-lg border-2 border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="confirm-heading" ref={heading} tabIndex={-1} className="text-xl font-bold">
        {cancel ? "Confirm the cancellation" : "Confirm the refund"}
      </h2>
      <p className="mt-2 font-semibold">{`${cancel ? `Cancel this order and refund ${amount}` : `Refund ${amount}`} to the shopper's original payment method? This cannot be undone.`}</p>
      <p className="mt-2">{`Reason: ${confirmation.reason}`}</p>
      {confirmation.restock && <p className="mt-2">The boxes it credits go back in stock.</p>}
      {confirmation.lines.length > 0 && (
        <>
          <p className="mt-2">It credits:</p>
          <ul className="ml-6 list-disc">
            {confirmation.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
      <AdminForm
        intent={confirmation.intent}
        hiddenFields={[
          ...confirmation.fields,
          ["refundId", confirmation.refundId],
          ["confirmedCents", String(confirmation.amountCents)],
        ]}
        className="mt-4 flex flex-wrap items-center gap-4"
      >
        <SubmitButton>{cancel ? `Cancel order and refund ${amount}` : `Refund ${amount}`}</SubmitButton>
        <Link to={orderPath} className={LINK}>
          {cancel ? "Keep the order" : "Don't refund"}
        </Link>
      </AdminForm>
    </section>
  );
}
