import type { RefObject } from "react";
import { Form } from "react-router";
import { PRIMARY_BUTTON } from "./admin-parts.tsx";

type RefundableLine = { position: number; description: string; quantity: number; lineTotal: string };

const INPUT = "mt-1 rounded-lg border border-slate-400 px-3 py-2";

function ReasonField({ id }: { id: string }) {
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        Reason
      </label>
      <input id={id} name="reason" required maxLength={200} className={`${INPUT} w-full max-w-xl`} />
    </div>
  );
}

/** Refund all that is left, an amount, or chosen lines, through the payment provider. */
export function RefundForm({
  csrfToken,
  left,
  lines,
  formRef,
}: {
  csrfToken: string;
  left: string;
  lines: RefundableLine[];
  /** Emptied after a refund, so a second click cannot send it again. */
  formRef: RefObject<HTMLFormElement | null>;
}) {
  return (
    <Form ref={formRef} method="post" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <input type="hidden" name="csrf" value={csrfToken} />
      <input type="hidden" name="intent" value="refund" />
      <fieldset className="space-y-3">
        <legend className="font-semibold">What to refund ({left} is left)</legend>
        <label className="flex min-h-11 items-center gap-2">
          <input type="radio" name="kind" value="rest" defaultChecked /> Everything left, {left}
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" name="kind" value="amount" /> An amount
          </label>
          <label htmlFor="refund-amount" className="sr-only">
            Amount in S$
          </label>
          <input id="refund-amount" name="amount" inputMode="decimal" placeholder="S$ 0.00" className={`${INPUT} mt-0 w-32`} />
        </div>
        <div>
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" name="kind" value="lines" /> Some lines
          </label>
          <ul className="ml-6 space-y-2">
            {lines.map((line) => (
              <li key={line.position} className="flex flex-wrap items-center gap-2">
                <label htmlFor={`refund-line-${line.position}`}>
                  {line.description} ({line.quantity} bought, {line.lineTotal})
                </label>
                <input
                  id={`refund-line-${line.position}`}
                  name={`line-${line.position}`}
                  type="number"
                  min={0}
                  max={line.quantity}
                  defaultValue={0}
                  className={`${INPUT} mt-0 w-20`}
                />
              </li>
            ))}
          </ul>
        </div>
      </fieldset>
      <ReasonField id="refund-reason" />
      <button type="submit" className={PRIMARY_BUTTON}>
        Refund
      </button>
    </Form>
  );
}

/** Cancels an order not yet shipped, refunding all of it. */
export function CancelForm({ csrfToken, left }: { csrfToken: string; left: string }) {
  return (
    <Form method="post" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <input type="hidden" name="csrf" value={csrfToken} />
      <input type="hidden" name="intent" value="cancel" />
      <p>The shopper gets back {left} and an email saying the order is cancelled.</p>
      <ReasonField id="cancel-reason" />
      <button type="submit" className={PRIMARY_BUTTON}>
        Cancel order and refund
      </button>
    </Form>
  );
}
