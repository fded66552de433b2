import type { LinkResultCode, SignInErrorCode } from "./sign-in-codes.ts";

/** What the login page says after a failed sign-in (`?error=`). */
const SIGN_IN_ERROR_MESSAGES: Record<SignInErrorCode, string> = {
  failed: "We couldn't sign you in. Please try again.",
  expired: "That sign-in took too long and has expired. Please try again.",
  cancelled: "Sign-in was cancelled. You can try again whenever you're ready.",
};

/** What the account page says after linking a second social account (`?link=`). */
const LINK_MESSAGES: Record<LinkResultCode, { ok: boolean; text: string }> = {
  linked: { ok: true, text: "Your account is linked. You can now sign in with either one." },
  "in-use": { ok: false, text: "That account already belongs to another member, so it can't be linked to yours." },
  "already-linked": { ok: false, text: "You already have an account from that provider linked." },
  unverified: { ok: false, text: "That provider hasn't confirmed the account's email address, so we couldn't link it." },
  failed: { ok: false, text: "We couldn't link that account. Please try again." },
};

const has = <T extends object>(record: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(record, key);

/** The message for `?error=`; an unknown code reads as a plain failure, no code as nothing. */
export function signInErrorMessage(code: string | null): string | null {
  if (code === null) return null;
  return has(SIGN_IN_ERROR_MESSAGES, code) ? SIGN_IN_ERROR_MESSAGES[code] : SIGN_IN_ERROR_MESSAGES.failed;
}

export function linkResultMessage(code: string | null): { ok: boolean; text: string } | null {
  if (code === null) return null;
  return has(LINK_MESSAGES, code) ? LINK_MESSAGES[code] : LINK_MESSAGES.failed;
}
