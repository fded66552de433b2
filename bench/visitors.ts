/**
 * Visitors a benchmark asks pages as, prepared over HTTP the way a shopper gets there: a bag filled
 * through the bag form, a member signed in through the embedded identity provider. Each is a browser
 * with its own cookie jar; `cookieOf` gives the Cookie header a load generator then sends.
 */
import type { TestIdentity } from "../tests/setup/embedded-sign-in.ts";
import { newPerson, openBrowser, type ShopBrowser } from "../tests/setup/shop-browser.ts";
import type { TestServer } from "../tests/setup/test-server.ts";

/** One box each of three products, so a bag or a checkout summary has several lines to show. */
export const BAG_LINES = ["op-m8_ba-1b", "op-m8_pb-1b", "op-j4_yz-1b"];

/** A browser for the shop at `baseUrl` (the shop runs in another process: only its address is known). */
export const browserAt = (baseUrl: string): ShopBrowser => openBrowser({ baseUrl } as TestServer);

/** The Cookie header the browser sends to the shop. */
export const cookieOf = (browser: ShopBrowser, baseUrl: string): string => browser.jar.header(new URL("/", baseUrl)) ?? "";

/** A new visitor whose bag holds one of each option given. */
export async function visitorWithBag(baseUrl: string, optionIds: readonly string[] = BAG_LINES): Promise<ShopBrowser> {
  const browser = browserAt(baseUrl);
  for (const optionId of optionIds) {
    const added = await browser.post("/bag", { intent: "add", optionId, quantity: "1" });
    if (added.status !== 303) throw new Error(`Adding ${optionId} to the bag answered ${added.status}`);
  }
  return browser;
}

/** A member signed in (a member session cookie), checked by their /member page answering 200. */
export async function signedInMember(baseUrl: string, person: TestIdentity = newPerson()): Promise<ShopBrowser> {
  const browser = browserAt(baseUrl);
  await browser.signIn(person);
  const home = await browser.get("/member");
  if (home.status !== 200) throw new Error(`After signing in, /member answered ${home.status}`);
  return browser;
}
