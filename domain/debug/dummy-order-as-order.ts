import { estimateDelivery } from "../delivery/delivery-estimate.ts";
import type { DummyOrderView, LinkedOrderView } from "../members/member-view.ts";

/**
 * A dummy order in SPEC.md §3's order shape, as linked orders have it: paid when it was placed, on
 * the member since it was made, never unlinked or changed, with no invoice file; its order id is its
 * id. `env` is the shop's, where the debug tools made it.
 */
export function dummyOrderAsOrder(order: DummyOrderView, env: string): LinkedOrderView {
  const delivery = estimateDelivery(order.orderedAt);
  return {
    id: order.id,
    memberId: order.memberId,
    originalMemberId: null,
    invoiceId: order.invoiceId,
    orderId: order.id,
    email: order.email,
    mobile: order.mobile,
    priceCents: order.priceCents,
    refundedCents: 0,
    status: "paid",
    env,
    paidAt: order.orderedAt,
    deliveryStart: delivery.start,
    deliveryEnd: delivery.end,
    s3Key: null,
    s3Url: null,
    linkedAt: order.createdAt,
    ver: 1,
    createdAt: order.createdAt,
    updatedAt: order.createdAt,
  };
}
