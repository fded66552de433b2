/**
 * What the newsletter's sign-up box says (decision 058). The version is stored with each sign-up, so
 * the words an address agreed to can always be read back: change the wording, change the version.
 */
export const NEWSLETTER_CONSENT = {
  version: "2026-12",
  wording:
    "Yes, email me the newsletter: new flavours, offers and drink tips, at most twice a month. " +
    "I can unsubscribe at any time with the link in every email.",
} as const;

/** Where the sign-up form posts, and the page a browser without JavaScript is shown after it. */
export const NEWSLETTER_PATH = "/newsletter";
/** Where a confirmation email's link leads: the page that asks to confirm, which posts back to it. */
export const NEWSLETTER_CONFIRM_PATH = "/newsletter/confirm";
/** Every newsletter email's one-click unsubscribe (RFC 8058), and the page that asks first. */
export const NEWSLETTER_UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

/** What the sign-up answers, whether the address was new, waiting or already subscribed. */
export const NEWSLETTER_SENT =
  "Thanks! If this address isn't subscribed yet, we've sent it an email with a link to confirm. Check your inbox.";
