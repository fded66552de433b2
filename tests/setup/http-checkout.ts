import { openBrowser, type ShopBrowser } from "./shop-browser.ts";
import type { TestServer } from "./test-server.ts";

export type ShippingForm = { name: string; email: string; mobile: string; address: string; postalCode: string };

export const shippingFor = (email: string, mobile = "9123 4567"): ShippingForm => ({
  name: "Tan Mei Ling",
  email,
  mobile,
  address: "1 Orchard Road, #01-01",
  postalCode: "238801",
});

/** Puts one box in the browser's bag and starts checkout: the test payment page's path. */
export async function startCheckoutOverHttp(browser: ShopBrowser, shipping: ShippingForm): Promise<string> {
  const added = await browser.post("/bag", { intent: "add", optionId: "op-m8_ba-1b", quantity: "1" });
  if (added.status !== 303) throw new Error(`adding to the bag answered ${added.status}`);
  const started = await browser.post("/checkout/shipping", { ...shipping });
  const payPath = started.headers.get("location") ?? "";
  if (started.status !== 303 || !payPath.startsWith("/pay/test/")) {
    throw new Error(`checkout did not start (${started.status}): ${(await started.text()).slice(0, 300)}`);
  }
  return payPath;
}

/** A paid order (a guest's unless a signed-in browser is given), made the way a shopper makes one: bag, shipping, test card, completion page. */
export async function placeOrderOverHttp(
  shop: TestServer,
  shipping: ShippingForm,
  browser: ShopBrowser = openBrowser(shop),
): Promise<{ invoiceId: string }> {
  const payPath = await startCheckoutOverHttp(browser, shipping);
  const paid = await browser.post(payPath, { cardNumber: "4242424242424242" });
  const completeUrl = paid.headers.get("location");
  if (paid.status !== 303 || !completeUrl) throw new Error(`the test payment answered ${paid.status}`);
  const page = await (await browser.get(new URL(completeUrl).pathname)).text();
  const invoiceId = /data-testid="invoice-id">([0-9A-Z]{8})</.exec(page)?.[1];
  if (!invoiceId) throw new Error("the completion page shows no invoice id");
  return { invoiceId };
}
