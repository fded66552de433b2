import type { z } from "zod";
import { previewRefund } from "../../domain/orders/refunds/preview-refund.ts";
import { refundOrderPayment } from "../../domain/orders/refunds/refund-order-payment.ts";
import type { RefundRequestInput } from "../../domain/orders/refunds/refund-plan.ts";
import type { OperationContext } from "../../domain/shared/context.ts";
import { AppError } from "../../kernel/app-error.ts";
import { formatMoney } from "../../kernel/money.ts";
import type { RefundConfirmation } from "../components/admin/refund-forms.tsx";
import { type ActionResult, formText } from "./action-result.server.ts";
import { centsFromDollars } from "./money-input.ts";

type RefundRequestFields = z.input<typeof RefundRequestInput>;

const LINE_FIELD = /^line-(\d+)$/;

/** The line quantities typed in ("line-{position}"); an empty box or 0 is a line not chosen. */
function typedLines(form: FormData) {
  return [...form.entries()].flatMap(([name, value]) => {
    const position = LINE_FIELD.exec(name)?.[1];
    if (position === undefined || typeof value !== "string" || value.trim() === "" || Number(value) === 0) return [];
    return [{ position: Number(position), quantity: Number(value) }];
  });
}

const mixed = (message: string) => new AppError("BAD_USER_INPUT", `${message} Choose one kind of refund.`, { kind: "disagrees" });

/**
 * The refund form's choice, decided on the server as well, since a page without scripts cannot make
 * the kind follow what was typed: a kind that was not chosen is the one the filled-in field implies,
 * and a form whose kind and fields disagree is refused — never read as a refund of everything left.
 */
function refundKind(form: FormData, amountTyped: boolean, linesTyped: boolean): "rest" | "amount" | "lines" {
  const kind = formText(form, "kind");
  if (kind === "rest" && (amountTyped || linesTyped))
    throw mixed("“Everything left” is chosen, but an amount or line quantities are filled in too.");
  if (kind === "amount" && linesTyped) throw mixed("“An amount” is chosen, but line quantities are filled in too.");
  if (kind === "lines" && amountTyped) throw mixed("“Some lines” is chosen, but an amount is filled in too.");
  if (kind === "rest" || kind === "amount" || kind === "lines") return kind;
  if (amountTyped && linesTyped) throw mixed("Both an amount and line quantities are filled in.");
  if (amountTyped) return "amount";
  if (linesTyped) return "lines";
  throw new AppError("BAD_USER_INPUT", "Choose what to refund: everything left, an amount or some lines.", { kind: "missing" });
}

/** The refund and cancel forms' fields as the refund operations take them; amounts are typed in dollars. */
function refundRequestOf(form: FormData, orderId: string, intent: "refund" | "cancel"): RefundRequestFields {
  const reason = formText(form, "reason");
  if (intent === "cancel") return { orderId, what: { kind: "rest" }, reason, cancel: true };
  const amount = formText(form, "amount");
  const lines = typedLines(form);
  const kind = refundKind(form, amount.trim() !== "", lines.length > 0);
  const restock = formText(form, "restock") === "on";
  if (kind === "amount") return { orderId, what: { kind, amountCents: centsFromDollars(amount) }, reason, restock };
  if (kind === "lines") return { orderId, what: { kind, lines }, reason, restock };
  return { orderId, what: { kind }, reason, restock };
}

/**
 * The fields that say exactly what was asked, for the confirmation to send again: the decided kind
 * and only its own field, so the refund confirmed is the one shown.
 */
function refundFields(form: FormData, request: RefundRequestFields): [string, string][] {
  const { what } = request;
  const own: [string, string][] =
    what.kind === "amount"
      ? [["amount", formText(form, "amount")]]
      : what.kind === "lines"
        ? what.lines.map((line) => [`line-${String(line.position)}`, String(line.quantity)])
        : [];
  const restock: [string, string][] = request.restock ? [["restock", "on"]] : [];
  return [["kind", what.kind], ...own, ["reason", request.reason], ...restock];
}

/** What was typed into the refund form, handed back with a refusal so a page without scripts comes back filled in. */
export function refundFormValues(form: FormData): Record<string, string> {
  return Object.fromEntries(
    [...form.entries()].flatMap(([name, value]) =>
      typeof value === "string" &&
      (name === "kind" || name === "amount" || name === "reason" || name === "restock" || LINE_FIELD.test(name))
        ? [[name, value]]
        : [],
    ),
  );
}

/**
 * A refund or cancellation takes two posts: the form's, answered with what it would give back for
 * the staff member to confirm (nothing changes), then the confirmation's, which names the amount
 * confirmed and the refund's id.
 */
export async function refundOrCancel(
  operations: OperationContext,
  form: FormData,
  orderId: string,
  intent: "refund" | "cancel",
): Promise<ActionResult | { confirm: RefundConfirmation }> {
  const request = refundRequestOf(form, orderId, intent);
  const confirmedCents = formText(form, "confirmedCents");
  if (confirmedCents === "") {
    const plan = await previewRefund(operations, request);
    const confirm: RefundConfirmation = {
      intent,
      amountCents: plan.amountCents,
      refundId: plan.refundId,
      lines: plan.lines.map((line) => `${line.quantity} × ${line.description}`),
      reason: request.reason,
      restock: intent === "cancel" || request.restock === true,
      fields: refundFields(form, request),
    };
    return { confirm };
  }
  const refund = await refundOrderPayment(operations, { ...request, confirmedCents, refundId: formText(form, "refundId") });
  const amount = formatMoney(refund.amountCents);
  return {
    ok: true,
    message:
      refund.status === "succeeded"
        ? `${intent === "cancel" ? "Cancelled. " : ""}${amount} refunded; the shopper's email is on its way.`
        : intent === "cancel"
          ? `Cancelling: the order will not ship, and its refund of ${amount} is waiting for the payment provider; it will be tried again shortly.`
          : `${amount} is waiting for the payment provider; it will be tried again shortly.`,
  } satisfies ActionResult;
}
