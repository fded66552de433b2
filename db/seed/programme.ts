import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { programmeVersions } from "../schema/programme.ts";

/**
 * Version 1 of the loyalty programme: SPEC.md §9, as the shop opened. In force from the beginning of
 * time, so every event before any later version falls under it. domain/loyalty/programme/programme-rules.ts
 * defines (and checks) the document's shape.
 */
export const PROGRAMME_V1_RULES = {
  earning: { pointsPerDollar: 1, rounding: "whole-dollars", afterDiscounts: true, includesShipping: false },
  gold: { thresholdCents: 30_000, qualifyingWindowMonths: null, lengthMonths: 12, multiplier: 1.5 },
  redeemHoldDays: 7,
  claimWindowDays: 30,
  tierPolicy: "keep",
  actions: [
    {
      id: "sign-up",
      icon: "badge-check",
      title: "Sign up",
      description: "Join the loyalty programme. Given when your membership is created.",
      points: 50,
      hidden: false,
      disabled: false,
      verification: "membership",
      socialNetwork: null,
    },
    {
      id: "follow-ig",
      icon: "camera",
      title: "Follow us on Instagram",
      description: "Follow our Instagram account for new flavours, recipes and member offers.",
      points: 50,
      hidden: false,
      disabled: false,
      verification: "click",
      socialNetwork: "instagram",
    },
    {
      id: "follow-tt",
      icon: "music",
      title: "Follow Us on TikTok",
      description: "Follow our TikTok account for short videos and behind-the-scenes moments.",
      points: 50,
      hidden: true,
      disabled: false,
      verification: "click",
      socialNetwork: "tiktok",
    },
    {
      id: "follow-fb",
      icon: "thumbs-up",
      title: "Like us on Facebook",
      description: "Like our Facebook page to hear about launches and events first.",
      points: 50,
      hidden: false,
      disabled: false,
      verification: "click",
      socialNetwork: "facebook",
    },
    {
      id: "refer-friends",
      icon: "user-plus",
      title: "Refer Your Friends",
      description: "Invite friends to the shop and earn points when they join.",
      points: 200,
      hidden: false,
      disabled: true,
      verification: "click",
      socialNetwork: null,
    },
    {
      id: "post-review",
      icon: "star",
      title: "Post a review",
      description: "Tell other shoppers what you think of a product you bought.",
      points: 50,
      hidden: false,
      disabled: false,
      verification: "review",
      socialNetwork: null,
    },
    {
      id: "tag-social",
      icon: "at-sign",
      title: "Tag us on social media",
      description: "Share a photo of your drinks and tag us on any social network.",
      points: 50,
      hidden: false,
      disabled: false,
      verification: "click",
      socialNetwork: null,
    },
  ],
} as const;

/** Version 1, when the database has none yet. */
export async function seedProgramme(db: PgDatabase<PgQueryResultHKT>): Promise<void> {
  const at = new Date(0);
  await db
    .insert(programmeVersions)
    .values({
      number: 1,
      state: "published",
      rules: PROGRAMME_V1_RULES,
      effectiveAt: at,
      createdBy: "system",
      publishedBy: "system",
      publishedAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing();
}
