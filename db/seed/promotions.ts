import type { Database } from "../client.ts";
import { promotionCodes } from "../schema/promotion-codes.ts";

/** Codes to try checkout with; like the catalogue, inserted only when missing. */
export async function seedPromotionCodes(db: Database): Promise<void> {
  await db
    .insert(promotionCodes)
    .values([
      {
        code: "WELCOME10",
        kind: "percent",
        value: 10,
        startsAt: new Date("2024-01-01T00:00:00+08:00"),
        endsAt: null,
        usageLimit: null,
      },
      {
        code: "SAVE5",
        kind: "amount",
        value: 500,
        startsAt: new Date("2024-01-01T00:00:00+08:00"),
        endsAt: null,
        usageLimit: 1000,
      },
      {
        code: "NEWYEAR25",
        kind: "percent",
        value: 25,
        startsAt: new Date("2025-01-01T00:00:00+08:00"),
        endsAt: new Date("2025-01-08T00:00:00+08:00"),
        usageLimit: null,
      },
      {
        code: "FIRST1",
        kind: "amount",
        value: 1000,
        startsAt: new Date("2024-01-01T00:00:00+08:00"),
        endsAt: null,
        usageLimit: 1,
      },
    ])
    .onConflictDoNothing();
}
