import type { z } from "zod";
import type { MemberEmailKind } from "../../kernel/member-email-kinds.ts";
import type { MemberEmailDefinition } from "./define-member-email.ts";
import { goldEndingEmail } from "./kinds/gold-ending.ts";
import { goldReachedEmail } from "./kinds/gold-reached.ts";
import { orderPointsEmail } from "./kinds/order-points.ts";
import { pointsExpiringEmail } from "./kinds/points-expiring.ts";
import { referralRewardedEmail } from "./kinds/referral-rewarded.ts";
import { renewalAuthenticationEmail } from "./kinds/renewal-authentication.ts";
import { renewalDeclinedEmail } from "./kinds/renewal-declined.ts";
import { renewalNotChargedEmail } from "./kinds/renewal-not-charged.ts";
import { reviewRequestEmail } from "./kinds/review-request.ts";
import { rewardShippedEmail } from "./kinds/reward-shipped.ts";
import { subscriptionChangedEmail } from "./kinds/subscription-changed.ts";
import { subscriptionReminderEmail } from "./kinds/subscription-reminder.ts";

/**
 * Every programme email's definition, by its kind (decision 044): what the sender renders, the
 * account page lists (in the order of MEMBER_EMAIL_KINDS) and the back office previews. The compiler
 * asks for a kind added to MEMBER_EMAIL_KINDS here; tests/integration/member-email-definitions.test.ts
 * holds each definition to its kind.
 */
export const MEMBER_EMAILS = {
  "order-points": orderPointsEmail,
  "gold-reached": goldReachedEmail,
  "gold-ending": goldEndingEmail,
  "points-expiring": pointsExpiringEmail,
  "reward-shipped": rewardShippedEmail,
  "referral-rewarded": referralRewardedEmail,
  "review-request": reviewRequestEmail,
  "subscription-changed": subscriptionChangedEmail,
  "subscription-reminder": subscriptionReminderEmail,
  "renewal-declined": renewalDeclinedEmail,
  "renewal-authentication": renewalAuthenticationEmail,
  "renewal-not-charged": renewalNotChargedEmail,
} satisfies { [K in MemberEmailKind]: MemberEmailDefinition<K> };

/** What an email of the kind tells, as its outbox row holds it. */
export type MemberEmailData<K extends MemberEmailKind> = z.output<(typeof MEMBER_EMAILS)[K]["data"]>;

/** A kind's definition, typed by the kind: indexed by a generic kind, the list gives a union TypeScript cannot call. */
export const memberEmailOf = <K extends MemberEmailKind>(kind: K) =>
  MEMBER_EMAILS[kind] as unknown as MemberEmailDefinition<K, z.ZodType<MemberEmailData<K>, object>>;
