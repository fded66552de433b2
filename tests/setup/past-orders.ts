import type { Database } from "../../db/client.ts";
import { addToBag } from "../../domain/bag/bag-use-cases.ts";
import { catalogFromDatabase } from "../../domain/catalog/catalog-reader.ts";
import { fulfilCheckout } from "../../domain/checkout/fulfil-checkout.ts";
import { startCheckout } from "../../domain/checkout/start-checkout.ts";
import { createTestPaymentProvider } from "../../integrations/payments/test-provider.ts";

export type PastOrder = { orderId: string; invoiceId: string };

/**
 * A guest's order as the shop makes one: a bag, checkout, a test card payment and fulfilment at
 * `paidAt`, so its invoice id is a real order code. The catalogue must be seeded. The payment's
 * webhook goes nowhere: this helper fulfils the session itself, at the time it is given.
 */
export async function placePastOrder(
  db: Database,
  input: { email: string; mobile: string; paidAt: Date; lines?: [optionId: string, quantity: number][] },
): Promise<PastOrder> {
  const store = { db, catalog: catalogFromDatabase(db) };
  const payments = createTestPaymentProvider({ db, webhookSecret: "whsec_past_orders", deliver: async () => {} });
  let bagToken: string | null = null;
  for (const [optionId, quantity] of input.lines ?? [["op-m8_ba-1b", 1]]) {
    bagToken = (await addToBag(store, { bagToken, optionId, quantity })).bagToken;
  }
  if (!bagToken) throw new Error("an order needs at least one line");
  const form = {
    name: "Tan Mei Ling",
    email: input.email,
    mobile: input.mobile,
    address: "1 Orchard Road, #01-01",
    postalCode: "238801",
  };
  const started = await startCheckout({ ...store, payments }, { bagToken, form, baseUrl: "http://shop.test" });
  if (!started.ok) throw new Error(`checkout refused: ${JSON.stringify(started.fieldErrors)}`);
  const paid = await payments.pay(started.sessionId, "4242 4242 4242 4242");
  if (!paid.ok) throw new Error(`payment refused: ${paid.message}`);
  const order = await fulfilCheckout({ db, payments, env: "test", now: () => input.paidAt }, started.sessionId);
  if (!order) throw new Error("the paid session made no order");
  return { orderId: order.orderId, invoiceId: order.invoiceId };
}
