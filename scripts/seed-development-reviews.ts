/**
 * Gives the development shop a few approved reviews by made-up members, so the home page's and
 * product pages' reviews can be seen: for development only, never run by the shop itself nor in
 * production. Run it with the shop stopped, since it opens the embedded database:
 * `DATA_DIR=data node scripts/seed-development-reviews.ts`. Running it again adds nothing.
 */
import { openDatabase } from "../db/client.ts";
import { members } from "../db/schema/members.ts";
import { reviews } from "../db/schema/reviews.ts";
import { SEED_PRODUCTS } from "../db/seed/catalog-data.ts";
import { seedCatalog } from "../db/seed/seed.ts";
import type { SeriesCode } from "../kernel/series.ts";
import { DAY_MS } from "../kernel/singapore-time.ts";

const REVIEWS: { series: SeriesCode; name: string; rating: number; title: string; body: string }[] = [
  {
    series: "m",
    name: "Mei L.",
    rating: 5,
    title: "Tastes like dessert",
    body: "I keep a sachet in my bag for the afternoon. Easy to drink cold and not too sweet.",
  },
  {
    series: "v",
    name: "Arjun K.",
    rating: 4,
    title: "My morning shot",
    body: "Small enough to drink on the MRT before work. I wish the box had more shots in it.",
  },
  {
    series: "j",
    name: "Farah Z.",
    rating: 5,
    title: "Coffee I can squeeze",
    body: "The jelly texture surprised me, in a good way. Keeps me going between meetings.",
  },
  {
    series: "l",
    name: "Daniel T.",
    rating: 4,
    title: "Nice before the gym",
    body: "Light and fruity. I drink it before my evening workout.",
  },
];

export async function seedDevelopmentReviews(dataDir: string): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    await seedCatalog(database.db);
    let added = 0;
    for (const [index, review] of REVIEWS.entries()) {
      const product = SEED_PRODUCTS.find((seed) => seed.seriesCode === review.series && seed.kind !== "bundle" && seed.active);
      if (!product) continue;
      const memberId = `dev-reviewer-${index + 1}`;
      const at = new Date(Date.now() - (REVIEWS.length - index) * DAY_MS);
      await database.db
        .insert(members)
        .values({ id: memberId, email: `${memberId}@example.com`, name: review.name })
        .onConflictDoNothing();
      const inserted = await database.db
        .insert(reviews)
        .values({
          id: `dev-review-${index + 1}`,
          productId: product.id,
          memberId,
          authorName: review.name,
          rating: review.rating,
          title: review.title,
          body: review.body,
          status: "approved",
          decidedBy: "development seed",
          decidedAt: at,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing()
        .returning({ id: reviews.id });
      added += inserted.length;
    }
    return added;
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  const dataDir = process.env.DATA_DIR ?? "data";
  const count = await seedDevelopmentReviews(dataDir);
  console.log(`Added ${count} development reviews in ${dataDir}.`);
}
