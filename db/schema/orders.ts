import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ORDER_STATES } from "../../kernel/order-statuses.ts";
import { CARD_WALLETS, PAYMENT_METHODS } from "../../kernel/payment-methods.ts";
import { checkoutSessions } from "./checkout.ts";
import { deliveryOptions } from "./delivery.ts";
import { timestamps } from "./timestamps.ts";

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
    /** The provider's payment of an order charged off-session (a renewal): what a refund gives back. */
    paymentIntentId: text("payment_intent_id").unique(),
    /** How the order was paid (kernel/payment-methods.ts); orders from before it was recorded were paid by card. */
    paymentMethod: text("payment_method", { enum: PAYMENT_METHODS }).notNull().default("card"),
    /** The paying card's brand and last four digits, and the wallet it paid through; null for other methods. */
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    cardWallet: text("card_wallet", { enum: CARD_WALLETS }),
    shippingCents: integer("shipping_cents").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** How much of the price has been refunded; points are reversed in proportion. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    deliveryStart: text("delivery_start").notNull(),
    deliveryEnd: text("delivery_end").notNull(),
    /** The delivery option chosen and its name then; null on orders placed before there was a choice. */
    deliveryOptionId: text("delivery_option_id").references(() => deliveryOptions.id),
    deliveryOptionName: text("delivery_option_name"),
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
