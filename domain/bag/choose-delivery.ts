import { eq } from "drizzle-orm";
import { z } from "zod";
import { bags } from "../../db/schema/bags.ts";
import { AppError } from "../../kernel/app-error.ts";
import { deliveryOptionsOf } from "../delivery/delivery-options.ts";
import { identifier } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { bagHolder } from "./held-bag.ts";

export const ChooseDeliveryInput = z.object({ deliveryOptionId: identifier(40) });

const declared = { access: bagHolder, input: ChooseDeliveryInput };

/**
 * chooseDelivery: the delivery option the viewer's own bag is priced and promised with from now on.
 * One not on offer (unknown or switched off) is refused (400) and the bag keeps its choice.
 */
export const chooseDelivery = defineOperation(
  declared,
  async function chooseDelivery(ctx, input, { id: bagId }): Promise<string> {
    const option = (await deliveryOptionsOf(ctx)).find((each) => each.id === input.deliveryOptionId && each.active);
    if (!option) throw new AppError("BAD_USER_INPUT", "That delivery option is not offered. Choose one of those shown.");
    const updated = bagId
      ? await ctx.db.update(bags).set({ deliveryOptionId: option.id }).where(eq(bags.id, bagId)).returning({ id: bags.id })
      : [];
    if (updated.length === 0) throw new AppError("BAD_USER_INPUT", "Your bag is empty.");
    return option.name;
  },
);
