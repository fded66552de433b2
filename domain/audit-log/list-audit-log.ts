import { and, desc, eq, getTableColumns, gte, like, lt, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { orders } from "../../db/schema/orders.ts";
import { auditLog } from "../../db/schema/staff.ts";
import { AppError } from "../../kernel/app-error.ts";
import { singaporeDayEnd, singaporeDayStart } from "../../kernel/singapore-time.ts";
import { AUDIT_ACTIONS } from "../audit/audit-actions.ts";
import { staffHolding } from "../shared/access.ts";
import { refuseReversedDays } from "../shared/day-range.ts";
import { singaporeDay, text } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";
import { type AuditContext, auditContexts } from "./audit-context.ts";

export const AUDIT_PAGE_SIZE = 25;

const blankAsUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

export const ListAuditLogInput = z.object({
  actor: z.preprocess(
    blankAsUndefined,
    text(254)
      .transform((value) => value.trim().toLowerCase())
      .optional(),
  ),
  action: z.preprocess(blankAsUndefined, z.enum(AUDIT_ACTIONS, { error: "is not an action the log records" }).optional()),
  /** Whole Singapore days, both included. */
  from: z.preprocess(blankAsUndefined, singaporeDay().optional()),
  to: z.preprocess(blankAsUndefined, singaporeDay().optional()),
  /** The last entry of the previous page (`{createdAt ISO}|{id}`), for the next one. */
  after: z.preprocess(blankAsUndefined, text(200).optional()),
});

export type AuditEntry = typeof auditLog.$inferSelect;

/** A page's time as the list writes it (toISOString): years 1 to 9999, which PostgreSQL can hold. */
const CURSOR_TIME = /^(?!0000)\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function cursorOf(after: string | undefined): { at: Date; id: string } | null {
  if (!after) return null;
  const [at, id] = after.split("|");
  const when = at && CURSOR_TIME.test(at) ? new Date(at) : null;
  if (!when || Number.isNaN(when.getTime()) || !id)
    throw new AppError("BAD_USER_INPUT", "after: is not a page of this log", { after: "is not a page of this log" });
  return { at: when, id };
}

function filtersOf(input: z.output<typeof ListAuditLogInput>, cursor: { at: Date; id: string } | null): SQL | undefined {
  refuseReversedDays(input.from, input.to);
  return and(
    input.actor ? eq(auditLog.actorEmail, input.actor) : undefined,
    input.action ? eq(auditLog.action, input.action) : undefined,
    input.from ? gte(auditLog.createdAt, singaporeDayStart(input.from) as Date) : undefined,
    input.to ? lt(auditLog.createdAt, singaporeDayEnd(input.to) as Date) : undefined,
    cursor
      ? or(lt(auditLog.createdAt, cursor.at), and(eq(auditLog.createdAt, cursor.at), lt(auditLog.id, cursor.id)))
      : undefined,
  );
}

/** The most entries one CSV export carries. */
export const AUDIT_EXPORT_LIMIT = 10_000;

/** The whole log the filters match (up to AUDIT_EXPORT_LIMIT), newest first, for a CSV export. */
export const exportAuditLog = defineOperation(
  { access: staffHolding("staff"), input: ListAuditLogInput.omit({ after: true }) },
  async function exportAuditLog(ctx, input): Promise<AuditEntry[]> {
    return ctx.db
      .select()
      .from(auditLog)
      .where(filtersOf(input, null))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_EXPORT_LIMIT);
  },
);

/**
 * The audit log for owners: newest first, a page at a time, filtered by who, action and days; an
 * order's entries with its id, and each entry with what its description names (`auditContexts`).
 */
export const listAuditLog = defineOperation(
  { access: staffHolding("staff"), input: ListAuditLogInput },
  async function listAuditLog(
    ctx,
    input,
  ): Promise<{ entries: (AuditEntry & { orderId: string | null; context: AuditContext })[]; next: string | null }> {
    const cursor = cursorOf(input.after);
    const rows = await ctx.db
      .select({ ...getTableColumns(auditLog), orderId: orders.id })
      .from(auditLog)
      // An order's entries name it by its invoice number; its page is found by its id.
      .leftJoin(orders, and(like(auditLog.action, "order.%"), eq(orders.invoiceId, auditLog.target)))
      .where(filtersOf(input, cursor))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE + 1);
    const page = rows.slice(0, AUDIT_PAGE_SIZE);
    const last = page.at(-1);
    const next = rows.length > AUDIT_PAGE_SIZE && last ? `${last.createdAt.toISOString()}|${last.id}` : null;
    const contexts = await auditContexts(ctx.db, page);
    return { entries: page.map((entry) => ({ ...entry, context: contexts.get(entry.id) ?? {} })), next };
  },
);
