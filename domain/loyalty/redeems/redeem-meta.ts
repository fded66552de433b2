import { AppError } from "../../../kernel/app-error.ts";
import { parseOptionId } from "../../../kernel/option-id.ts";
import { parseQuantity } from "../../bag/quantity.ts";

/** What a redeem call carries in meta (SPEC.md §3: optionId and quantity), as metaInput read it. */
type RedeemMeta = Record<string, unknown>;

export type AddRedeemMeta = { optionId: string; quantity: number; rewardId: string | null };

/** addRedeemToBag's meta: optionId (required), quantity (1 to 99, default 1), rewardId (optional). */
export function readAddRedeemMeta(meta: RedeemMeta): AddRedeemMeta {
  if (meta.optionId === undefined || meta.optionId === null || meta.optionId === "") {
    throw new AppError("BAD_USER_INPUT", 'meta must name the option to take as "optionId", e.g. {"optionId":"op-l4_yc-1b"}.');
  }
  const parsed = parseOptionId(meta.optionId);
  if (!parsed) throw new AppError("BAD_USER_INPUT", "That purchase option id is not valid.");
  const quantity = meta.quantity === undefined || meta.quantity === null ? 1 : parseQuantity(meta.quantity);
  if (meta.rewardId !== undefined && meta.rewardId !== null && typeof meta.rewardId !== "string") {
    throw new AppError("BAD_USER_INPUT", "rewardId must be a reward's id, e.g. nectar-box-4.");
  }
  return { optionId: parsed.optionId, quantity, rewardId: meta.rewardId || null };
}

/** updateRedeemFromBag's meta: the quantity the redeem should now have, 1 to 99. */
export function readQuantityMeta(meta: RedeemMeta): number {
  if (meta.quantity === undefined || meta.quantity === null) {
    throw new AppError(
      "BAD_USER_INPUT",
      'meta must give the new quantity, e.g. {"quantity":2}; remove the reward to take it out.',
    );
  }
  return parseQuantity(meta.quantity);
}
