import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The loyalty programme's versions (decision 040). One draft at a time; a published version is never
 * changed (a trigger refuses it) and is in force from effective_at until a later one takes over.
 */
export const programmeVersions = pgTable(
  "programme_versions",
  {
    number: integer("number").primaryKey(),
    state: text("state", { enum: ["draft", "published"] }).notNull(),
    /** The rules document; domain/loyalty/programme/programme-rules.ts reads it. */
    rules: jsonb("rules").$type<Record<string, unknown>>().notNull(),
    /** When a published version takes over; null for the draft. */
    effectiveAt: timestamp("effective_at", { withTimezone: true }),
    createdBy: text("created_by").notNull(),
    publishedBy: text("published_by"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** When its tier policy "rejudge" was carried out for every member; null until then (or for "keep"). */
    tiersJudgedAt: timestamp("tiers_judged_at", { withTimezone: true }),
    /** While "rejudge" is under way: the last member id judged, the batches going through members by id. */
    tiersJudgedThrough: text("tiers_judged_through"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("programme_versions_one_draft").on(table.state).where(sql`${table.state} = 'draft'`),
    index("programme_versions_effective_idx").on(table.effectiveAt),
    check(
      "programme_versions_published_has_time",
      sql`${table.state} = 'draft' or (${table.effectiveAt} is not null and ${table.publishedAt} is not null)`,
    ),
  ],
);

/** Bonus-point events: extra points on paid orders within a time, for a scope and an audience. */
export const campaigns = pgTable(
  "campaigns",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** multiplier: the order's points times `multiplier` in all (the bonus is the extra); fixed: `bonusPoints` once per order. */
    kind: text("kind", { enum: ["multiplier", "fixed"] }).notNull(),
    multiplier: real("multiplier"),
    bonusPoints: integer("bonus_points"),
    scope: text("scope", { enum: ["all", "series", "products"] }).notNull(),
    /** The series or product ids the scope names; empty for "all". */
    scopeIds: jsonb("scope_ids").$type<string[]>().notNull().default([]),
    audience: text("audience", { enum: ["all", "green", "gold"] }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("campaigns_time_idx").on(table.startsAt, table.endsAt),
    check("campaigns_ends_after_start", sql`${table.endsAt} > ${table.startsAt}`),
    check(
      "campaigns_amount",
      sql`(${table.kind} = 'multiplier' and ${table.multiplier} > 1) or (${table.kind} = 'fixed' and ${table.bonusPoints} > 0)`,
    ),
  ],
);
