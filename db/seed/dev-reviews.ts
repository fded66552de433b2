import type { Database } from "../client.ts";
import { members } from "../schema/members.ts";
import { reviews } from "../schema/reviews.ts";

/**
 * Development only (the shop seeds them when APP_ENV=development, never in another environment): a
 * few members' approved reviews, so listings and product pages can be seen with ratings. Like the
 * catalogue, inserted only when missing. The members have no orders, so none is a verified buyer.
 */
const REVIEWERS = [
  { id: "dev-reviewer-1", name: "Mei Lin Tan", signed: "Mei T." },
  { id: "dev-reviewer-2", name: "Arjun Nair", signed: "Arjun N." },
  { id: "dev-reviewer-3", name: "Siti Rahman", signed: "Siti R." },
  { id: "dev-reviewer-4", name: "Daniel Wong", signed: "Daniel W." },
  { id: "dev-reviewer-5", name: "Priya Das", signed: "Priya D." },
] as const;

type Seeded = { reviewer: 1 | 2 | 3 | 4 | 5; productId: string; rating: number; title: string; body: string; on: string };

const REVIEWS: Seeded[] = [
  {
    reviewer: 1,
    productId: "m8",
    rating: 5,
    title: "My morning glass",
    body: "Lychee Luxe is fresh and not too sweet; my skin feels softer after a month.",
    on: "2026-09-02",
  },
  {
    reviewer: 2,
    productId: "m8",
    rating: 4,
    title: "Good, a little sweet",
    body: "Easy to drink cold. I mix it with a bit more water than the box says.",
    on: "2026-09-18",
  },
  {
    reviewer: 3,
    productId: "m8",
    rating: 5,
    title: "Third box already",
    body: "The peach flavour is my favourite. It travels well in a handbag too.",
    on: "2026-10-05",
  },
  {
    reviewer: 4,
    productId: "m8",
    rating: 3,
    title: "Fine, not magic",
    body: "Tastes nice. I cannot say I see a difference yet, but I will keep going.",
    on: "2026-10-21",
  },
  {
    reviewer: 5,
    productId: "m8",
    rating: 5,
    title: "Lovely taste",
    body: "Finally a collagen drink that does not taste fishy. Arrived in two days.",
    on: "2026-11-12",
  },
  {
    reviewer: 1,
    productId: "j4",
    rating: 4,
    title: "Proper coffee taste",
    body: "Better than most instant coffee I have had, and it keeps me full until lunch.",
    on: "2026-10-08",
  },
  {
    reviewer: 2,
    productId: "j4",
    rating: 5,
    title: "Office favourite",
    body: "Half the office now asks me for a sachet. Mocha is the one to get.",
    on: "2026-11-01",
  },
  {
    reviewer: 3,
    productId: "v4",
    rating: 4,
    title: "Nice change from tablets",
    body: "A tasty way to take my vitamins in the morning; citrus is refreshing.",
    on: "2026-10-14",
  },
  {
    reviewer: 4,
    productId: "l4",
    rating: 5,
    title: "Before the gym",
    body: "I drink one before my evening run. Light and it does not upset my stomach.",
    on: "2026-09-27",
  },
  {
    reviewer: 5,
    productId: "l4",
    rating: 3,
    title: "Okay",
    body: "The taste grew on me after a week. I would like a less sweet flavour.",
    on: "2026-11-20",
  },
];

export async function seedDevelopmentReviews(db: Database): Promise<void> {
  await db
    .insert(members)
    .values(REVIEWERS.map(({ id, name }) => ({ id, name, email: `${id}@example.com` })))
    .onConflictDoNothing();
  await db
    .insert(reviews)
    .values(
      REVIEWS.map((review) => {
        const reviewer = REVIEWERS[review.reviewer - 1] as (typeof REVIEWERS)[number];
        const at = new Date(`${review.on}T10:00:00+08:00`);
        return {
          id: `dev-review-${reviewer.id.slice(-1)}-${review.productId}`,
          productId: review.productId,
          memberId: reviewer.id,
          authorName: reviewer.signed,
          rating: review.rating,
          title: review.title,
          body: review.body,
          status: "approved" as const,
          decidedBy: "development seed",
          decidedAt: at,
          createdAt: at,
          updatedAt: at,
        };
      }),
    )
    .onConflictDoNothing();
}
