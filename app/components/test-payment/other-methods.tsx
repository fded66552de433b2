import { Form, Link } from "react-router";
import type { TestPaymentPage } from "../../../domain/checkout/get-test-payment-session.ts";
import { formatMoney } from "../../../kernel/money.ts";

/** The views of the test provider's page: the card form and each method the session offers beside it. */
export type PayView = "card" | "paynow" | "grabpay";

const BUTTON = "w-full rounded-full px-6 py-3 text-lg font-semibold disabled:opacity-60";
const PRIMARY = `${BUTTON} bg-brand-700 text-white`;
const SECONDARY = `${BUTTON} border border-slate-400 text-ink`;

/** One button of the page's forms: what it does travels as `way`. */
function WayButton({ way, look, busy, children }: { way: string; look: string; busy: boolean; children: string }) {
  return (
    <button type="submit" name="way" value={way} disabled={busy} className={look}>
      {children}
    </button>
  );
}

/** Card, PayNow or GrabPay, as links so the choice works without JavaScript; shown only when more than cards is offered. */
export function MethodChoice({ page, view }: { page: TestPaymentPage; view: PayView }) {
  const views: { view: PayView; label: string }[] = [
    { view: "card", label: "Card" },
    ...page.methods.flatMap(({ method, label }) =>
      method === "paynow" || method === "grabpay" ? [{ view: method, label }] : [],
    ),
  ];
  if (views.length < 2) return null;
  return (
    <nav aria-label="Payment method" className="mt-4 flex flex-wrap gap-2">
      {views.map((choice) => (
        <Link
          key={choice.view}
          to={choice.view === "card" ? "?" : `?method=${choice.view}`}
          aria-current={choice.view === view ? "page" : undefined}
          className="rounded-full border border-slate-400 px-4 py-2 font-semibold aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-900"
        >
          {choice.label}
        </Link>
      ))}
    </nav>
  );
}

/** Apple Pay and Google Pay, where offered: each pays as a card kept in the wallet (test card 4242). */
export function WalletButtons({ page, busy }: { page: TestPaymentPage; busy: boolean }) {
  const wallets = page.methods.filter(({ method }) => method === "apple_pay" || method === "google_pay");
  if (wallets.length === 0) return null;
  return (
    <Form method="post" className="mt-6 grid gap-3">
      {wallets.map(({ method, label }) => (
        <WayButton key={method} way={method} look={`${BUTTON} bg-ink text-white`} busy={busy}>
          {`Pay with ${label}`}
        </WayButton>
      ))}
      <p className="text-center text-sm text-muted">or pay by card</p>
    </Form>
  );
}

/** PayNow before it starts: the button that shows the QR code, as Stripe's page does. */
export function PayNowStart({ page, busy }: { page: TestPaymentPage; busy: boolean }) {
  return (
    <Form method="post" className="mt-6 space-y-4">
      <p>Pay {formatMoney(page.amountCents)} by scanning a PayNow QR code with your bank app.</p>
      <WayButton way="paynow" look={PRIMARY} busy={busy}>
        Show the PayNow QR code
      </WayButton>
    </Form>
  );
}

/**
 * A started PayNow payment: its QR code, and the buttons that stand for the shopper's bank app (pay,
 * fail) and for the code lapsing. The shopper may go back to the shop meanwhile: it waits for the payment.
 */
export function PayNowCode({ page, busy }: { page: TestPaymentPage; busy: boolean }) {
  return (
    <div className="mt-6 space-y-4">
      {page.payNowQr && (
        <div
          className="mx-auto w-56 max-w-full"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG is drawn on the server from the session's own id and amount
          dangerouslySetInnerHTML={{ __html: page.payNowQr }}
        />
      )}
      <p className="text-center">Scan with your bank app to pay {formatMoney(page.amountCents)}.</p>
      <Form method="post" className="grid gap-3">
        <p className="text-sm font-semibold uppercase tracking-wider text-muted">Test bank app</p>
        <WayButton way="paynow_paid" look={PRIMARY} busy={busy}>
          Pay
        </WayButton>
        <WayButton way="paynow_expired" look={SECONDARY} busy={busy}>
          Let it expire
        </WayButton>
        <WayButton way="paynow_failed" look={SECONDARY} busy={busy}>
          Fail the payment
        </WayButton>
      </Form>
      <a href={page.successUrl} className="block text-center text-sm underline">
        Back to the shop while the payment is on its way
      </a>
    </div>
  );
}

/** GrabPay, as its own approval page would be: approve or decline. */
export function GrabPayApproval({ page, busy }: { page: TestPaymentPage; busy: boolean }) {
  return (
    <Form method="post" className="mt-6 space-y-4">
      <p>GrabPay (test) asks you to approve a payment of {formatMoney(page.amountCents)} to the shop.</p>
      <WayButton way="grabpay" look={PRIMARY} busy={busy}>
        Approve in GrabPay
      </WayButton>
      <WayButton way="grabpay_declined" look={SECONDARY} busy={busy}>
        Decline in GrabPay
      </WayButton>
    </Form>
  );
}
