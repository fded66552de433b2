import { normalizeSingaporeMobile } from "../checkout/shipping-details.ts";
import { generateOrderCode, normalizeInvoiceId } from "../orders/order-code.ts";
import { AppError } from "../shared/app-error.ts";
import { toCents } from "../shared/money.ts";
import { parseInput } from "../shared/operation.ts";
import { emailInput } from "./email-input.ts";

/** SPEC.md §9: a dummy order costs S$100 unless meta says otherwise. */
export const DUMMY_ORDER_DEFAULT_PRICE_CENTS = 10_000;
/** SPEC.md §5: an old dummy order is placed 2 days before the base time, a new one 2 days after. */
export const DUMMY_ORDER_OFFSET_MS = 2 * 24 * 60 * 60 * 1000;
/** Larger timestamps are read as milliseconds (as the delivery estimate reads them, SPEC.md §9). */
const MILLISECONDS_FROM = 1e12;

export type DummyOrderInput = {
  when: "old" | "new";
  orderedAt: Date;
  priceCents: number;
  invoiceId: string;
  email: string;
  mobile: string;
};

const bad = (message: string) => new AppError("BAD_USER_INPUT", message);

function whenOf(value: unknown): "old" | "new" {
  if (typeof value !== "string") throw bad(`when must be the text "old" or "new".`);
  if (value !== "old" && value !== "new") throw bad(`when must be "old" or "new", not "${value.slice(0, 20)}".`);
  return value;
}

function baseOf(value: unknown, memberCreatedAt: Date): Date {
  if (value === undefined || value === null) return memberCreatedAt;
  const at = typeof value === "number" ? new Date(value >= MILLISECONDS_FROM ? value : value * 1000) : null;
  if (!at || Number.isNaN(at.getTime()) || (value as number) < 0) {
    throw bad("timestamp must be a number: epoch seconds (or milliseconds).");
  }
  return at;
}

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
 * The meta of createDummyOrder (as metaInput read it): `when` ('old' or 'new', a string) is
 * required; `timestamp` is the base in epoch seconds (the debug panel sends the member's createdAt;
 * absent means that); `price` in S$ defaults to 100; `invoiceId` to a fresh order code, `email` to
 * the member's, `mobile` to none.
 */
export function parseDummyOrderMeta(meta: Record<string, unknown>, member: { createdAt: Date; email: string }): DummyOrderInput {
  const when = whenOf(meta.when);
  const base = baseOf(meta.timestamp, member.createdAt);
  const orderedAt = new Date(base.getTime() + (when === "old" ? -DUMMY_ORDER_OFFSET_MS : DUMMY_ORDER_OFFSET_MS));
  if (Number.isNaN(orderedAt.getTime())) throw bad("timestamp is out of range.");
  return {
    when,
    orderedAt,
    priceCents: priceCentsOf(meta.price),
    invoiceId: invoiceIdOf(meta.invoiceId, orderedAt),
    email:
      meta.email === undefined || meta.email === null || meta.email === "" ? member.email : parseInput(emailInput, meta.email),
    mobile: mobileOf(meta.mobile),
  };
}
