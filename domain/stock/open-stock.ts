import type { Tx } from "../../db/client.ts";
import { lockStock, move } from "./stock-ledger.ts";

/** A new SKU's first stock, received as it goes on sale; none leaves it with an empty row. */
export async function openStock(tx: Tx, input: { skuId: string; quantity: number; staffEmail: string; at: Date }): Promise<void> {
  await lockStock(tx, [input.skuId]);
  if (input.quantity === 0) return;
  await move(tx, {
    skuId: input.skuId,
    reason: "received",
    onHandChange: input.quantity,
    heldChange: 0,
    staffEmail: input.staffEmail,
    note: "Opening stock",
    createdAt: input.at,
  });
}
