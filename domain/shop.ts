import type { Database } from "../db/client.ts";
import type { Mailer } from "../integrations/email/mailer.ts";
import type { IdentityClient } from "../integrations/identity/identity-client.ts";
import type { PaymentProvider } from "../integrations/payments/payment-provider.ts";
import type { TestPaymentProvider } from "../integrations/payments/test-provider.ts";
import type { FileStore } from "../integrations/storage/file-store.ts";
import { bagIdOf, isWellFormedBagToken } from "./bag/bag-token.ts";
import { addToBag, getBag, removeBagLine, setBagLineQuantity } from "./bag/bag-use-cases.ts";
import type { CatalogReader } from "./catalog/catalog-reader.ts";
import { findProduct, findPurchaseOptions, type LookupOptions, listProducts } from "./catalog/lookup.ts";
import { loadSeriesCopy } from "./catalog/series-copy.ts";
import { applyPromotionToBag, checkoutSummary, removePromotionFromBag } from "./checkout/bag-promotion.ts";
import { unpaidCheckoutMessage } from "./checkout/checkout-status.ts";
import { fulfilCheckout } from "./checkout/fulfil-checkout.ts";
import { handlePaymentEvent } from "./checkout/handle-payment-event.ts";
import { startCheckout } from "./checkout/start-checkout.ts";
import { orderLinkUseCases } from "./loyalty/order-link-use-cases.ts";
import { pointsUseCases } from "./loyalty/points-use-cases.ts";
import { rewardUseCases } from "./loyalty/reward-use-cases.ts";
import type { MalformedMemberData } from "./members/member-deps.ts";
import { memberUseCases } from "./members/member-use-cases.ts";
import type { SessionLog } from "./members/session-refresh.ts";
import { signInUseCases } from "./members/sign-in-use-cases.ts";
import { invoicePdf } from "./orders/invoice-file.ts";
import { claimGuestOrderAccess, viewOrder } from "./orders/order-access.ts";
import { sendPendingOrderEmails } from "./orders/order-email.ts";
import { byCheckoutSession, loadOrder } from "./orders/order-view.ts";
import { consumeRateLimit, ORDER_LOOKUP_LIMIT } from "./shared/rate-limit.ts";

export type ShopDeps = {
  db: Database;
  /** The catalogue as the use cases read it (kept in memory per catalogue revision by the server). */
  catalog: CatalogReader;
  payments: PaymentProvider;
  testPayments: TestPaymentProvider | null;
  mailer: Mailer;
  files: FileStore;
  env: string;
  brandName: string;
  publicUrl: string;
  /** Work that runs after a response and must not fail it (an email that can be retried). */
  onBackgroundError: (error: unknown, what: string) => void;
  /** A malformed JSON value read from a member's records (replaced by an empty value): to be logged. */
  onMalformedMemberData: (detail: MalformedMemberData) => void;
  /** The hosted user pool (or the embedded provider): sign-in, refresh, revocation, access-token checks. */
  identity: IdentityClient;
  /** Where sessions report what ends them and what they deliberately do not throw. */
  log: SessionLog;
};

type OrderViewerInput = { bagToken: string | null; memberId: string | null };

const viewerOf = ({ bagToken, memberId }: OrderViewerInput) => ({
  holderId: isWellFormedBagToken(bagToken) ? bagIdOf(bagToken) : null,
  memberId,
});

/**
 * The use cases bound to their database and integrations: what the adapters (pages, GraphQL,
 * webhooks) are handed, so they never reach the database themselves.
 */
