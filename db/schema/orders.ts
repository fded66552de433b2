import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { PriceAdjustment } from "../../kernel/adjustment-sources.ts";
import { ORDER_STATES } from "../../kernel/order-statuses.ts";
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
};

/** A priced attempt to pay: the snapshot fulfilment turns into an order, whatever the bag does meanwhile. */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: text("id").primaryKey(),
    provider: text("provider", { enum: ["stripe", "test"] }).notNull(),
    status: text("status", { enum: ["open", "complete", "expired", "failed"] })
      .notNull()
      .default("open"),
    bagId: text("bag_id").notNull(),
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

export const customers = pgTable(
  "customers",
  {
    id: text("id").primaryKey(),
    /** Not unique: a checkout never takes over a record linked to another member, so an address can have several. */
    email: text("email").notNull(),
    name: text("name").notNull(),
    mobile: text("mobile").notNull(),
    address: text("address").notNull(),
    postalCode: text("postal_code").notNull(),
    memberId: text("member_id"),
    originalMemberId: text("original_member_id"),
    firstPurchasedOn: timestamp("first_purchased_on", { withTimezone: true }),
    customerStripeId: text("customer_stripe_id"),
    hasSignedNewsLetter: boolean("has_signed_newsletter").notNull().default(false),
    hasUsedNewsLetterPromo: boolean("has_used_newsletter_promo").notNull().default(false),
    isSubscribe: boolean("is_subscribe").notNull().default(false),
    purchaseCount: integer("purchase_count").notNull().default(0),
    ver: integer("ver").notNull().default(1),
    ...timestamps,
  },
  (table) => [index("customers_member_idx").on(table.memberId), index("customers_email_idx").on(sql`lower(${table.email})`)],
);

export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id").notNull().unique(),
    invoiceId: text("invoice_id").notNull().unique(),
    /** Names the placing: the same key twice places one order (domain/orders/place-order.ts). */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    checkoutSessionId: text("checkout_session_id")
      .notNull()
      .references(() => checkoutSessions.id),
    customerId: text("customer_id")
      .notNull()
      .references(() => customers.id),
    memberId: text("member_id"),
    originalMemberId: text("original_member_id"),
    status: text("status", { enum: ORDER_STATES }).notNull(),
    email: text("email").notNull(),
    mobile: text("mobile").notNull(),
    env: text("env").notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    /** Every discount on the order (its price_adjustments rows), summed; its lines' discount_cents split it. */
    discountCents: integer("discount_cents").notNull(),
    /** The paying card's fingerprint where the provider gives one (Stripe does): a referral's self-referral check. */
    cardFingerprint: text("card_fingerprint"),
    shippingCents: integer("shipping_cents").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** How much of the price has been refunded; points are reversed in proportion. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    deliveryStart: text("delivery_start").notNull(),
    deliveryEnd: text("delivery_end").notNull(),
    s3Key: text("s3_key"),
    s3Url: text("s3_url"),
    linkedAt: timestamp("linked_at", { withTimezone: true }),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    ver: integer("ver").notNull().default(1),
    ...timestamps,
  },
  (table) => [
    // One order per paid session, enforced here rather than trusted to code.
    uniqueIndex("orders_one_per_checkout_session").on(table.checkoutSessionId),
    index("orders_mobile_idx").on(table.mobile),
    index("orders_member_idx").on(table.memberId),
    // Orders by status (the metrics' counts) from the index alone.
    index("orders_status_idx").on(table.status),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    optionId: text("option_id").notNull(),
    productName: text("product_name").notNull(),
    optionName: text("option_name").notNull(),
    flavourName: text("flavour_name"),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    discountCents: integer("discount_cents").notNull(),
    lineTotalCents: integer("line_total_cents").notNull(),
  },
  (table) => [uniqueIndex("order_lines_position").on(table.orderId, table.position)],
);

/** Every payment webhook event id, recorded once: a replay finds its id and does nothing. */
export const paymentEvents = pgTable("payment_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  sessionId: text("session_id"),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Who may see a guest order without signing in: the browser that bought it or looked it up with its mobile number. */
export const orderAccessGrants = pgTable(
  "order_access_grants",
  {
    holderId: text("holder_id").notNull(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.holderId, table.orderId] })],
);

/**
 * Money given back on an order, through the payment provider: asked for by staff (pending until the
 * provider confirms it) or made in the provider's dashboard (known by its webhook). The provider's
 * refund id is unique, so a refund is never counted twice whichever way it is learnt of.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    source: text("source", { enum: ["staff", "provider"] }).notNull(),
    status: text("status", { enum: ["pending", "succeeded"] }).notNull(),
    /** A refund that cancels the order (paid, not shipped): the order ends cancelled rather than refunded. */
    cancelsOrder: boolean("cancels_order").notNull().default(false),
    /** The staff member put the credited boxes back on the shelf (a cancel always does). */
    restock: boolean("restock").notNull().default(false),
    providerRefundId: text("provider_refund_id").unique(),
    staffEmail: text("staff_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (table) => [
    index("refunds_order_idx").on(table.orderId),
    // Refunds and their amounts by status (the metrics' totals) from the index alone.
    index("refunds_status_amount_idx").on(table.status, table.amountCents),
    check("refund_amount_positive", sql`${table.amountCents} > 0`),
  ],
);

/**
 * The order lines a refund credits and how many of each: the lines staff chose, or every box still
 * open once a refund leaves nothing of the order to refund. Pending refunds count too, so a line is
 * never refunded past what was bought.
 */
export const refundLines = pgTable(
  "refund_lines",
  {
    refundId: text("refund_id")
      .notNull()
      .references(() => refunds.id),
    orderId: text("order_id").notNull(),
    position: integer("position").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.refundId, table.position] }),
    foreignKey({
      name: "refund_lines_order_line_fk",
      columns: [table.orderId, table.position],
      foreignColumns: [orderLines.orderId, orderLines.position],
    }),
    index("refund_lines_order_idx").on(table.orderId),
    check("refund_line_quantity_positive", sql`${table.quantity} > 0`),
  ],
);
