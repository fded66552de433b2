import type { MemberEmailKind } from "../../kernel/member-email-kinds.ts";

/** Each programme email as members choose it on their account page, and staff find it in the back office. */
export const MEMBER_EMAIL_LABELS: Record<MemberEmailKind, { label: string; about: string }> = {
  "order-points": {
    label: "Points earned on an order",
    about: "What each order earned you, with any campaign bonus.",
  },
  "gold-reached": {
    label: "Reaching gold",
    about: "The day you become a gold member, and what gold gives you.",
  },
  "gold-ending": {
    label: "Your gold year ending",
    about: "A reminder before your gold year ends, with what keeps you gold.",
  },
  "points-expiring": {
    label: "Points about to expire",
    about: "A warning before points you haven't used expire.",
  },
  "reward-shipped": {
    label: "A reward on its way",
    about: "When a reward you took with points ships with your order.",
  },
  "referral-rewarded": {
    label: "Points for a referral",
    about: "When a friend you referred orders and you earn the referral points.",
  },
};
