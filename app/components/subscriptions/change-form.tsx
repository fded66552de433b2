import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { SubscriptionChangeResult, SubscriptionIntent } from "../../lib/subscription-intents.ts";

export const primaryButton =
  "rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60";
export const outlineButton =
  "rounded-full border border-brand-700 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60";
export const fieldClass = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-ink sm:max-w-xs";
export const labelClass = "block font-semibold";

/** The answer to one form of one subscription, if the last answer was for it. */
export function answerFor(
  answer: SubscriptionChangeResult | undefined,
  subscriptionId: string,
  intent: SubscriptionIntent,
): SubscriptionChangeResult | null {
  return answer && answer.subscriptionId === subscriptionId && answer.intent === intent ? answer : null;
}

/** The id of a form's field, unique on the page. */
export const fieldId = (intent: SubscriptionIntent, subscriptionId: string, field: string) =>
  `${intent}-${field}-${subscriptionId}`;

/** The error state of a field of a refused form: marked invalid and described by the form's message. */
export function fieldError(answer: SubscriptionChangeResult | null, field: string, messageId: string) {
  const inError = Boolean(answer && !answer.ok && (answer.invalidFields ?? []).includes(field));
  return inError ? ({ "aria-invalid": true, "aria-describedby": messageId, autoFocus: true } as const) : {};
}

/**
 * One change to one subscription: a plain form posted to the page (it works without JavaScript),
 * naming its change and the subscription, with the refusal shown beside its button.
 */
export function ChangeForm({
  intent,
  subscriptionId,
  answer,
  submit,
  buttonClass = primaryButton,
  children,
}: {
  intent: SubscriptionIntent;
  subscriptionId: string;
  answer: SubscriptionChangeResult | null;
  submit: string;
  buttonClass?: string;
  children?: ReactNode;
}) {
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData?.get("subscriptionId") === subscriptionId;
  const refused = answer && !answer.ok ? answer : null;
  return (
    <Form method="post" preventScrollReset className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="subscriptionId" value={subscriptionId} />
      {children}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={sending} className={buttonClass}>
          {submit}
        </button>
        {refused && (
          <p id={fieldId(intent, subscriptionId, "message")} role="alert" className="font-medium text-sale">
            {refused.message}
          </p>
        )}
      </div>
    </Form>
  );
}
