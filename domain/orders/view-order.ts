import { z } from "zod";
import { defineOperation } from "../shared/operation.ts";
import { orderHolder } from "./order-access.ts";
import type { OrderView } from "./order-view.ts";

export const ViewOrderInput = z.object({
  /** From the page's address: anything that is not an order code is no order (NOT_FOUND). */
  invoiceId: z.string(),
});

const declared = { access: orderHolder, input: ViewOrderInput };

/**
 * viewOrder: an order for the browser holding its access grant or the member it is linked to;
 * UNAUTHENTICATED for anyone else (who may prove it with the mobile number), existing or not.
 */
export const viewOrder = defineOperation(declared, async function viewOrder(_ctx, _input, order): Promise<OrderView> {
  return order;
});
