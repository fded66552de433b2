import { data } from "react-router";
import type { MemberViewer } from "../../domain/members/member-access.ts";
import type { ActiveSession } from "../../domain/members/session.ts";
import type { RequestContext } from "../context.ts";
import { type ActionResult, failureResult } from "./action-result.server.ts";

export const viewerOfSession = (session: ActiveSession): MemberViewer => ({
  subject: session.subject,
  memberId: session.memberId,
});

/** The signed-in member's rewards waiting in the bag; null for a visitor (who has none to show). */
export async function rewardsInBag(context: RequestContext) {
  return context.session ? context.shop.rewards.pendingLines(context.session.memberId) : null;
}

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

/** The bag's reward buttons (one more, one fewer, remove); null when the form is about something else. */
export async function rewardBagAction(context: RequestContext, form: FormData) {
  const intent = form.get("intent");
  if (intent !== "reward-update" && intent !== "reward-remove") return null;
  const { session, shop } = context;
  if (!session) {
    return data<ActionResult>({ ok: false, message: "Please sign in to change the rewards in your bag." }, { status: 401 });
  }
  const ref = {
    redeemId: text(form.get("redeemId")),
    memberId: session.memberId,
    pointTransactionId: text(form.get("pointTransactionId")),
  };
  try {
    if (intent === "reward-update") {
      await shop.rewards.updateInBag(viewerOfSession(session), ref, { quantity: form.get("quantity") });
      return data<ActionResult>({ ok: true, message: "Reward quantity updated." });
    }
    await shop.rewards.removeFromBag(viewerOfSession(session), ref);
    return data<ActionResult>({ ok: true, message: "Reward removed. Its points are back in your balance." });
  } catch (error) {
    return failureResult(error);
  }
}
