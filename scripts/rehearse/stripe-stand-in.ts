/**
 * A stand-in for Stripe in the production rehearsal: the few API calls the shop's Stripe adapter makes
 * (coupons, Checkout Sessions in payment and setup mode, off-session PaymentIntents, refunds), a
 * hosted card page that also takes PayNow where the session allows it (the session completes unpaid,
 * and POST /c/paynow/:id/pay stands for the shopper's bank app paying it later, sending
 * checkout.session.async_payment_succeeded), and signed webhooks to the shop. State lives in memory for the one run.
 *
 * PORT, PUBLIC_URL (where browsers reach the card page), WEBHOOK_URL (the shop's, through nginx),
 * STRIPE_WEBHOOK_SECRET.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { signStripePayload } from "../../integrations/payments/stripe-signature.ts";
import {
  chargeOffSession,
  keepCard,
  listOffSessionCharges,
  newId,
  paidAmounts,
  payingCard,
  paymentMethod,
} from "./stripe-stand-in-cards.ts";
import { cardPage } from "./stripe-stand-in-page.ts";

type Session = {
  id: string;
  object: "checkout.session";
  mode: "payment" | "setup";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  payment_intent: string | null;
  setup_intent: string | null;
  customer: string | null;
  custom_text: { submit: { message: string } | null };
  /** The stand-in's own: whether paying keeps the card (setup, or setup_future_usage), and the card kept. */
  keeps_card: boolean;
  saved_payment_method: string | null;
  customer_email: string | null;
  /** The methods Checkout may offer (allowed_payment_method_types), and the one the shopper paid with. */
  payment_method_types: string[];
  paid_by: "card" | "paynow" | null;
  amount_total: number;
  currency: "sgd";
  success_url: string;
  cancel_url: string;
  expires_at: number;
  metadata: Record<string, string>;
};
type Refund = {
  id: string;
  object: "refund";
  amount: number;
  currency: "sgd";
  payment_intent: string;
  status: "succeeded";
  metadata: Record<string, string>;
};

const { PORT = "0", PUBLIC_URL = "", WEBHOOK_URL = "", STRIPE_WEBHOOK_SECRET = "" } = process.env;
const sessions = new Map<string, Session>();
const coupons = new Map<string, number>();
const refunds: Refund[] = [];
/** Stripe answers a repeated idempotency key with the first answer (a card error too). */
const answered = new Map<string, [number, unknown]>();

function createSession(form: URLSearchParams): Session {
  let total = 0;
  for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
    total += Number(form.get(`line_items[${i}][quantity]`)) * Number(form.get(`line_items[${i}][price_data][unit_amount]`));
  }
  total += Number(form.get("shipping_options[0][shipping_rate_data][fixed_amount][amount]") ?? 0);
  total -= coupons.get(form.get("discounts[0][coupon]") ?? "") ?? 0;
  const id = newId("cs_test");
  const mode = form.get("mode") === "setup" ? "setup" : "payment";
  const message = form.get("custom_text[submit][message]");
  const session: Session = {
    id,
    object: "checkout.session",
    mode,
    url: `${PUBLIC_URL}/c/pay/${id}`,
    status: "open",
    payment_status: "unpaid",
    payment_intent: null,
    setup_intent: null,
    customer: form.get("customer"),
    custom_text: { submit: message ? { message } : null },
    keeps_card: mode === "setup" || form.get("payment_intent_data[setup_future_usage]") === "off_session",
    saved_payment_method: null,
    customer_email: form.get("customer_email"),
    payment_method_types: [...form].flatMap(([field, value]) =>
      field.startsWith("allowed_payment_method_types[") ? [value] : [],
    ),
    paid_by: null,
    amount_total: total,
    currency: "sgd",
    success_url: form.get("success_url") ?? "",
    cancel_url: form.get("cancel_url") ?? "",
    expires_at: Math.floor(Date.now() / 1000) + 24 * 60 * 60,
    metadata: {},
  };
  sessions.set(id, session);
  return session;
}

