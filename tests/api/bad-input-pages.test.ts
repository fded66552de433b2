import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import "../setup/fast-check-seed.ts";
import { fetchWithJar } from "../setup/embedded-sign-in.ts";
import {
  bytesOf,
  describeRequest,
  expectUnchanged,
  forgetRateLimits,
  hugeText,
  labelled,
  notAQuantity,
  poisonedText,
  refusedText,
  settledSnapshotOf,
  snapshotOf,
  statusOf,
  wtf8FormBody,
} from "../setup/hostile-input.ts";
import { placeOrderOverHttp, shippingFor, startCheckoutOverHttp } from "../setup/http-checkout.ts";
import { newPerson, openBrowser, type ShopBrowser, storedSession } from "../setup/shop-browser.ts";
import { insertSubscription } from "../setup/subscription-fixtures.ts";
import { queryRows } from "../setup/test-database.ts";
import { startTestServer, type TestServer } from "../setup/test-server.ts";

const RUNS = 20;
/** Starting the shop, signing in and placing orders over HTTP, on a busy machine. */
const SETUP_TIMEOUT_MS = 180_000;

const FORMS = [
  "bag: add",
  "bag: update",
  "bag: remove",
  "checkout summary: apply a promotion code",
  "checkout summary: remove the promotion code",
  "checkout shipping",
  "order lookup",
  "test payment page",
  "member: claim an order",
  "member: earn points",
  "redeem: add a reward",
  "bag: change a reward's quantity",
  "bag: remove a reward",
  "subscriptions: skip",
  "subscriptions: move",
  "subscriptions: pause",
  "subscriptions: address",
  "subscriptions: card",
  "subscriptions: cancel",
] as const;

/** A form of the shop's pages: its valid fields, of which each run makes one or more hostile. */
type FormAction = {
  who: "guest" | "member";
  path: string;
  fixed?: Record<string, string>;
  fields: Record<string, string>;
  quantities?: string[];
  /** The action reads none of `fields`, so only what the edge refuses makes its request wrong. */
  ignored?: boolean;
};

type FieldValue = { text: string } | { file: true };
type FormRequest = { path: string; body: string | FormData; contentType?: string };

const hostileField = (action: FormAction, name: string): fc.Arbitrary<FieldValue> => {
  if (action.ignored) return poisonedText.map((text) => ({ text }));
  return fc.oneof(
    refusedText.map((text) => ({ text })),
    fc.constant({ file: true as const }),
    ...(action.quantities?.includes(name) ? [notAQuantity.map((text) => ({ text }))] : []),
  );
};

/** A multipart parser reads a lone surrogate's bytes as U+FFFD, which is storable; NUL stays what it is. */
const withoutSurrogates = (text: string) => text.replace(/\p{Cs}/gu, "\u0000");

/**
 * A post of the form with one or more fields made hostile: urlencoded or multipart, to the page
 * itself (a browser without scripts) or to its `.data` address (React Router's client, and cheaper).
 */
function formRequest(action: FormAction): fc.Arbitrary<FormRequest> {
  const names = Object.keys(action.fields);
  return fc
    .subarray(names, { minLength: 1 })
    .chain((chosen) =>
      fc.record({
        hostile: fc.record(Object.fromEntries(chosen.map((name) => [name, hostileField(action, name)]))),
        multipart: action.ignored ? fc.constant(false) : fc.boolean(),
        data: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 }),
      }),
    )
    .map(({ hostile, multipart: chosenMultipart, data }) => {
      const values: [string, FieldValue][] = [
        ...Object.entries(action.fixed ?? {}).map(([name, text]): [string, FieldValue] => [name, { text }]),
        ...names.map((name): [string, FieldValue] => [name, hostile[name] ?? { text: action.fields[name] ?? "" }]),
      ];
      const multipart = chosenMultipart || values.some(([, value]) => "file" in value);
      const path = data ? `${action.path}.data` : action.path;
      const texts = values.map(([name, value]): [string, string | null] => [
        name,
        "file" in value ? null : multipart ? withoutSurrogates(value.text) : value.text,
      ]);
      const shown = describeRequest(
        `POST ${path} (${multipart ? "multipart" : "urlencoded"})`,
        Object.fromEntries(texts.map(([name, text]) => [name, text ?? "<a file>"])),
      );
      if (!multipart) {
        const body = wtf8FormBody(texts.map(([name, text]) => [name, text ?? ""]));
        return labelled({ path, body, contentType: "application/x-www-form-urlencoded" }, shown);
      }
      const form = new FormData();
      for (const [name, text] of texts) {
        if (text !== null) form.append(name, text);
        else form.append(name, new Blob(["%PDF-1.4 not really"], { type: "application/pdf" }), "upload.pdf");
      }
      return labelled({ path, body: form }, shown);
    });
}

