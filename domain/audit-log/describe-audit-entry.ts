import { CARRIERS } from "../../kernel/carriers.ts";
import { formatMoney } from "../../kernel/money.ts";
import { JOB_LABELS } from "../jobs/job-labels.ts";
import type { JobName } from "../shared/job-queue.ts";
import type { AuditContext } from "./audit-context.ts";
import { AUDIT_ACTION_WORDS, TARGET_PAGES } from "./audit-words.ts";
import { type EntryFact, FACTS_OF, type ReadEntry, redeliveredEvent } from "./entry-facts.ts";

/** One field an action changed: its name in words and its value before and after ("—" for none). */
export type FieldChange = { field: string; before: string; after: string };

/** An audit entry as people read it: a sentence, the page of its target, what it tells, and the fields it changed. */
export type DescribedEntry = {
  summary: string;
  link: { to: string; label: string } | null;
  facts: EntryFact[];
  changes: FieldChange[];
};

const NONE = "—";

/** "pointsCost" → "points cost". */
const fieldName = (key: string) =>
  key
    .replace(/Cents$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();

function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined) return NONE;
  if (key === "carrier" && typeof value === "string" && Object.hasOwn(CARRIERS, value)) {
    return CARRIERS[value as keyof typeof CARRIERS].name;
  }
  if (typeof value === "number" && key.endsWith("Cents")) return formatMoney(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value.length > 0 ? value.join(", ") : NONE;
  return JSON.stringify(value);
}

const fieldsOf = (side: unknown): Record<string, unknown> =>
  side !== null && typeof side === "object" && !Array.isArray(side) ? (side as Record<string, unknown>) : {};

/** The fields whose value differs between before and after, in the order they were recorded. */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const was = fieldsOf(before);
  const now = fieldsOf(after);
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return keys
    .map((key) => ({ field: fieldName(key), before: valueText(key, was[key]), after: valueText(key, now[key]) }))
    .filter((change) => change.before !== change.after);
}

/**
 * What names the target in the sentence: an order by its invoice number, a webhook endpoint by its
 * address, anything else by its name ('Free box') when the entry or its context has one, else its id.
 */
function targetName(kind: string, { target, before, after, context }: ReadEntry): string {
  if (kind === "order") return `#${target}`;
  if (kind === "programme") return target;
  if (kind === "subscription-offer" || kind === "payment-methods") return "";
  // Recorded as the job's name, once as "name:run id".
  if (kind === "job") return JOB_LABELS[target.split(":")[0] as JobName] ?? target;
  const url = after.url ?? before.url ?? after.endpoint;
  if (kind === "webhook" && typeof url === "string") return url;
  const name = after.name ?? before.name ?? context.productName;
  return typeof name === "string" ? `'${name}'` : target;
}

/** The gist of a change in the sentence: its money, the photo or event it is about, or its first fields ("points cost 500 → 600"). */
function gist(action: string, changes: FieldChange[], entry: ReadEntry): string {
  const { before, after } = entry;
  if ((action === "order.refund" || action === "order.cancel") && typeof after.amountCents === "number")
    return ` (${formatMoney(after.amountCents)})`;
  const alt = after.alt ?? before.alt;
  if (action.startsWith("product.photo-") && typeof alt === "string") return `: “${alt}”`;
  if (action === "webhook.redeliver") {
    const event = redeliveredEvent(entry);
    return event ? `: ${event}` : "";
  }
  if (!action.endsWith(".update") && !action.startsWith("member.points")) return "";
  const shown = changes.filter((change) => change.before !== NONE && change.after !== NONE).slice(0, 2);
  return shown.length > 0 ? `: ${shown.map((change) => `${change.field} ${change.before} → ${change.after}`).join(", ")}` : "";
}

/**
 * An entry in words; an action the log no longer knows is shown by its recorded name. Actions that
 * give something (a refund) or add something (a photo) are told by facts rather than by their
 * recorded fields, which are ids and raw values.
 */
export function describeAuditEntry(entry: {
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  /** The order's id, when the target is an order's invoice number. */
  orderId?: string | null;
  /** What the entry names that its record holds only by id (`auditContexts`). */
  context?: AuditContext;
}): DescribedEntry {
  const read: ReadEntry = {
    target: entry.target,
    before: fieldsOf(entry.before),
    after: fieldsOf(entry.after),
    orderId: entry.orderId ?? null,
    context: entry.context ?? {},
  };
  const factsOf = FACTS_OF[entry.action];
  const facts = factsOf ? factsOf(read) : [];
  const changes = factsOf ? [] : fieldChanges(entry.before, entry.after);
  const words = AUDIT_ACTION_WORDS[entry.action as keyof typeof AUDIT_ACTION_WORDS];
  if (!words) return { summary: `${entry.action} ${entry.target}`, link: null, facts, changes };
  const page = TARGET_PAGES[words.target];
  const subject = [page.noun, targetName(words.target, read)].filter(Boolean).join(" ");
  const to = page.page(entry.target, read.orderId);
  return {
    summary: `${words.verb} ${subject}${gist(entry.action, changes, read)}`,
    link: to ? { to, label: subject.charAt(0).toUpperCase() + subject.slice(1) } : null,
    facts,
    changes,
  };
}