function createRefund(form: URLSearchParams): Refund | null {
  const paymentIntent = form.get("payment_intent") ?? "";
  const paid = paidAmounts.get(paymentIntent);
  const amount = Number(form.get("amount"));
  const refunded = refunds.filter((r) => r.payment_intent === paymentIntent).reduce((sum, r) => sum + r.amount, 0);
  if (paid === undefined || !(amount > 0) || refunded + amount > paid) return null;
  const refund: Refund = {
    id: newId("re"),
    object: "refund",
    amount,
    currency: "sgd",
    payment_intent: paymentIntent,
    status: "succeeded",
    metadata: { refundId: form.get("metadata[refundId]") ?? "" },
  };
  refunds.push(refund);
  return refund;
}

/** Sends a signed event to the shop, retrying like Stripe (here a few times, a second apart). */
async function sendEvent(type: string, object: Session | Refund): Promise<void> {
  const event = {
    id: newId("evt"),
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  };
  const payload = JSON.stringify(event);
  for (let attempt = 1; attempt <= 5; attempt++) {
    const signature = await signStripePayload(payload, STRIPE_WEBHOOK_SECRET);
    const outcome = await fetch(WEBHOOK_URL, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    }).then(
      (response) => String(response.status),
      (error: unknown) => String(error),
    );
    console.log(`webhook ${type} ${event.id} attempt ${attempt}: ${outcome}`);
    if (outcome.startsWith("2")) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function api(method: string, url: URL, form: URLSearchParams): [number, unknown] {
  const path = url.pathname;
  const notFound: [number, unknown] = [404, { error: { type: "invalid_request_error", message: `No such resource: ${path}` } }];
  if (method === "POST" && path === "/v1/coupons") {
    const id = newId("coupon");
    coupons.set(id, Number(form.get("amount_off")));
    return [200, { id, object: "coupon", amount_off: coupons.get(id) }];
  }
  if (method === "POST" && path === "/v1/checkout/sessions") return [200, createSession(form)];
  if (method === "POST" && path === "/v1/payment_intents") return chargeOffSession(form);
  // Not a call the shop makes: the rehearsal's journeys read here what the shop charged.
  if (method === "GET" && path === "/v1/payment_intents") return [200, listOffSessionCharges(url.searchParams.get("customer"))];
  if (method === "GET" && path === "/v1/checkout/sessions") {
    const data = [...sessions.values()].filter((s) => s.payment_intent === url.searchParams.get("payment_intent"));
    return [200, { object: "list", data: data.slice(0, 1), has_more: false, url: path }];
  }
  const [, id, action] = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path) ?? [];
  const session = id ? sessions.get(id) : undefined;
  if (!session) {
    if (method === "POST" && path === "/v1/refunds") {
      const refund = createRefund(form);
      if (!refund) return [400, { error: { type: "invalid_request_error", message: "Refund amount is not available." } }];
      setTimeout(() => sendEvent("refund.created", refund).then(() => sendEvent("refund.updated", refund)), 100);
      return [200, refund];
    }
    return notFound;
  }
  const expand = [...url.searchParams.keys(), ...form.keys()].some((field) => field.startsWith("expand"));
  const shown = (current: Session) => (expand ? expanded(current) : current);
  if (method === "GET" && !action) return [200, shown(session)];
  if (method === "POST" && action) {
    if (session.status !== "open") {
      return [
        400,
        { error: { type: "invalid_request_error", message: "Only Checkout Sessions with a status of `open` can be expired." } },
      ];
    }
    session.status = "expired";
    return [200, shown(session)];
  }
  return notFound;
}

/** A session read with its intents' payment methods expanded, as the adapter reads it. */
function expanded(session: Session): unknown {
  const payment_method =
    session.paid_by === "paynow"
      ? { id: `pm_${session.id}`, object: "payment_method", type: "paynow", paynow: {} }
      : paymentMethod(session.saved_payment_method);
  const setupFutureUsage = session.keeps_card ? "off_session" : null;
  return {
    ...session,
    payment_intent: session.payment_intent && {
      id: session.payment_intent,
      object: "payment_intent",
      setup_future_usage: setupFutureUsage,
      payment_method,
    },
    setup_intent: session.setup_intent && { id: session.setup_intent, object: "setup_intent", payment_method },
  };
}

