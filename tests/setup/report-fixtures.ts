import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { refundLines, refunds } from "../../db/schema/refunds.ts";
import type { OrderStatus } from "../../kernel/order-statuses.ts";
import { insertPaidOrder, type OrderRow } from "./loyalty-fixtures.ts";

export type FixtureLine = {
  optionId: string;
  productName: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
};

/** An order with these lines and shipping, in this state, paid at `paidAt`. */
export async function orderWithLines(
  db: Database,
  input: { lines: FixtureLine[]; shippingCents: number; paidAt: Date; status?: OrderStatus },
): Promise<OrderRow> {
  const subtotalCents = input.lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  const discountCents = input.lines.reduce((sum, line) => sum + line.discountCents, 0);
  const order = await insertPaidOrder(db, {
    subtotalCents,
    discountCents,
    shippingCents: input.shippingCents,
    paidAt: input.paidAt,
  });
  await db.delete(orderLines).where(eq(orderLines.orderId, order.id));
  await db.insert(orderLines).values(
    input.lines.map((line, position) => ({
      orderId: order.id,
      position,
      flavourName: null,
      optionName: "1 box",
      ...line,
      lineTotalCents: line.quantity * line.unitPriceCents - line.discountCents,
    })),
  );
  if (input.status) await db.update(orders).set({ status: input.status }).where(eq(orders.id, order.id));
  return order;
}

/** A completed refund of `amountCents` crediting these boxes, written as the refund flow leaves it. */
export async function completedRefund(
  db: Database,
  order: OrderRow,
  amountCents: number,
  boxes: { position: number; quantity: number }[],
): Promise<void> {
  const id = randomUUID();
  await db.insert(refunds).values({
    id,
    orderId: order.id,
    amountCents,
    reason: "Damaged box",
    source: "staff",
    status: "succeeded",
    completedAt: new Date(),
  });
  if (boxes.length > 0) await db.insert(refundLines).values(boxes.map((box) => ({ refundId: id, orderId: order.id, ...box })));
  const [current] = await db.select().from(orders).where(eq(orders.id, order.id));
  await db
    .update(orders)
    .set({ refundedCents: (current?.refundedCents ?? 0) + amountCents })
    .where(eq(orders.id, order.id));
}
