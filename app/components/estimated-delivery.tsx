import type { DeliveryWindow } from "../../domain/delivery/delivery-estimate.ts";
import type { OrderDelivery } from "../../domain/orders/order-delivery.ts";
import { formatCalendarDate } from "../../kernel/format-timestamp.ts";
import { When } from "./when.tsx";

/** "Estimated delivery: Tue, 8 Dec 2026 (Express delivery)", the window's dates kept on one line each. */
export function EstimatedDelivery({ order }: { order: OrderDelivery }) {
  return (
    <>
      Estimated delivery:{" "}
      <strong data-testid="delivery-window" className="whitespace-nowrap">
        {formatCalendarDate(order.deliveryStart)}
      </strong>
      {order.deliveryEnd !== order.deliveryStart && (
        <>
          {" "}
          to <strong className="whitespace-nowrap">{formatCalendarDate(order.deliveryEnd)}</strong>
        </>
      )}
      {order.deliveryOptionName && <span data-testid="delivery-option"> ({order.deliveryOptionName} delivery)</span>}
    </>
  );
}

/** "Tue, 8 Dec 2026" or "Mon, 14 Dec 2026 to Wed, 16 Dec 2026", each date kept on one line. */
export function DeliveryDates({ window }: { window: DeliveryWindow }) {
  return (
    <>
      <When>{formatCalendarDate(window.start)}</When>
      {window.end !== window.start && (
        <>
          {" "}
          to <When>{formatCalendarDate(window.end)}</When>
        </>
      )}
    </>
  );
}
