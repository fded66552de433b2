import { listPendingRewardLines } from "../../domain/loyalty/rewards/redeems/pending-reward-lines.ts";
import { RedeemRefInput } from "../../domain/loyalty/rewards/redeems/redeem-ledger.ts";
import { UpdateRedeemMeta } from "../../domain/loyalty/rewards/redeems/redeem-meta.ts";
import { removeRedeemFromBag } from "../../domain/loyalty/rewards/redeems/remove-redeem-from-bag.ts";
import { updateRedeemFromBag } from "../../domain/loyalty/rewards/redeems/update-redeem-from-bag.ts";
import type { RequestContext } from "../context.ts";
import { expectedFailure } from "./action-result.server.ts";
import type { BagOutcome } from "./bag-outcome.ts";
import { formInput } from "./form-input.server.ts";

/** The signed-in member of the page's request; null for a visitor. */
function memberIdOf(context: RequestContext): string | null {
  const { viewer } = context.operations;
  return viewer.kind === "member" ? viewer.memberId : null;
}

/** The signed-in member's rewards waiting in the bag; null for a visitor (who has none to show). */
export async function rewardsInBag(context: RequestContext) {
  const memberId = memberIdOf(context);
  return memberId ? listPendingRewardLines(context.operations, { memberId }) : null;
}

/** The bag's reward buttons (one more, one fewer, remove); null when the form is about something else. */
export async function rewardBagAction(context: RequestContext, form: FormData): Promise<BagOutcome | null> {
  const intent = form.get("intent");
  if (intent !== "reward-update" && intent !== "reward-remove") return null;
  const memberId = memberIdOf(context);
  if (!memberId) return { ok: false, message: "Please sign in to change the rewards in your bag.", status: 401 };
  const ref = { ...formInput(RedeemRefInput, form), memberId };
  try {
    if (intent === "reward-update") {
      await updateRedeemFromBag(context.operations, { ...ref, meta: formInput(UpdateRedeemMeta, form) });
      return { ok: true, notice: "reward-updated" };
    }
    await removeRedeemFromBag(context.operations, ref);
    return { ok: true, notice: "reward-removed" };
  } catch (error) {
    return { ok: false, ...expectedFailure(error) };
  }
}
