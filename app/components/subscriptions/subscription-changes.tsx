import type { ReactNode } from "react";
import type { SavedAddress } from "../../../domain/checkout/address-book/address-input.ts";
import { deliveryLine } from "../../../domain/checkout/address-book/delivery-line.ts";
import type { OwnSubscription, SwapChoice } from "../../../domain/subscriptions/manage/list-own-subscriptions.ts";
import { lineDetail } from "../../../kernel/line-description.ts";
import type { SubscriptionChangeResult, SubscriptionIntent } from "../../lib/subscription-intents.ts";
import { answerFor, ChangeForm, fieldClass, fieldError, fieldId, labelClass } from "./change-form.tsx";

/** What the page knows for the change forms: the merchant's choices and the days that may be picked. */
export type ChangeChoices = {
  cadences: { weeks: number; words: string }[];
  swapChoices: SwapChoice[];
  maxQuantity: number;
  /** The member's address book, to ship to one of its addresses. */
  addresses: SavedAddress[];
  days: { earliest: string; latestMove: string; latestPause: string };
};

type Props = { subscription: OwnSubscription; choices: ChangeChoices; answer: SubscriptionChangeResult | undefined };

/** A change tucked away until asked for (open again when its form was refused, to correct it). */
function Change({ title, open, children }: { title: string; open: boolean; children: ReactNode }) {
  return (
    <details open={open || undefined} className="group rounded-xl border border-slate-200 bg-slate-50 px-4 py-3">
      <summary className="cursor-pointer font-semibold text-brand-800">{title}</summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}

/** A form's field with its label; `value` is what was typed when the form was refused, else what the subscription has. */
function fieldsOf(subscription: OwnSubscription, intent: SubscriptionIntent, answer: SubscriptionChangeResult | null) {
  return (field: string, current: string) => ({
    id: fieldId(intent, subscription.id, field),
    name: field,
    defaultValue: answer?.values?.[field] ?? current,
    ...fieldError(answer, field, fieldId(intent, subscription.id, "message")),
  });
}

/** How often, how many, which day: the schedule of a subscription that is not cancelled. */
export function ScheduleChanges({ subscription, choices, answer }: Props) {
  const move = answerFor(answer, subscription.id, "move");
  const cadence = answerFor(answer, subscription.id, "cadence");
  const quantity = answerFor(answer, subscription.id, "quantity");
  const field = (intent: SubscriptionIntent, of: SubscriptionChangeResult | null) => fieldsOf(subscription, intent, of);
  return (
    <Change title="Change the day, how often or how many" open={[move, cadence, quantity].some((form) => form && !form.ok)}>
      <div className="space-y-5">
        {subscription.status === "active" && subscription.nextRenewalOn && (
          <ChangeForm intent="move" subscriptionId={subscription.id} answer={move} submit="Move my next box">
            <label htmlFor={fieldId("move", subscription.id, "renewalOn")} className={labelClass}>
              Day of your next box
            </label>
            <input
              type="date"
              min={choices.days.earliest}
              max={choices.days.latestMove}
              required
              className={fieldClass}
              {...field("move", move)("renewalOn", subscription.nextRenewalOn)}
            />
          </ChangeForm>
        )}
        <ChangeForm intent="cadence" subscriptionId={subscription.id} answer={cadence} submit="Change how often">
          <label htmlFor={fieldId("cadence", subscription.id, "cadenceWeeks")} className={labelClass}>
            How often
          </label>
          <select className={fieldClass} {...field("cadence", cadence)("cadenceWeeks", String(subscription.cadenceWeeks))}>
            {choices.cadences.map((choice) => (
              <option key={choice.weeks} value={choice.weeks}>
                {choice.words}
              </option>
            ))}
          </select>
        </ChangeForm>
        <ChangeForm intent="quantity" subscriptionId={subscription.id} answer={quantity} submit="Change how many">
          <label htmlFor={fieldId("quantity", subscription.id, "quantity")} className={labelClass}>
            How many in each box
          </label>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={choices.maxQuantity}
            required
            className={fieldClass}
            {...field("quantity", quantity)("quantity", String(subscription.quantity))}
          />
        </ChangeForm>
      </div>
    </Change>
  );
}

/** Another flavour, size or product from the next box on. */
export function SwapChange({ subscription, choices, answer }: Props) {
  const swap = answerFor(answer, subscription.id, "swap");
  const products = [...new Set(choices.swapChoices.map((choice) => choice.productName))];
  return (
    <Change title="Swap flavour or product" open={Boolean(swap && !swap.ok)}>
      <ChangeForm intent="swap" subscriptionId={subscription.id} answer={swap} submit="Swap">
        <label htmlFor={fieldId("swap", subscription.id, "optionId")} className={labelClass}>
          What your boxes bring
        </label>
        <select className={fieldClass} {...fieldsOf(subscription, "swap", swap)("optionId", subscription.optionId)}>
          {products.map((product) => (
            <optgroup key={product} label={product}>
              {choices.swapChoices
                .filter((choice) => choice.productName === product)
                .map((choice) => (
                  <option key={choice.optionId} value={choice.optionId}>
                    {lineDetail(choice) || product}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </ChangeForm>
    </Change>
  );
}

/** Nothing sent nor charged until a day, or until the member resumes. */
export function PauseChange({ subscription, choices, answer }: Props) {
  const pause = answerFor(answer, subscription.id, "pause");
  const hintId = fieldId("pause", subscription.id, "hint");
  return (
    <Change title={subscription.status === "paused" ? "Change the end of the pause" : "Pause"} open={Boolean(pause && !pause.ok)}>
      <ChangeForm intent="pause" subscriptionId={subscription.id} answer={pause} submit="Pause my subscription">
        <label htmlFor={fieldId("pause", subscription.id, "until")} className={labelClass}>
          Pause until (optional)
        </label>
        <p id={hintId} className="text-sm text-muted">
          Leave it empty to pause until you resume.
        </p>
        <input
          type="date"
          min={choices.days.earliest}
          max={choices.days.latestPause}
          aria-describedby={hintId}
          className={fieldClass}
          {...fieldsOf(subscription, "pause", pause)("until", subscription.pausedUntil ?? "")}
        />
      </ChangeForm>
    </Change>
  );
}

/** Who the boxes are for and where they go, from the next box on: an address from the member's book, or one typed. */
export function AddressChange({ subscription, choices, answer }: Props) {
  const address = answerFor(answer, subscription.id, "address");
  const saved = answerFor(answer, subscription.id, "saved-address");
  const field = fieldsOf(subscription, "address", address);
  const { shipping } = subscription;
  const rows = [
    { name: "name", label: "Name", value: shipping.name, autoComplete: "name", type: "text" },
    { name: "email", label: "Email", value: shipping.email, autoComplete: "email", type: "email" },
    { name: "mobile", label: "Mobile", value: shipping.mobile, autoComplete: "tel", type: "tel" },
    { name: "address", label: "Address", value: shipping.address, autoComplete: "street-address", type: "text" },
    { name: "postalCode", label: "Postal code", value: shipping.postalCode, autoComplete: "postal-code", type: "text" },
  ];
  return (
    <Change title="Change the address" open={[address, saved].some((form) => form && !form.ok)}>
      {choices.addresses.length > 0 && (
        <ChangeForm intent="saved-address" subscriptionId={subscription.id} answer={saved} submit="Ship here">
          <fieldset>
            <legend className={labelClass}>From your address book</legend>
            {choices.addresses.map((entry) => (
              <label key={entry.id} className="mt-2 flex cursor-pointer items-start gap-3">
                <input
                  type="radio"
                  name="addressId"
                  value={entry.id}
                  required
                  defaultChecked={entry.id === subscription.addressId}
                  className="mt-1 size-4 shrink-0 accent-brand-700"
                />
                <span className="min-w-0 break-words">
                  <span className="font-semibold">{entry.label}</span>
                  <span className="block text-sm">{`${entry.name}, ${deliveryLine(entry)}, Singapore ${entry.postalCode}`}</span>
                </span>
              </label>
            ))}
          </fieldset>
        </ChangeForm>
      )}
      {choices.addresses.length > 0 && <p className="mt-4 font-semibold">Or type an address</p>}
      <ChangeForm intent="address" subscriptionId={subscription.id} answer={address} submit="Save the address">
        {rows.map((row) => (
          <div key={row.name}>
            <label htmlFor={fieldId("address", subscription.id, row.name)} className={labelClass}>
              {row.label}
            </label>
            <input
              type={row.type}
              autoComplete={row.autoComplete}
              required
              className={fieldClass}
              {...field(row.name, row.value)}
            />
          </div>
        ))}
      </ChangeForm>
    </Change>
  );
}
