import { z } from "zod";
import { toCents } from "../../kernel/money.ts";
import { generateOrderCode, normalizeInvoiceId } from "../../kernel/order-code.ts";
import { normalizeSingaporeMobile } from "../../kernel/singapore-mobile.ts";
import { DUMMY_ORDER_DEFAULT_PRICE_CENTS, MAX_DUMMY_ORDER_PRICE } from "../loyalty/points/debug-defaults.ts";
import { emailInput } from "../members/email-input.ts";
import { optional } from "../shared/input.ts";
import { isValidDate, placedAt, TIMESTAMP_OUT_OF_RANGE, timestampInput, whenInput } from "./dummy-order-timestamp.ts";

export type DummyOrderInput = {
  /** Placed before the member joined (old: earns no points) or since (new). */
  when: "old" | "new";
  orderedAt: Date;
  priceCents: number;
  invoiceId: string;
  email: string;
  mobile: string;
};

const PRICE = `price must be an amount in S$ above 0 and up to ${MAX_DUMMY_ORDER_PRICE}.`;
const INVOICE_ID = "invoiceId must be 1 to 32 letters, digits or dashes.";
const MOBILE = "mobile must be a Singapore mobile number, like 9123 4567.";
const PLACED = "timestamp (when the order was placed, epoch seconds) or when (old or new) is required.";

const mobileInput = z.string({ error: MOBILE }).transform((value, ctx) => {
  const mobile = normalizeSingaporeMobile(value);
  if (mobile) return mobile;
  ctx.addIssue({ code: "custom", message: MOBILE });
  return z.NEVER;
});

/** When the order was placed: at an instant, or by the old/new rule from the member's creation. */
type Placed = { at: Date } | { when: "old" | "new" };

function placementOf(when: "old" | "new" | undefined, timestamp: Date | undefined): Placed | null {
  if (!when) return timestamp ? { at: timestamp } : null;
  return timestamp ? { at: placedAt(when, timestamp) } : { when };
}

/**
 * createDummyOrder's meta, SPEC.md §7's `{price, invoiceId, email, mobile, timestamp}`: `timestamp`
 * is when the order was placed, in epoch seconds (or milliseconds). Instead, `when` ('old' or 'new')
 * places it by the old/new rule (dummy-order-timestamp.ts) from `timestamp` as the base, the member's
 * creation when absent (`placed.when` alone). `price` in S$ defaults to 100; `invoiceId` to a fresh
 * order code, `email` to the member's, `mobile` to none.
 */
export const DummyOrderMeta = z
  .object({
    when: optional(whenInput),
    timestamp: optional(timestampInput),
    price: optional(
      z
        .number({ error: PRICE })
        .gt(0, { error: PRICE })
        .max(MAX_DUMMY_ORDER_PRICE, { error: PRICE })
        .transform((price) => toCents(price)),
    ),
    invoiceId: optional(
      z
        .string({ error: INVOICE_ID })
        .transform(normalizeInvoiceId)
        .refine((value) => /^[0-9A-Z-]{1,32}$/.test(value), { error: INVOICE_ID }),
      { emptyIsAbsent: true },
    ),
    email: optional(emailInput, { emptyIsAbsent: true }),
    mobile: optional(mobileInput, { emptyIsAbsent: true }),
  })
  .transform(({ when, timestamp, price, ...rest }, ctx) => {
    const placed = placementOf(when, timestamp);
    if (!placed) {
      ctx.addIssue({ code: "custom", message: PLACED });
      return z.NEVER;
    }
    if ("at" in placed && !isValidDate(placed.at)) {
      ctx.addIssue({ code: "custom", path: ["timestamp"], message: TIMESTAMP_OUT_OF_RANGE });
      return z.NEVER;
    }
    return { ...rest, placed, priceCents: price ?? DUMMY_ORDER_DEFAULT_PRICE_CENTS };
  });

/** The dummy order its meta describes, for this member (whose creation is the old/new rule's default base). */
export function dummyOrderOf(meta: z.output<typeof DummyOrderMeta>, member: { createdAt: Date; email: string }): DummyOrderInput {
  const orderedAt = "at" in meta.placed ? meta.placed.at : placedAt(meta.placed.when, member.createdAt);
  return {
    when: orderedAt < member.createdAt ? "old" : "new",
    orderedAt,
    priceCents: meta.priceCents,
    invoiceId: meta.invoiceId ?? generateOrderCode(orderedAt),
    email: meta.email ?? member.email,
    mobile: meta.mobile ?? "",
  };
}
