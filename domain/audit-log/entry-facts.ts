import { formatMoney } from "../../kernel/money.ts";
import type { AuditContext } from "./audit-context.ts";

/** Something an entry tells that is not a field's change: what a refund gave back, a photo's size; with a page to see it on. */
export type EntryFact = { label: string; value: string; href?: string };

/** An entry as its description reads it: its record's sides as fields, and what was looked up for it. */
export type ReadEntry = {
  target: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  orderId: string | null;
  context: AuditContext;
};

const orderPage = (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}`;

/** A refund's or cancel's lines as the order describes them ("2 × Joffee · Hazelnut · 1 box"), in the order recorded. */
function creditedLines(after: Record<string, unknown>, orderLines: Record<number, string> = {}): string[] {
  const lines = Array.isArray(after.lines) ? (after.lines as unknown[]) : [];
  return lines.flatMap((line) => {
    const { position, quantity } = (line ?? {}) as { position?: unknown; quantity?: unknown };
    if (typeof position !== "number" || typeof quantity !== "number") return [];
    return [`${quantity} × ${orderLines[position] ?? `line ${position + 1}`}`];
  });
}

/** What a refund or cancel gave back: its money, the boxes it credits and whether they went back on the shelf, why, and its credit note. */
function refundFacts({ after, orderId, context }: ReadEntry): EntryFact[] {
  const lines = creditedLines(after, context.orderLines);
  const facts: EntryFact[] = [];
  if (typeof after.amountCents === "number") facts.push({ label: "amount", value: formatMoney(after.amountCents) });
  facts.push({ label: "items", value: lines.length > 0 ? lines.join("; ") : "none: an amount of money only" });
  if (lines.length > 0) facts.push({ label: "boxes back in stock", value: after.restock === true ? "yes" : "no" });
  if (typeof after.reason === "string") facts.push({ label: "reason", value: after.reason });
  const refundId = after.refundId;
  if (context.creditNotes && typeof refundId === "string") {
    const note = context.creditNotes[refundId];
    facts.push(
      note && orderId
        ? { label: "credit note", value: note, href: `${orderPage(orderId)}/credit-note/${encodeURIComponent(refundId)}` }
        : { label: "credit note", value: "none yet: the refund waits for the payment provider" },
    );
  }
  return facts;
}

/** A photo added or removed: its size and its place in the gallery (what it shows is in the sentence). */
function photoFacts({ before, after }: ReadEntry): EntryFact[] {
  const photo = { ...before, ...after };
  const facts: EntryFact[] = [];
  if (typeof photo.width === "number" && typeof photo.height === "number")
    facts.push({ label: "size", value: `${photo.width} × ${photo.height} px` });
  if (typeof photo.position === "number") facts.push({ label: "place in the gallery", value: String(photo.position) });
  return facts;
}

/** A delivery sent again: the event id its receiver sees again, and the order the event is about. */
function redeliveryFacts({ after, context }: ReadEntry): EntryFact[] {
  const facts: EntryFact[] = [];
  if (typeof after.eventId === "string") facts.push({ label: "event id", value: after.eventId });
  const { delivery } = context;
  if (delivery?.orderId && delivery.invoiceId)
    facts.push({ label: "order", value: `#${delivery.invoiceId}`, href: orderPage(delivery.orderId) });
  return facts;
}

/** The actions told by facts rather than by their recorded fields' changes. */
export const FACTS_OF: Partial<Record<string, (entry: ReadEntry) => EntryFact[]>> = {
  "order.refund": refundFacts,
  "order.cancel": refundFacts,
  "product.photo-add": photoFacts,
  "product.photo-remove": photoFacts,
  "webhook.redeliver": redeliveryFacts,
};

/** The event a redelivered delivery carried, for the sentence: "the order.paid event of order #1042". */
export function redeliveredEvent({ after, context }: ReadEntry): string {
  const { delivery } = context;
  if (delivery) return `the ${delivery.event} event${delivery.invoiceId ? ` of order #${delivery.invoiceId}` : ""}`;
  return typeof after.eventId === "string" ? `event ${after.eventId}` : "";
}