export function createShop(deps: ShopDeps) {
  const { db, testPayments } = deps;
  const store = { db, catalog: deps.catalog };
  const { catalog } = store;
  const fulfilDeps = { db, payments: deps.payments, env: deps.env };
  const sendEmails = () =>
    sendPendingOrderEmails(deps).catch((error: unknown) => deps.onBackgroundError(error, "sending order emails"));
  const members = memberUseCases({ db, onMalformed: deps.onMalformedMemberData });

  return {
    catalog: {
      seriesCopy: () => loadSeriesCopy(db),
      listProducts: (filter?: Parameters<typeof listProducts>[1]) => listProducts(catalog, filter),
      findProduct: (productId: string, lookup?: LookupOptions) => findProduct(catalog, productId, lookup),
      findPurchaseOptions: (optionIds: string[], lookup?: LookupOptions) => findPurchaseOptions(catalog, optionIds, lookup),
    },
    bag: {
      get: (bagToken: string | null) => getBag(store, bagToken),
      add: (input: Parameters<typeof addToBag>[1]) => addToBag(store, input),
      setQuantity: (input: Parameters<typeof setBagLineQuantity>[1]) => setBagLineQuantity(store, input),
      remove: (input: Parameters<typeof removeBagLine>[1]) => removeBagLine(store, input),
    },
    checkout: {
      summary: (bagToken: string | null) => checkoutSummary(store, bagToken),
      applyPromotion: (input: Parameters<typeof applyPromotionToBag>[1]) => applyPromotionToBag(store, input),
      removePromotion: (bagToken: string | null) => removePromotionFromBag(db, bagToken),
      start: (input: Parameters<typeof startCheckout>[1]) => startCheckout({ ...store, payments: deps.payments }, input),
      /** The return from payment: fulfils if the webhook has not yet (both paths meet in one order). */
      complete: async (sessionId: string) => {
        const result = await fulfilCheckout(fulfilDeps, sessionId);
        if (result?.created) await sendEmails();
        return loadOrder(db, byCheckoutSession(sessionId));
      },
      unpaidMessage: (sessionId: string) => unpaidCheckoutMessage(db, sessionId),
      receiveWebhook: async (rawBody: string, signature: string | null) => {
        const event = await deps.payments.verifyWebhook(rawBody, signature);
        const result = await handlePaymentEvent(fulfilDeps, event);
        if (result?.created) await sendEmails();
      },
      sendPendingEmails: sendEmails,
    },
    testPayments: testPayments && {
      session: (sessionId: string) => testPayments.findSession(sessionId),
      pay: (sessionId: string, cardNumber: string) => testPayments.pay(sessionId, cardNumber),
    },
    members,
    /** The rewards catalogue and the member's redeems (rewards in the bag, paid with points). */
    rewards: rewardUseCases(store),
    /** Claiming past orders; debug tools for linked orders, customer records and dummy orders. */
    orderLinks: orderLinkUseCases({ db, onMalformed: deps.onMalformedMemberData }),
    /** The points ledger: earn actions, tiers and gold progress, order refunds, the points debug tools. */
    points: pointsUseCases({ db, onMalformed: deps.onMalformedMemberData }),
    ...signInUseCases({ db, identity: deps.identity, log: deps.log, members }),
    orders: {
      /** A guest proves an order is theirs; limited per client address, so invoice ids cannot be guessed. */
      claim: async (input: { bagToken: string; invoiceId: unknown; mobile: unknown; clientAddress: string }) => {
        await consumeRateLimit(db, ORDER_LOOKUP_LIMIT, input.clientAddress);
        return claimGuestOrderAccess(db, { holderId: bagIdOf(input.bagToken), invoiceId: input.invoiceId, mobile: input.mobile });
      },
      /** The order for this browser (bag token) or the signed-in member it is linked to. */
      view: (viewer: OrderViewerInput, invoiceId: string) => viewOrder(db, { ...viewerOf(viewer), invoiceId }),
      invoicePdf: async (viewer: OrderViewerInput, invoiceId: string) => {
        const order = await viewOrder(db, { ...viewerOf(viewer), invoiceId });
        return { order, pdf: await invoicePdf({ db, files: deps.files, brandName: deps.brandName }, order) };
      },
    },
  };
}

export type Shop = ReturnType<typeof createShop>;
