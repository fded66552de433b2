import { Form, useSubmit } from "react-router";
import type { ShownDelivery } from "../../../domain/checkout/delivery-choice.ts";
import { formatMoney } from "../../../kernel/money.ts";

/**
 * The delivery options as a radio group in a real form: without JavaScript the shopper picks one and
 * presses the button; with it, choosing is enough. The page that answers is priced and promised with it.
 */
export function DeliveryChoice({
  delivery,
  busy,
  answer,
}: {
  delivery: ShownDelivery;
  busy: boolean;
  /** What the last choice answered, where the page shows it beside the form. */
  answer?: { ok: boolean; message: string };
}) {
  const submit = useSubmit();
  if (delivery.offers.length === 0) return null;
  return (
    <Form
      method="post"
      className="mt-4 border-t border-slate-200 pt-3"
      data-testid="delivery-choice"
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
    >
      <input type="hidden" name="intent" value="delivery" />
      <fieldset>
        <legend className="font-semibold">Delivery</legend>
        <div className="mt-2 space-y-2">
          {delivery.offers.map((offer) => (
            <label key={offer.id} className="flex gap-2 rounded-lg border border-slate-200 p-2 has-checked:border-brand-700">
              <input
                type="radio"
                name="deliveryOptionId"
                value={offer.id}
                defaultChecked={offer.id === delivery.chosen?.id}
                className="mt-1 size-4 shrink-0 accent-brand-700"
              />
              <span className="min-w-0">
                <span className="block font-medium">
                  {offer.name} · {offer.priceCents === 0 ? "Free" : formatMoney(offer.priceCents)}
                  {offer.freeFromCents !== null && offer.priceCents > 0 && (
                    <span className="font-normal text-muted"> (free from {formatMoney(offer.freeFromCents)})</span>
                  )}
                </span>
                <span className="block text-sm text-muted" data-testid={`delivery-promise-${offer.id}`}>
                  {offer.promise}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <button
        type="submit"
        disabled={busy}
        className="mt-2 rounded-full border border-brand-700 px-4 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
      >
        Use this delivery
      </button>
      {answer && (
        <p role={answer.ok ? "status" : "alert"} className={answer.ok ? "mt-2 text-sm text-brand-800" : "mt-2 text-sm text-sale"}>
          {answer.message}
        </p>
      )}
    </Form>
  );
}
