import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { PriceAdjustment } from "../../kernel/adjustment-sources.ts";
import type { DeliveryChoice } from "./delivery.ts";
import { promotionCodes } from "./promotion-codes.ts";
import { timestamps } from "./timestamps.ts";

export type ShippingDetails = {
  name: string;
  email: string;
  mobile: string;
  address: string;
  postalCode: string;
  newsletter: boolean;
};

export type CheckoutLine = {
  optionId: string;
  productName: string;
  optionName: string;
  flavourName: string | null;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  lineTotalCents: number;
  /** A line bought on subscription: how often it renews and the discount promised with it. */
  subscription?: SubscribedTerms | null;
};

/** What a subscribed line was sold on: its cadence and the subscription discount at sign-up. */
export type SubscribedTerms = { cadenceWeeks: number; discountPercent: number };

/** A priced attempt to pay: the snapshot fulfilment turns into an order, whatever the bag does meanwhile. */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    provider: text("provider", { enum: ["stripe", "test"] }).notNull(),
    status: text("status", { enum: ["open", "complete", "expired", "failed"] })
      .notNull()
      .default("open"),
    /** The bag paid for; none for a renewal, which the shop prices and charges off-session. */
    bagId: text("bag_id"),
    shipping: jsonb("shipping").$type<ShippingDetails>().notNull(),
    lines: jsonb("lines").$type<CheckoutLine[]>().notNull(),
    promotionCode: text("promotion_code").references(() => promotionCodes.code),
    subtotalCents: integer("subtotal_cents").notNull(),
    /** Every discount, summed: the adjustments' cents, split over the lines. */
    discountCents: integer("discount_cents").notNull(),
    /** The discounts the session was priced with, in the order they were taken off (decision 054). */
    adjustments: jsonb("adjustments").$type<PriceAdjustment[]>().notNull().default([]),
    /** The device cookie the checkout started on. */
    deviceId: text("device_id"),
    shippingCents: integer("shipping_cents").notNull(),
    /** The delivery option and the promise shown when the shopper went to pay: what the order gets (decision 063). */
    delivery: jsonb("delivery").$type<DeliveryChoice>(),
    totalCents: integer("total_cents").notNull(),
    failureMessage: text("failure_message"),
    /** The client address that started the checkout: one address holds only a share of a limited code's uses. */
    clientAddress: text("client_address"),
    /** When the payment provider lets the session lapse (30 minutes after it opens); its promotion hold is released then. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull().default(sql`now() + interval '24 hours'`),
    ...timestamps,
  },
  (table) => [
    index("checkout_sessions_bag_idx").on(table.bagId),
    // A code's uses by one customer (the per-customer limit).
    index("checkout_sessions_promotion_idx").on(table.promotionCode).where(sql`${table.promotionCode} is not null`),
  ],
);

/** Every payment webhook event id, recorded once: a replay finds its id and does nothing. */
export const paymentEvents = pgTable("payment_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  sessionId: text("session_id"),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
