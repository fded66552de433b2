import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The event outbox (decision 042): one row per thing that happened in the shop, written in the
 * transaction of the change, so an event exists exactly when its change committed. `key` names the
 * change (e.g. `order.paid:{orderId}`), so a producer that runs again records it once.
 */
export const shopEvents = pgTable(
  "shop_events",
  {
    /** A UUID: the Webhook-Id every delivery of the event carries. */
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    key: text("key").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("shop_events_key_idx").on(table.key), index("shop_events_created_idx").on(table.createdAt)],
);

/** Where staff asked the shop to send its events. */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: text("id").primaryKey(),
  url: text("url").notNull(),
  /** The signing secret, kept as given out: signing needs it (decision 042). Shown once, at creation. */
  secret: text("secret").notNull(),
  /** The event types it receives. */
  events: jsonb("events").$type<string[]>().notNull(),
  active: boolean("active").notNull(),
  description: text("description").notNull(),
  createdBy: text("created_by").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/**
 * One event on its way to one endpoint: made once per event and endpoint (the unique index), with a
 * job on the queue made in the same transaction, whichever process fans the event out.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => shopEvents.id),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id),
    /** pending: not tried yet; succeeded: an attempt was answered with a 2xx; failing: the last attempt was not (the queue may retry). */
    status: text("status", { enum: ["pending", "succeeded", "failing"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("webhook_deliveries_event_endpoint_idx").on(table.eventId, table.endpointId),
    index("webhook_deliveries_endpoint_idx").on(table.endpointId, table.createdAt),
  ],
);

/** Each request made for a delivery and what came back: a status code and the start of the body, or why there was none. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: text("id").primaryKey(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id),
    /** The endpoint's answer; null when there was none (timeout, refused target, connection error). */
    statusCode: integer("status_code"),
    /** The response body's first characters, or the error when there was no response. */
    response: text("response").notNull(),
    durationMs: integer("duration_ms").notNull(),
    /** Asked for by staff from the back office rather than by the queue. */
    redelivery: boolean("redelivery").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (table) => [index("webhook_attempts_delivery_idx").on(table.deliveryId, table.at)],
);
