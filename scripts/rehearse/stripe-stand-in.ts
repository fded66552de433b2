/**
 * A stand-in for Stripe in the production rehearsal: the few API calls the shop's Stripe adapter makes
 * (coupons, Checkout Sessions, refunds), a hosted card page, and signed webhooks to the shop. State
 * lives in memory for the one run.
 *
 * PORT, PUBLIC_URL (where browsers reach the card page), WEBHOOK_URL (the shop's, through nginx),
 * STRIPE_WEBHOOK_SECRET.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { signStripePayload } from "../../integrations/payments/stripe-signature.ts";

type Session = {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  payment_intent: string | null;
  customer: null;
  customer_email: string | null;
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

const PAYING_CARD = "4242424242424242";
const { PORT = "0", PUBLIC_URL = "", WEBHOOK_URL = "", STRIPE_WEBHOOK_SECRET = "" } = process.env;
const sessions = new Map<string, Session>();
const coupons = new Map<string, number>();
const refunds: Refund[] = [];
/** Stripe answers a repeated idempotency key with the first answer. */
const answered = new Map<string, unknown>();

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

function createSession(form: URLSearchParams): Session {
  let total = 0;
  for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
    total += Number(form.get(`line_items[${i}][quantity]`)) * Number(form.get(`line_items[${i}][price_data][unit_amount]`));
  }
  total += Number(form.get("shipping_options[0][shipping_rate_data][fixed_amount][amount]") ?? 0);
  total -= coupons.get(form.get("discounts[0][coupon]") ?? "") ?? 0;
  const id = newId("cs_test");
  const session: Session = {
    id,
    object: "checkout.session",
    url: `${PUBLIC_URL}/c/pay/${id}`,
    status: "open",
    payment_status: "unpaid",
    payment_intent: null,
    customer: null,
    customer_email: form.get("customer_email"),
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
  const session = [...sessions.values()].find((s) => s.payment_intent === paymentIntent);
  const amount = Number(form.get("amount"));
  const refunded = refunds.filter((r) => r.payment_intent === paymentIntent).reduce((sum, r) => sum + r.amount, 0);
  if (!session || !(amount > 0) || refunded + amount > session.amount_total) return null;
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
  if (method === "GET" && !action) return [200, session];
  if (method === "POST" && action) {
    if (session.status !== "open") {
      return [
        400,
        { error: { type: "invalid_request_error", message: "Only Checkout Sessions with a status of `open` can be expired." } },
      ];
    }
    session.status = "expired";
    return [200, session];
  }
  return notFound;
}

const money = (cents: number) => `S$${(cents / 100).toFixed(2)}`;

function cardPage(session: Session, declined: boolean): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${money(session.amount_total)} | Stripe stand-in</title><link rel="icon" href="data:,"></head>
<body style="font-family:system-ui;max-width:26rem;margin:2rem auto;padding:0 1rem">
<main><h1>Pay ${money(session.amount_total)}</h1><p>${session.customer_email ?? ""}</p>
${declined ? '<p role="alert">Your card was declined.</p>' : ""}
<form method="post"><label for="card">Card number</label><br>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" style="width:100%;padding:.5rem;font-size:1rem"><br><br>
<button type="submit" style="padding:.5rem 1rem;font-size:1rem">Pay ${money(session.amount_total)}</button></form>
<p><a href="${session.cancel_url}">Back to the shop</a></p></main></body></html>`;
}

function hostedPage(method: string, session: Session, form: URLSearchParams, response: ServerResponse): void {
  if (method === "POST" && session.status === "open" && form.get("card")?.replace(/\s/g, "") === PAYING_CARD) {
    Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: newId("pi") });
    // Stripe's webhook and the shopper's return race each other; the shop must settle them to one order.
    void sendEvent("checkout.session.completed", { ...session });
    response.writeHead(303, { location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) }).end();
    return;
  }
  response.writeHead(method === "POST" ? 402 : 200, { "content-type": "text/html; charset=utf-8" });
  response.end(cardPage(session, method === "POST"));
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  let raw = "";
  for await (const chunk of request) raw += chunk;
  const url = new URL(request.url ?? "/", "http://stand-in");
  const form = new URLSearchParams(raw);
  const method = request.method ?? "GET";
  const payPage = /^\/c\/pay\/([^/]+)$/.exec(url.pathname);
  if (payPage) {
    const session = sessions.get(payPage[1] ?? "");
    if (session) return hostedPage(method, session, form, response);
    response.writeHead(404).end("No such payment page");
    return;
  }
  const key = request.headers["idempotency-key"];
  const kept = typeof key === "string" ? answered.get(`${url.pathname} ${key}`) : undefined;
  const [status, body] = kept ? [200, kept] : api(method, url, form);
  if (typeof key === "string" && status === 200) answered.set(`${url.pathname} ${key}`, body);
  console.log(`${method} ${url.pathname} ${status}`);
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

createServer((request, response) => {
  handle(request, response).catch((error: unknown) => {
    console.error(error);
    response.writeHead(500).end();
  });
}).listen(Number(PORT), "127.0.0.1", () => console.log(`Stripe stand-in ready on 127.0.0.1:${PORT}`));
