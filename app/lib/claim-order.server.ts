import { data } from "react-router";
import { ClaimOrderFields, linkOrderToMember } from "../../domain/loyalty/order-points/link-order.ts";
import { getProgramme } from "../../domain/loyalty/programme/get-programme.ts";
import type { RequestContext } from "../context.ts";
import { expectedFailure } from "./action-result.server.ts";
import { CLAIM_ORDER_INTENT, type ClaimOrderResult, claimSuccessMessage } from "./claim-order.ts";
import { formInput } from "./form-input.server.ts";

/** The member page's "Claim a past order" form: links the order and says what it brought. */
export async function claimOrder(context: RequestContext, memberId: string, form: FormData) {
  const typed = formInput(ClaimOrderFields, form);
  try {
    const { claim } = await linkOrderToMember(context.operations, {
      memberId,
      ...typed,
      clientAddress: context.clientAddress,
    });
    const { terms } = await getProgramme(context.operations, {});
    return data<ClaimOrderResult>({ intent: CLAIM_ORDER_INTENT, ok: true, message: claimSuccessMessage(claim, terms) });
  } catch (error) {
    const { status, ...failure } = expectedFailure(error);
    return data<ClaimOrderResult>({ intent: CLAIM_ORDER_INTENT, ok: false, ...failure, values: typed }, { status });
  }
}
