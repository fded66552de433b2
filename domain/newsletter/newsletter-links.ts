import { DAY_MS } from "../../kernel/singapore-time.ts";
import { readSignedToken, signToken } from "../shared/signed-token.ts";
import { NEWSLETTER_CONFIRM_PATH, NEWSLETTER_UNSUBSCRIBE_PATH } from "./consent.ts";

/** How long a confirmation link works after the sign-up that sent it. */
export const CONFIRM_LINK_DAYS = 7;

const CONFIRM = "newsletter-confirm";
const UNSUBSCRIBE = "newsletter-unsubscribe";

/** One sign-up of one address: its confirmation link names the moment it was asked for. */
export type NewsletterRequest = { subscriberId: string; requestedAt: Date };

export const confirmToken = (secret: string, request: NewsletterRequest) =>
  signToken(secret, CONFIRM, [request.subscriberId, String(request.requestedAt.getTime())]);

/** The sign-up a confirmation token was signed for; null for anything the shop did not sign. */
export function readConfirmToken(secret: string, token: string): NewsletterRequest | null {
  const [subscriberId, requestedAt] = readSignedToken(secret, CONFIRM, token, 2) ?? [];
  if (!subscriberId || !requestedAt || !/^\d+$/.test(requestedAt)) return null;
  return { subscriberId, requestedAt: new Date(Number(requestedAt)) };
}

export const confirmLinkExpired = (request: NewsletterRequest, now: Date) =>
  now.getTime() > request.requestedAt.getTime() + CONFIRM_LINK_DAYS * DAY_MS;

export const unsubscribeToken = (secret: string, subscriberId: string) => signToken(secret, UNSUBSCRIBE, [subscriberId]);

/** The subscriber an unsubscribe token was signed for; null for anything the shop did not sign. */
export function readUnsubscribeToken(secret: string, token: string): string | null {
  return readSignedToken(secret, UNSUBSCRIBE, token, 1)?.[0] ?? null;
}

type LinkSettings = { publicUrl: string; emailLinkSecret: string };

export const confirmUrlOf = ({ publicUrl, emailLinkSecret }: LinkSettings, request: NewsletterRequest) =>
  `${publicUrl}${NEWSLETTER_CONFIRM_PATH}?t=${confirmToken(emailLinkSecret, request)}`;

/** A subscriber's one-click unsubscribe address: the same in every newsletter email, and valid for good. */
export const unsubscribeUrlOf = ({ publicUrl, emailLinkSecret }: LinkSettings, subscriberId: string) =>
  `${publicUrl}${NEWSLETTER_UNSUBSCRIBE_PATH}?t=${unsubscribeToken(emailLinkSecret, subscriberId)}`;
