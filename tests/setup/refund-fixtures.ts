import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { orderLines } from "../../db/schema/orders.ts";
import { testPaymentSessions } from "../../db/schema/test-payments.ts";
import { insertPaidOrder, type OrderRow } from "./loyalty-fixtures.ts";

/** The order's payment, taken by the embedded test provider, which refunds then go back through. */
export async function paidThroughTestProvider(db: Database, order: OrderRow): Promise<void> {
  await db.insert(testPaymentSessions).values({
    id: order.checkoutSessionId,
    amountCents: order.priceCents,
    email: order.email,
    status: "paid",
    successUrl: "http://shop.test/done",
    cancelUrl: "http://shop.test/bag",
  });
}

/**
 * An order paid through the test provider: 2 × S$12.90 Joffee (line 0) and 1 × S$39.00 V5 Vitality
 * (line 1), S$4.90 shipping, S$69.70 in all.
 */
export async function twoLineOrder(db: Database, memberId?: string): Promise<OrderRow> {
  const order = await insertPaidOrder(db, { subtotalCents: 6_480, shippingCents: 490, ...(memberId ? { memberId } : {}) });
  await db
    .update(orderLines)
    .set({
      productName: "Joffee",
      flavourName: "Hazelnut",
      optionName: "1 box",
      quantity: 2,
      unitPriceCents: 1_290,
      lineTotalCents: 2_580,
    })
    .where(eq(orderLines.orderId, order.id));
  await db.insert(orderLines).values({
    orderId: order.id,
    position: 1,
    optionId: "op-fixture-2",
    productName: "V5 Vitality",
    optionName: "8-serving box",
    quantity: 1,
    unitPriceCents: 3_900,
    discountCents: 0,
    lineTotalCents: 3_900,
  });
  await paidThroughTestProvider(db, order);
  return order;
}

const decode = (text: string) =>
  text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/** The hidden fields of the confirmation step a page shows, as its form would post them. */
export function confirmationFields(html: string): Record<string, string> {
  const start = html.indexOf('id="confirm-heading"');
  if (start < 0) throw new Error("The page asks for no confirmation");
  const form = html.slice(start, html.indexOf("</form>", start));
  return Object.fromEntries(
    Array.from(form.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"/g), ([, name = "", value = ""]) => [
      name,
      decode(value),
    ]),
  );
}
