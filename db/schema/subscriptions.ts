import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import {
  DEFAULT_SUBSCRIPTION_OFFER,
  RENEWAL_OUTCOMES,
  SOLD_OUT_RULES,
  SUBSCRIPTION_STATUSES,
} from "../../kernel/subscription-terms.ts";
import { purchaseOptions } from "./catalog.ts";
import { checkoutSessions, type ShippingDetails } from "./checkout.ts";
import { memberAddresses } from "./member-addresses.ts";
import { members } from "./members.ts";
import { orders } from "./orders.ts";
import { timestamps } from "./timestamps.ts";

const offer = DEFAULT_SUBSCRIPTION_OFFER;

/**
 * A member's standing order for one purchase option (decision 055): how many, how often, where to,
 * the card the provider keeps for it, and the discount it was sold with. The shop keeps the schedule
 * and places each renewal itself as an order.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    memberId: text("member_id")
      .notNull()
      .references(() => members.id),
    optionId: text("option_id")
      .notNull()
      .references(() => purchaseOptions.optionId),
    quantity: integer("quantity").notNull(),
    cadenceWeeks: integer("cadence_weeks").notNull(),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("active"),
    /** The Singapore date the next renewal is due. */
    nextRenewalOn: date("next_renewal_on").notNull(),
    /** A pause's end; null while paused means until the member resumes. */
    pausedUntil: date("paused_until"),
    /** Where each renewal ships, as the first checkout took it. */
    shipping: jsonb("shipping").$type<ShippingDetails>().notNull(),
    /**
     * The address-book entry the boxes ship to (decision 064), kept in `shipping` as it changes; null
     * when the address was typed. An entry a live subscription ships to cannot be removed.
     */
    addressId: text("address_id").references(() => memberAddresses.id, { onDelete: "set null" }),
    providerCustomerId: text("provider_customer_id").notNull(),
    paymentMethodId: text("payment_method_id").notNull(),
    cardBrand: text("card_brand").notNull(),
    cardLast4: text("card_last4").notNull(),
    /** The discount promised at sign-up: later changes to the offer do not touch it. */
    discountPercent: integer("discount_percent").notNull(),
    /** The order it began with. */
    firstOrderId: text("first_order_id")
      .notNull()
      .references(() => orders.id),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    ...timestamps,
  },
  (table) => [
    index("subscriptions_member_idx").on(table.memberId),
    // What the renewal job looks for: active subscriptions by due date.
    index("subscriptions_due_idx").on(table.nextRenewalOn).where(sql`${table.status} = 'active'`),
    check("subscriptions_quantity_range", sql`${table.quantity} between 1 and 99`),
    check("subscriptions_cadence_positive", sql`${table.cadenceWeeks} > 0`),
    check("subscriptions_discount_range", sql`${table.discountPercent} between 0 and 100`),
  ],
);

/**
 * One renewal of a subscription, per due date: the unique pair is what makes a date renew once
 * whichever process gets there. It records each charge attempt (the attempt number is in the
 * provider's idempotency key), the checkout session its lines were priced and its stock held under,
 * and its order once paid.
 */
export const subscriptionRenewals = pgTable(
  "subscription_renewals",
  {
    id: text("id").primaryKey(),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    dueOn: date("due_on").notNull(),
    outcome: text("outcome", { enum: RENEWAL_OUTCOMES }).notNull(),
    /** Charges tried for this date; a retry after a decline is the next attempt, with its own key. */
    attempts: integer("attempts").notNull().default(0),
    /** The session of the current attempt: its priced lines and its stock hold. */
    checkoutSessionId: text("checkout_session_id").references(() => checkoutSessions.id),
    /** Until when the run that started the current attempt owns it; after that (a crash) another run finishes it. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    paymentIntentId: text("payment_intent_id"),
    failureReason: text("failure_reason"),
    /** When the first attempt was declined or needed the card holder: the retry schedule counts its days from it. */
    firstDeclinedAt: timestamp("first_declined_at", { withTimezone: true }),
    /** When a declined renewal is tried again (the retry schedule sets it); null: not until then. */
    retryAt: timestamp("retry_at", { withTimezone: true }),
    orderId: text("order_id").references(() => orders.id),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("subscription_renewals_one_per_date").on(table.subscriptionId, table.dueOn),
    uniqueIndex("subscription_renewals_order").on(table.orderId),
  ],
);

/** The merchant's subscription offer: one row (id "shop"), its defaults in kernel/subscription-terms.ts. */
export const subscriptionSettings = pgTable(
  "subscription_settings",
  {
    id: text("id").primaryKey().default("shop"),
    discountPercent: integer("discount_percent").notNull().default(offer.discountPercent),
    cadencesWeeks: jsonb("cadences_weeks")
      .$type<number[]>()
      .notNull()
      .default([...offer.cadencesWeeks]),
    reminderDays: integer("reminder_days").notNull().default(offer.reminderDays),
    retryDays: jsonb("retry_days")
      .$type<number[]>()
      .notNull()
      .default([...offer.retryDays]),
    soldOutRule: text("sold_out_rule", { enum: SOLD_OUT_RULES }).notNull().default(offer.soldOutRule),
    ...timestamps,
  },
  (table) => [
    check("subscription_settings_one_row", sql`${table.id} = 'shop'`),
    check("subscription_settings_discount_range", sql`${table.discountPercent} between 0 and 100`),
  ],
);

/** An option's own terms: switched off for subscriptions, or its own discount instead of the shop's. No row: the shop's terms. */
export const subscriptionOptionTerms = pgTable(
  "subscription_option_terms",
  {
    optionId: text("option_id")
      .primaryKey()
      .references(() => purchaseOptions.optionId),
    subscribable: boolean("subscribable").notNull().default(true),
    discountPercent: integer("discount_percent"),
  },
  (table) => [check("subscription_option_discount_range", sql`${table.discountPercent} between 0 and 100`)],
);

/**
 * A member's change of the card a subscription is charged to: the provider's setup session that saves
 * the new card, and when its completion (the return to the shop or the provider's webhook, whichever
 * comes first) put that card on the subscription.
 */
export const subscriptionCardChanges = pgTable(
  "subscription_card_changes",
  {
    /** The provider's setup session. */
    sessionId: text("session_id").primaryKey(),
    subscriptionId: text("subscription_id")
      .notNull()
      .references(() => subscriptions.id),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index("subscription_card_changes_subscription_idx").on(table.subscriptionId)],
);
