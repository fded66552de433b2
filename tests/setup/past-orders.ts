import type { Database } from "../../db/client.ts";
import { fulfilCheckout } from "../../domain/checkout/fulfil-checkout.ts";
import { startCheckout } from "../../domain/checkout/start-checkout.ts";
import { guest } from "../../domain/shared/context.ts";
import { bagWith, checkoutPorts } from "./checkout-fixtures.ts";
import { testContext } from "./operation-context.ts";
import { recordingTestPayments } from "./recording-payments.ts";

export type PastOrder = { orderId: string; invoiceId: string };

let pastOrders = 0;
/** Each order comes from an address of its own, as checkouts are limited per address. */
const nextClientAddress = () => {
  pastOrders += 1;
  return `198.18.${(pastOrders >> 8) & 255}.${pastOrders & 255}`;
};

/**
 * A guest's order as the shop makes one: a bag, checkout, a test card payment and fulfilment at
 * `paidAt`, so its invoice id is a real order code. The catalogue must be seeded. The payment's
 * webhook goes nowhere: this helper fulfils the session itself, at the time it is given.
 */
export async function placePastOrder(
  db: Database,
  input: { email: string; mobile: string; paidAt: Date; lines?: [optionId: string, quantity: number][] },
): Promise<PastOrder> {
  const bagToken = await bagWith(db, input.lines ?? [["op-m8_ba-1b", 1]]);
  const recording = recordingTestPayments(db);
  const ctx = testContext(db, { viewer: guest(bagToken), ports: checkoutPorts(recording), now: () => input.paidAt });
  const started = await startCheckout(ctx, {
    name: "Tan Mei Ling",
    email: input.email,
    mobile: input.mobile,
    address: "1 Orchard Road, #01-01",
    postalCode: "238801",
    baseUrl: "http://shop.test",
    clientAddress: nextClientAddress(),
  });
  const paid = await recording.payments.pay(started.sessionId, "4242 4242 4242 4242");
  if (!paid.ok) throw new Error(`payment refused: ${paid.message}`);
  const order = await fulfilCheckout(ctx, { sessionId: started.sessionId });
  if (!order) throw new Error("the paid session made no order");
  return { orderId: order.orderId, invoiceId: order.invoiceId };
}
