import type { Database } from "../client.ts";
import { rewards } from "../schema/rewards.ts";

/** The rewards catalogue (DESIGN.md §3). Editable data: like the catalogue, only missing rows are inserted. */
export const SEED_REWARDS: (typeof rewards.$inferInsert)[] = [
  {
    id: "pouch",
    name: "Nectar pouch",
    description: "One pouch of nectar in the flavour of your choice.",
    optionKind: "pouch",
    pointsCost: 150,
    position: 1,
  },
  {
    id: "joffee-box",
    name: "Joffee box",
    description: "A box of Joffee jelly coffee in the flavour of your choice.",
    optionKind: "joffee-box",
    pointsCost: 350,
    position: 2,
  },
  {
    id: "nectar-box-4",
    name: "4-serving nectar box",
    description: "A 4-serving box of nectar in any flavour we sell in that size.",
    optionKind: "box-4",
    pointsCost: 500,
    position: 3,
  },
  {
    id: "nectar-box-8",
    name: "8-serving box",
    description: "An 8-serving box of nectar or shots in the flavour of your choice.",
    optionKind: "box-8",
    pointsCost: 950,
    position: 4,
  },
];

export async function seedRewards(db: Database): Promise<void> {
  await db.insert(rewards).values(SEED_REWARDS).onConflictDoNothing();
}
