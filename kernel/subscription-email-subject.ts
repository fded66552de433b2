import { likeEscaped } from "./like-pattern.ts";

/**
 * The subject key of a member email about a subscription ("<subscription id>:<what about>", such as
 * a renewal's date): the back office finds a subscription's emails by its id at the front.
 */
export function subscriptionEmailSubject(subscriptionId: string, about: string): string {
  return `${subscriptionId}:${about}`;
}

/** The LIKE pattern of every subject key subscriptionEmailSubject makes for this subscription. */
export function subscriptionEmailSubjects(subscriptionId: string): string {
  return `${likeEscaped(subscriptionId)}:%`;
}