/** The shopper chose PayNow: like Stripe, the session completes unpaid and the shopper returns to the shop to wait. */
function startPayNow(session: Session, response: ServerResponse): void {
  Object.assign(session, { status: "complete", payment_status: "unpaid", payment_intent: newId("pi"), paid_by: "paynow" });
  void sendEvent("checkout.session.completed", { ...session });
  response.writeHead(303, { location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) }).end();
}

/** The shopper's bank app paid the PayNow code: the payment succeeds, as Stripe tells the shop asynchronously. */
function payPayNow(session: Session, response: ServerResponse): void {
  if (session.paid_by !== "paynow" || session.payment_status !== "unpaid" || !session.payment_intent) {
    response.writeHead(409).end("No PayNow payment is awaited on this session");
    return;
  }
  session.payment_status = "paid";
  paidAmounts.set(session.payment_intent, session.amount_total);
  void sendEvent("checkout.session.async_payment_succeeded", { ...session });
  response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ paid: session.id }));
}

function hostedPage(method: string, session: Session, form: URLSearchParams, response: ServerResponse): void {
  const payNow = form.get("method") === "paynow" && session.payment_method_types.includes("paynow");
  if (method === "POST" && session.status === "open" && payNow) {
    startPayNow(session, response);
    return;
  }
  const card = payingCard(form.get("card"));
  if (method === "POST" && session.status === "open" && card) {
    const customer = session.customer ?? (session.keeps_card ? newId("cus") : null);
    const payment_intent = session.mode === "payment" ? newId("pi") : null;
    if (payment_intent) paidAmounts.set(payment_intent, session.amount_total);
    Object.assign(session, {
      status: "complete",
      payment_status: session.mode === "setup" ? "no_payment_required" : "paid",
      payment_intent,
      setup_intent: session.mode === "setup" ? newId("seti") : null,
      customer,
      saved_payment_method: session.keeps_card && customer ? keepCard(customer, card) : null,
      paid_by: "card",
    });
    // Stripe's webhook and the shopper's return race each other; the shop must settle them to one order.
    void sendEvent("checkout.session.completed", { ...session });
    response.writeHead(303, { location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) }).end();
    return;
  }
  response.writeHead(method === "POST" ? 402 : 200, { "content-type": "text/html; charset=utf-8" });
  response.end(
    cardPage({
      action: session.mode === "setup" ? "Save card" : `Pay S$${(session.amount_total / 100).toFixed(2)}`,
      email: session.customer_email,
      consent: session.custom_text.submit?.message ?? null,
      payNow: session.payment_method_types.includes("paynow"),
      cancelUrl: session.cancel_url,
      declined: method === "POST",
    }),
  );
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  let raw = "";
  for await (const chunk of request) raw += chunk;
  const url = new URL(request.url ?? "/", "http://stand-in");
  const form = new URLSearchParams(raw);
  const method = request.method ?? "GET";
  const bankApp = /^\/c\/paynow\/([^/]+)\/pay$/.exec(url.pathname);
  const paying = bankApp && method === "POST" ? sessions.get(bankApp[1] ?? "") : undefined;
  if (paying) return payPayNow(paying, response);
  const payPage = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
  if (payPage) {
    const session = sessions.get(payPage[1] ?? "");
    if (session) return hostedPage(method, session, form, response);
    response.writeHead(404).end("No such payment page");
    return;
  }
  const key = request.headers["idempotency-key"];
  const kept = typeof key === "string" ? answered.get(`${url.pathname} ${key}`) : undefined;
  const [status, body] = kept ?? api(method, url, form);
  if (typeof key === "string" && (status === 200 || status === 402)) answered.set(`${url.pathname} ${key}`, [status, body]);
  console.log(`${method} ${url.pathname} ${status}`);
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

createServer((request, response) => {
  handle(request, response).catch((error: unknown) => {
    console.error(error);
    response.writeHead(500).end();
  });
}).listen(Number(PORT), "127.0.0.1", () => console.log(`Stripe stand-in ready on 127.0.0.1:${PORT}`));
