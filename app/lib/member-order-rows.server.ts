import { orderStatusText } from "../../domain/orders/order-status-text.ts";
import { formatTimestamp } from "../../kernel/format-timestamp.ts";
import type { OrderStatus } from "../../kernel/order-statuses.ts";
import type { MemberOrderRow } from "../components/member-orders.tsx";

/** A member's orders as their list shows them: what the loaders of /member and /order send. */
export const memberOrderRows = (
  orders: { invoiceId: string; paidAt: Date; priceCents: number; refundedCents: number; status: OrderStatus }[],
): MemberOrderRow[] =>
  orders.map((order) => ({
    invoiceId: order.invoiceId,
    paidOn: formatTimestamp(order.paidAt),
    priceCents: order.priceCents,
    status: orderStatusText(order),
  }));
