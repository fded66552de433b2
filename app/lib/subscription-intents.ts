/** The forms of /member/subscriptions, each one change: its `intent` field says which. */
export const SUBSCRIPTION_INTENTS = [
  "skip",
  "move",
  "cadence",
  "quantity",
  "swap",
  "pause",
  "resume",
  "address",
  "saved-address",
  "card",
  "cancel",
] as const;

export type SubscriptionIntent = (typeof SUBSCRIPTION_INTENTS)[number];

/** What the page's action answers: the change made (or refused) and the subscription it was for. */
export type SubscriptionChangeResult = {
  ok: boolean;
  message: string;
  intent: SubscriptionIntent | null;
  subscriptionId: string | null;
  invalidFields?: string[];
  /** What was typed, handed back with a failure so a form posted without JavaScript comes back filled in. */
  values?: Record<string, string>;
};

/** The address that opens a subscription's cancel step (the first of the two taps), and where it returns to. */
export const cancelStepHref = (subscriptionId: string) =>
  `/member/subscriptions?${new URLSearchParams({ cancel: subscriptionId })}#subscription-${subscriptionId}`;
