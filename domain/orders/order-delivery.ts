import { deliveryWindowText } from "../delivery/promise-text.ts";

/** What an order was promised: its window and, from the choice of options on (decision 063), the option's name then. */
export type OrderDelivery = { deliveryStart: string; deliveryEnd: string; deliveryOptionName: string | null };

/** "Tue, 8 Dec 2026 (Express delivery)"; an order placed before there was a choice shows its window alone. */
export function orderDeliveryText(order: OrderDelivery): string {
  const window = deliveryWindowText({ start: order.deliveryStart, end: order.deliveryEnd });
  return order.deliveryOptionName ? `${window} (${order.deliveryOptionName} delivery)` : window;
}
