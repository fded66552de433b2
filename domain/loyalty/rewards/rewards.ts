import { asc, eq } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { rewards } from "../../../db/schema/rewards.ts";
import type { CatalogReader } from "../../catalog/catalog-reader.ts";
import type { Product, PurchaseOption } from "../../catalog/types.ts";

export type RewardKind = (typeof rewards.$inferSelect)["optionKind"];

/** A purchase option a reward can be taken as: always one box or one pouch of one flavour. */
export type RewardChoice = {
  optionId: string;
  productId: string;
  productName: string;
  productPath: string;
  seriesCode: Product["series"]["code"];
  productKind: Product["kind"];
  flavourName: string | null;
  optionName: string;
  servings: number;
};

export type Reward = {
  id: string;
  name: string;
  description: string;
  optionKind: RewardKind;
  pointsCost: number;
  /** Empty when nothing of this kind is sold right now: the reward is then shown as unavailable. */
  choices: RewardChoice[];
};

type RewardRow = typeof rewards.$inferSelect;

/** One unit of one SKU (a single box or pouch), sold on its own: the only thing a reward can be. */
function singleUnitSku(product: Product, option: PurchaseOption) {
  if (product.kind === "bundle" || option.isUpsellOption || option.skus.length !== 1) return null;
  const [sku] = option.skus;
  return sku && sku.qty === 1 ? sku : null;
}

/**
 * Whether a switched-on option of an active product is one of a reward kind. A 4-serving nectar box is any
 * series but Joffee (which has a reward of its own); an 8-serving box is a nectar or shot box whose
 * SKU id ends in 8; a pouch is a single pouch.
 */
export function isOptionOfKind(product: Product, option: PurchaseOption, kind: RewardKind): boolean {
  if (!product.active || !option.active) return false;
  const sku = singleUnitSku(product, option);
  if (!sku) return false;
  switch (kind) {
    case "box-4":
      return product.kind === "box" && product.series.code !== "j" && option.servings === 4 && !sku.skuId.endsWith("pu");
    case "box-8":
      return (product.kind === "box" || product.kind === "shots") && sku.skuId.endsWith("8");
    case "pouch":
      return product.kind === "pouch" && sku.skuId.endsWith("pu");
    case "joffee-box":
      return product.kind === "box" && product.series.code === "j";
  }
}

function choiceOf(product: Product, option: PurchaseOption): RewardChoice {
  return {
    optionId: option.optionId,
    productId: product.id,
    productName: product.name,
    productPath: product.path,
    seriesCode: product.series.code,
    productKind: product.kind,
    flavourName: option.flavourName,
    optionName: option.optionName,
    servings: option.servings,
  };
}

/** A reward row with what it can be taken as among these products. */
export function withChoices(row: RewardRow, products: Product[]): Reward {
  const choices = products.flatMap((product) =>
    product.options
      .filter((option) => isOptionOfKind(product, option, row.optionKind))
      .map((option) => choiceOf(product, option)),
  );
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    optionKind: row.optionKind,
    pointsCost: row.pointsCost,
    choices,
  };
}

export type RewardStore = { db: Database; catalog: CatalogReader };

/**
 * The active rewards in their display order, each with what it can be taken as today. Kept with the
 * catalogue's revision, which a change to a reward raises too (migration 0023).
 */
export async function activeRewards(store: RewardStore): Promise<Reward[]> {
  const catalogue = await store.catalog.index();
  return catalogue.kept("active-rewards", async () => {
    const rows = await store.db
      .select()
      .from(rewards)
      .where(eq(rewards.active, true))
      .orderBy(asc(rewards.position), asc(rewards.id));
    return rows.map((row) => withChoices(row, catalogue.products));
  });
}

/**
 * The reward an option is taken as: the one named, when it offers that option, else the first (by
 * position) that offers it. Null when no active reward offers the option.
 */
export async function rewardForOption(
  store: RewardStore,
  optionId: string,
  rewardId?: string | null,
): Promise<{ reward: Reward; choice: RewardChoice } | null> {
  for (const reward of await activeRewards(store)) {
    if (rewardId && reward.id !== rewardId) continue;
    const choice = reward.choices.find((candidate) => candidate.optionId === optionId);
    if (choice) return { reward, choice };
  }
  return null;
}
