/**
 * The words the programme's rules are made of, apart from their schema (programme-rules.ts), so the
 * back office's pages can offer them without carrying the schema library to the browser.
 */

/** How a member completes an earn action and its points are credited. */
export const VERIFICATIONS = {
  membership: "Given when the membership is created",
  click: "Once per member, when they say they have done it",
  staff: "When staff approve it for the member",
  review: "When staff approve the member's review of a product they bought",
} as const;
export type Verification = keyof typeof VERIFICATIONS;

/** How an action staff add is checked: members say they did it, or staff approve it. */
export const NEW_ACTION_VERIFICATIONS = ["click", "staff"] as const satisfies readonly Verification[];

/** The icons an action may show (lucide names the pages draw). */
export const ACTION_ICONS = [
  "badge-check",
  "camera",
  "music",
  "thumbs-up",
  "user-plus",
  "star",
  "at-sign",
  "gift",
  "heart",
] as const;

export const SOCIAL_NETWORKS = ["instagram", "tiktok", "facebook"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Actions the shop's own code credits; a version may change their words and points, never drop them. */
export const BUILT_IN_ACTIONS = { signUp: "sign-up", review: "post-review", referral: "refer-friends" } as const;

/** The period a new draft offers when staff switch expiry on (decision 043); version 1 has expiry off. */
export const OFFERED_EXPIRY_MONTHS = 12;
