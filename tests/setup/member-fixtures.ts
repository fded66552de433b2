import { randomUUID } from "node:crypto";
import type { Database } from "../../db/client.ts";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { customers, orders } from "../../db/schema/orders.ts";

/** A paid order of a customer record, both linked to the member, as if they bought and then linked it. */
export async function insertLinkedOrder(
  db: Database,
  input: { memberId: string; email: string; priceCents: number; paidAt: Date; deliveryStart: string; deliveryEnd: string },
): Promise<{ customerId: string; checkoutSessionId: string }> {
  const customerId = randomUUID();
  const checkoutSessionId = `cs_${randomUUID()}`;
  const contact = { email: input.email, mobile: "+6591234567", address: "1 Orchard Road", postalCode: "238801" };
  await db.insert(customers).values({
    id: customerId,
    name: "Tan Mei Ling",
    ...contact,
    memberId: input.memberId,
    customerStripeId: "cus_test123",
  });
  await db.insert(checkoutSessions).values({
    id: checkoutSessionId,
    provider: "test",
    bagId: randomUUID(),
    shipping: { name: "Tan Mei Ling", ...contact, newsletter: false },
    lines: [],
    subtotalCents: input.priceCents,
    discountCents: 0,
    shippingCents: 0,
    totalCents: input.priceCents,
  });
  await db.insert(orders).values({
    id: randomUUID(),
    orderId: `ord_${randomUUID()}`,
    invoiceId: `Z${randomUUID().replaceAll("-", "").slice(0, 7).toUpperCase()}`,
    idempotencyKey: `checkout:${checkoutSessionId}`,
    checkoutSessionId,
    customerId,
    memberId: input.memberId,
    status: "paid",
    email: input.email,
    mobile: contact.mobile,
    env: "test",
    subtotalCents: input.priceCents,
    discountCents: 0,
    shippingCents: 0,
    priceCents: input.priceCents,
    paidAt: input.paidAt,
    deliveryStart: input.deliveryStart,
    deliveryEnd: input.deliveryEnd,
  });
  return { customerId, checkoutSessionId };
}
