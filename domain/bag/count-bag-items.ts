import { and, eq, sum } from "drizzle-orm";
import { z } from "zod";
import { redeems } from "../../db/schema/rewards.ts";
import { defineOperation } from "../shared/operation.ts";
import { sharedRead } from "../shared/shared-reads.ts";
import { bagHolder, loadBag } from "./held-bag.ts";

export const CountBagItemsInput = z.object({});

const declared = { access: bagHolder, input: CountBagItemsInput };

/**
 * countBagItems: what the bag holds as its header counts it — the boxes and pouches of the bag the
 * viewer's browser holds, and for a signed-in member the rewards waiting in it (their Pending redeems,
 * the ones the bag page lists beside the goods).
 */
export const countBagItems = defineOperation(declared, async function countBagItems(ctx, _input, bag): Promise<number> {
  const { itemCount } = await loadBag(ctx, bag.id);
  const memberId = ctx.viewer.kind === "member" ? ctx.viewer.memberId : null;
  if (!memberId) return itemCount;
  // The header counts them and so does the visitor cookie after the page: one read per request.
  const [rewards] = await sharedRead(ctx, `pending-reward-count:${memberId}`, () =>
    ctx.db
      .select({ quantity: sum(redeems.quantity).mapWith(Number) })
      .from(redeems)
      .where(and(eq(redeems.memberId, memberId), eq(redeems.status, "Pending"))),
  );
  return itemCount + (rewards?.quantity ?? 0);
});
