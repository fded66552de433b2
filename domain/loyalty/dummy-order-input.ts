import { AppError } from "../../kernel/app-error.ts";
import { toCents } from "../../kernel/money.ts";
import { normalizeSingaporeMobile } from "../checkout/shipping-details.ts";
import { generateOrderCode, normalizeInvoiceId } from "../orders/order-code.ts";
import { parseInput } from "../shared/operation.ts";
import { DUMMY_ORDER_DEFAULT_PRICE_CENTS } from "./debug-defaults.ts";
import { instantOf, placedAt } from "./dummy-order-timestamp.ts";
import { emailInput } from "./email-input.ts";

export type DummyOrderInput = {
  /** Placed before the member joined (old: earns no points) or since (new). */
  when: "old" | "new";
  orderedAt: Date;
  priceCents: number;
  invoiceId: string;
  email: string;
  mobile: string;
};

const bad = (message: string) => new AppError("BAD_USER_INPUT", message);

function priceCentsOf(value: unknown): number {
  if (value === undefined || value === null) return DUMMY_ORDER_DEFAULT_PRICE_CENTS;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > 100_000) {
    throw bad("price must be an amount in S$ above 0 and up to 100000.");
  }
  return toCents(value);
}

function invoiceIdOf(value: unknown, orderedAt: Date): string {
  if (value === undefined || value === null || value === "") return generateOrderCode(orderedAt);
  const invoiceId = typeof value === "string" ? normalizeInvoiceId(value) : "";
  if (!/^[0-9A-Z-]{1,32}$/.test(invoiceId)) throw bad("invoiceId must be 1 to 32 letters, digits or dashes.");
  return invoiceId;
}

function mobileOf(value: unknown): string {
  if (value === undefined || value === null || value === "") return "";
  const mobile = typeof value === "string" ? normalizeSingaporeMobile(value) : null;
  if (!mobile) throw bad("mobile must be a Singapore mobile number, like 9123 4567.");
  return mobile;
}

/**
 * The meta of createDummyOrder (as metaInput read it), SPEC.md §7's `{price, invoiceId, email,
 * mobile, timestamp}`: `timestamp` is when the order was placed, in epoch seconds (or milliseconds).
 * Instead, `when` ('old' or 'new') places it by dummyOrderTimestamp from `timestamp` as the base,
 * the member's creation when absent. `price` in S$ defaults to 100; `invoiceId` to a fresh order
 * code, `email` to the member's, `mobile` to none.
 */
export function parseDummyOrderMeta(meta: Record<string, unknown>, member: { createdAt: Date; email: string }): DummyOrderInput {
  const absent = (value: unknown) => value === undefined || value === null;
  if (absent(meta.when) && absent(meta.timestamp)) {
    throw bad("timestamp (when the order was placed, epoch seconds) or when (old or new) is required.");
  }
  const orderedAt = absent(meta.when)
    ? instantOf(meta.timestamp)
    : placedAt(meta.when, absent(meta.timestamp) ? member.createdAt : instantOf(meta.timestamp));
  return {
    when: orderedAt < member.createdAt ? "old" : "new",
    orderedAt,
    priceCents: priceCentsOf(meta.price),
    invoiceId: invoiceIdOf(meta.invoiceId, orderedAt),
    email:
      meta.email === undefined || meta.email === null || meta.email === "" ? member.email : parseInput(emailInput, meta.email),
    mobile: mobileOf(meta.mobile),
  };
}
