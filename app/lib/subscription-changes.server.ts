import { data, redirect } from "react-router";
import type { z } from "zod";
import type { OperationContext } from "../../domain/shared/context.ts";
import { CancelSubscriptionInput, cancelSubscription } from "../../domain/subscriptions/manage/cancel-subscription.ts";
import { ChangeAddressInput, changeAddress } from "../../domain/subscriptions/manage/change-address.ts";
import { ChangeCadenceInput, cadenceWords, changeCadence } from "../../domain/subscriptions/manage/change-cadence.ts";
import { ChangeQuantityInput, changeQuantity } from "../../domain/subscriptions/manage/change-quantity.ts";
import { finishCardChange } from "../../domain/subscriptions/manage/finish-card-change.ts";
import type { OwnSubscription } from "../../domain/subscriptions/manage/list-own-subscriptions.ts";
import { MoveRenewalInput, moveRenewal } from "../../domain/subscriptions/manage/move-renewal.ts";
import { PauseSubscriptionInput, pauseSubscription } from "../../domain/subscriptions/manage/pause-subscription.ts";
import { resumeSubscription } from "../../domain/subscriptions/manage/resume-subscription.ts";
import { ShipToSavedAddressInput, shipToSavedAddress } from "../../domain/subscriptions/manage/ship-to-saved-address.ts";
import { SkipRenewalInput, skipRenewal } from "../../domain/subscriptions/manage/skip-renewal.ts";
import { StartCardChangeInput, startCardChange } from "../../domain/subscriptions/manage/start-card-change.ts";
import { SubscriptionInput } from "../../domain/subscriptions/manage/subscription-input.ts";
import { SwapOptionInput, swapOption } from "../../domain/subscriptions/manage/swap-option.ts";
import { formatCalendarDate } from "../../kernel/format-timestamp.ts";
import { lineDescription } from "../../kernel/line-description.ts";
import type { RequestContext } from "../context.ts";
import { expectedFailure, formText } from "./action-result.server.ts";
import { formInput, typedValues } from "./form-input.server.ts";
import { ownSubscription } from "./own-subscription.server.ts";
import { SUBSCRIPTION_INTENTS, type SubscriptionChangeResult, type SubscriptionIntent } from "./subscription-intents.ts";

const dayOf = (day: string | null) => (day ? formatCalendarDate(day) : "");

/** One form's change: the operation's input schema, the operation, and what the page says once it is made. */
type FormChange = {
  input: z.ZodType;
  // biome-ignore lint/suspicious/noExplicitAny: each change's operation takes its own input, read by its own schema
  run: (ctx: OperationContext, input: any) => Promise<unknown>;
  done: (after: OwnSubscription) => string;
};

const CHANGES: Record<Exclude<SubscriptionIntent, "card">, FormChange> = {
  skip: {
    input: SkipRenewalInput,
    run: skipRenewal,
    done: (after) => `Skipped: your next box now comes on ${dayOf(after.nextRenewalOn)}.`,
  },
  move: {
    input: MoveRenewalInput,
    run: moveRenewal,
    done: (after) => `Your next box now comes on ${dayOf(after.nextRenewalOn)}.`,
  },
  cadence: {
    input: ChangeCadenceInput,
    run: changeCadence,
    done: (after) => `Your box now comes ${cadenceWords(after.cadenceWeeks)}, the next one on ${dayOf(after.nextRenewalOn)}.`,
  },
  quantity: {
    input: ChangeQuantityInput,
    run: changeQuantity,
    done: (after) => `Each box now brings ${after.quantity}.`,
  },
  swap: {
    input: SwapOptionInput,
    run: swapOption,
    done: (after) => `From your next box on you get ${lineDescription(after)}.`,
  },
  pause: {
    input: PauseSubscriptionInput,
    run: pauseSubscription,
    done: (after) =>
      after.pausedUntil
        ? `Paused: nothing is sent or charged until ${dayOf(after.pausedUntil)}.`
        : "Paused: nothing is sent or charged until you resume it.",
  },
  resume: {
    input: SubscriptionInput,
    run: resumeSubscription,
    done: (after) => `Running again: your next box comes on ${dayOf(after.nextRenewalOn)}.`,
  },
  "saved-address": {
    input: ShipToSavedAddressInput,
    run: shipToSavedAddress,
    done: ({ shipping }) => `Your boxes now go to ${shipping.name}, ${shipping.address}, Singapore ${shipping.postalCode}.`,
  },
  address: {
    input: ChangeAddressInput,
    run: changeAddress,
    done: ({ shipping }) => `Your boxes now go to ${shipping.name}, ${shipping.address}, Singapore ${shipping.postalCode}.`,
  },
  cancel: {
    input: CancelSubscriptionInput,
    run: cancelSubscription,
    done: () => "Cancelled: no more boxes will be sent or charged.",
  },
};

const isIntent = (value: string): value is SubscriptionIntent => (SUBSCRIPTION_INTENTS as readonly string[]).includes(value);

/**
 * The change one form of /member/subscriptions asks for, made by its operation: answered with what
 * it now does, or the operation's refusal with what was typed. A card change goes on to the payment
 * provider's own page.
 */
export async function changeFromForm(context: RequestContext, request: Request, form: FormData) {
  const ctx = context.operations;
  const intent = formText(form, "intent");
  const subscriptionId = formText(form, "subscriptionId") || null;
  if (!isIntent(intent)) {
    const message = "This form is not known here. Please reload the page.";
    return data<SubscriptionChangeResult>({ ok: false, message, intent: null, subscriptionId }, { status: 400 });
  }
  const schema = intent === "card" ? StartCardChangeInput : CHANGES[intent].input;
  try {
    if (intent === "card") {
      const { url } = await startCardChange(ctx, formInput(StartCardChangeInput, form, { baseUrl: new URL(request.url).origin }));
      return redirect(url, 303);
    }
    const change = CHANGES[intent];
    await change.run(ctx, formInput(change.input, form));
    const after = await ownSubscription(ctx, subscriptionId ?? "");
    return data<SubscriptionChangeResult>({ ok: true, message: change.done(after), intent, subscriptionId });
  } catch (error) {
    const { status, ...failure } = expectedFailure(error);
    return data<SubscriptionChangeResult>(
      { ok: false, ...failure, intent, subscriptionId, values: typedValues(schema, form) },
      { status },
    );
  }
}

/**
 * The member is back from the provider's card page (`?subscription=…&card-change=<session>`): the
 * card they saved goes on the subscription. Null for any other visit.
 */
export async function cardChangeReturn(ctx: OperationContext, url: URL) {
  const sessionId = url.searchParams.get("card-change");
  if (sessionId === null) return null;
  const subscriptionId = url.searchParams.get("subscription") ?? "";
  try {
    const result = await finishCardChange(ctx, { subscriptionId, sessionId });
    if (result.outcome === "changed" || result.outcome === "already_changed") {
      const message = `Your boxes are now charged to your ${result.cardBrand.toUpperCase()} card ending ${result.cardLast4}.`;
      return { ok: true, status: 200, subscriptionId, message };
    }
    return { ok: false, status: 409, subscriptionId, message: "Your card was not changed: the card page was not completed." };
  } catch (error) {
    return { ok: false, subscriptionId, ...expectedFailure(error) };
  }
}