/** A path segment as a careless client would send it: poisoned, huge, or with a broken escape. */
const hostileSegment = fc.oneof(
  poisonedText.map((text) => wtf8FormBody([["", text]]).slice(1)),
  hugeText.map((text) => encodeURIComponent(text.slice(0, 8_000))),
  fc.constantFrom("%", "%ZZ", "%E0%A4", "%C0%AF", "..%2F..%2Fetc", "1e308", "-1", "NaN", "%00.data"),
);

describe("every form of the shop's pages, fed hostile input", () => {
  let shop: TestServer;
  let guest: ShopBrowser;
  let member: ShopBrowser;
  let actions: Record<(typeof FORMS)[number], FormAction>;
  const db = () => shop.server.database.db;

  beforeAll(async () => {
    shop = await startTestServer({ TRUSTED_PROXY_HOPS: "1" });
    const buyer = `buyer-${Date.now()}@example.com`;
    const order = await placeOrderOverHttp(shop, shippingFor(buyer, "8765 4321"));
    guest = openBrowser(shop);
    const payPath = await startCheckoutOverHttp(guest, shippingFor("guest@example.com"));

    member = openBrowser(shop);
    await member.signIn(newPerson());
    for (const activity of ["follow-ig", "follow-fb", "tag-social"]) {
      await member.post("/member/earn-points", { activity });
    }
    const redeemed = await member.post("/member/redeem/pouch", { optionId: "op-mpu_pb-1pu", quantity: "1" });
    expect(redeemed.status).toBe(200);
    const [redeem] = await queryRows<{ id: string; pointTransactionId: string }>(
      db(),
      sql`select id, point_transaction_id as "pointTransactionId" from redeems where status = 'Pending'`,
    );
    if (!redeem) throw new Error("the member has no pending reward");
    const claim = { invoiceId: order.invoiceId, mobile: "8765 4321" };
    const ref = { redeemId: redeem.id, pointTransactionId: redeem.pointTransactionId };
    // Cancelled: any change that gets past its input is refused, so none can change it.
    const memberId = (await storedSession(shop, member.cookie("session")))?.memberId ?? "";
    const subscription = await insertSubscription(db(), {
      memberId,
      nextRenewalOn: "2036-03-20",
      status: "cancelled",
      cancelledAt: new Date(),
    });
    const subscriptionForm = (intent: string, fields: Record<string, string> = {}): FormAction => ({
      who: "member",
      path: "/member/subscriptions",
      fixed: { intent },
      fields: { subscriptionId: subscription.id, ...fields },
    });

    actions = {
      "bag: add": {
        who: "guest",
        path: "/bag",
        fixed: { intent: "add" },
        fields: { optionId: "op-j4_yz-1b", quantity: "1" },
        quantities: ["quantity"],
      },
      "bag: update": {
        who: "guest",
        path: "/bag",
        fixed: { intent: "update" },
        fields: { optionId: "op-m8_ba-1b", quantity: "3" },
        quantities: ["quantity"],
      },
      "bag: remove": { who: "guest", path: "/bag", fixed: { intent: "remove" }, fields: { optionId: "op-m8_ba-1b" } },
      "checkout summary: apply a promotion code": { who: "guest", path: "/checkout/summary", fields: { code: "WELCOME10" } },
      "checkout summary: remove the promotion code": {
        who: "guest",
        path: "/checkout/summary",
        fixed: { intent: "remove-promotion" },
        fields: { code: "WELCOME10" },
        ignored: true,
      },
      "checkout shipping": { who: "guest", path: "/checkout/shipping", fields: shippingFor("guest@example.com") },
      "order lookup": { who: "guest", path: "/order", fields: claim },
      "test payment page": { who: "guest", path: payPath, fields: { cardNumber: "4242424242424242" } },
      "member: claim an order": { who: "member", path: "/member", fixed: { intent: "claim-order" }, fields: claim },
      "member: earn points": { who: "member", path: "/member/earn-points", fields: { activity: "follow-ig" } },
      "redeem: add a reward": {
        who: "member",
        path: "/member/redeem/pouch",
        fields: { optionId: "op-mpu_pb-1pu", quantity: "1" },
        quantities: ["quantity"],
      },
      "bag: change a reward's quantity": {
        who: "member",
        path: "/bag",
        fixed: { intent: "reward-update" },
        fields: { ...ref, quantity: "2" },
        quantities: ["quantity"],
      },
      "bag: remove a reward": { who: "member", path: "/bag", fixed: { intent: "reward-remove" }, fields: ref },
      "subscriptions: skip": subscriptionForm("skip", { renewalOn: "2036-03-20" }),
      "subscriptions: move": subscriptionForm("move", { renewalOn: "2036-03-25" }),
      "subscriptions: pause": subscriptionForm("pause", { until: "" }),
      "subscriptions: address": subscriptionForm("address", shippingFor("wei@example.com")),
      "subscriptions: card": subscriptionForm("card"),
      "subscriptions: cancel": subscriptionForm("cancel", { reason: "Too much" }),
    };
    await settledSnapshotOf(db());
  }, SETUP_TIMEOUT_MS);
  afterAll(() => shop.close());

  const browserOf = (who: FormAction["who"]) => (who === "guest" ? guest : member);

  it.each(FORMS)("%s: refused with a 4xx, never a 5xx, and nothing changes", async (name) => {
    const action = actions[name];
    const browser = browserOf(action.who);
    const before = await snapshotOf(db());
    await fc.assert(
      fc.asyncProperty(formRequest(action), async (request) => {
        await forgetRateLimits(db());
        const { bytes, contentType } = await bytesOf(request.body, request.contentType);
        const { status } = await statusOf(
          (body) =>
            fetchWithJar(browser.jar, new URL(request.path, shop.baseUrl), {
              method: "POST",
              body,
              headers: { origin: shop.baseUrl, "content-type": contentType },
            }),
          bytes,
        );
        const shown = String(request);
        expect(status, shown).toBeLessThan(500);
        expect(status, shown).toBeGreaterThanOrEqual(400);
        await expectUnchanged(db(), before, shown);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  });

  it("answers hostile page addresses without a 5xx, for guests and members, to a visit or a form post", async () => {
    // A form post goes with the fields its page's form sends; the address alone is hostile.
    const templates: [string, Record<string, string> | null][] = [
      ["/pay/test/cs_test_{}", { cardNumber: "4242424242424242" }],
      ["/member/redeem/{}", { optionId: "op-mpu_pb-1pu", quantity: "1" }],
      ["/order/{}", null],
      ["/order/{}/invoice.pdf", null],
      ["/order-details/{}", null],
      ["/checkout/complete/{}", null],
      ["/shop/{}", null],
      ["/shop/luna-collagen/{}", null],
      ["/checkout/summary?{}", null],
      ["/member/login?redirect={}", null],
      ["/{}", null],
    ];
    const before = await snapshotOf(db());
    const addresses = fc
      .tuple(fc.constantFrom(...templates), hostileSegment, fc.boolean(), fc.boolean())
      .map(([[template, form], segment, asMember, post]) => {
        const path = template.replace("{}", segment);
        const method = post && form ? "POST" : "GET";
        const shown = describeRequest(`${method} as ${asMember ? "a member" : "a guest"}`, path);
        return labelled({ path, asMember, form: method === "POST" ? form : null }, shown);
      });
    await fc.assert(
      fc.asyncProperty(addresses, async (address) => {
        const response = await fetchWithJar(
          (address.asMember ? member : guest).jar,
          new URL(address.path, shop.baseUrl),
          address.form ? { method: "POST", body: new URLSearchParams(address.form), headers: { origin: shop.baseUrl } } : {},
        );
        await response.arrayBuffer();
        expect(response.status, String(address)).toBeLessThan(500);
        await expectUnchanged(db(), before, String(address));
      }),
      { numRuns: 2 * RUNS, endOnFailure: true },
    );
  });
});
