import { randomUUID } from "node:crypto";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Database, Tx } from "../../db/client.ts";
import { orderNotes, orderTags } from "../../db/schema/order-notes.ts";
import { orders } from "../../db/schema/orders.ts";
import { AppError } from "../../kernel/app-error.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { staffHolding } from "../shared/access.ts";
import { identifier, requiredText } from "../shared/input.ts";
import { defineOperation } from "../shared/operation.ts";

/** A tag: a short label of lower-case letters, digits, spaces and dashes ("gift", "fragile", "call first"). */
export const TAG = /^[a-z0-9][a-z0-9 -]{0,23}$/;
export const MAX_TAGS_PER_ORDER = 10;

export const tagText = () =>
  z
    .string({ error: "is required" })
    .max(100, { error: "must be at most 24 characters" })
    .transform((value) => value.trim().toLowerCase().replace(/\s+/g, " "))
    .pipe(z.string().regex(TAG, { error: "must be 1 to 24 letters, digits, spaces or dashes" }));

export type OrderNote = { id: string; body: string; authorEmail: string; createdAt: Date };

/** The notes (oldest first) and tags (by name) of each of some orders, for the pages that show them. */
export async function notesAndTagsOf(db: Database, orderIds: string[]) {
  const notes = orderIds.length
    ? await db
        .select()
        .from(orderNotes)
        .where(inArray(orderNotes.orderId, orderIds))
        .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id))
    : [];
  const tags = orderIds.length
    ? await db.select().from(orderTags).where(inArray(orderTags.orderId, orderIds)).orderBy(asc(orderTags.tag))
    : [];
  return (orderId: string) => ({
    notes: notes
      .filter((note) => note.orderId === orderId)
      .map(({ id, body, authorEmail, createdAt }): OrderNote => ({ id, body, authorEmail, createdAt })),
    tags: tags.filter((tag) => tag.orderId === orderId).map((tag) => tag.tag),
  });
}

/** The order, locked so its notes and tags change one writer at a time. */
async function lockedOrder(tx: Tx, orderId: string) {
  const [order] = await tx
    .select({ id: orders.id, invoiceId: orders.invoiceId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!order) throw new AppError("NOT_FOUND", "There is no such order.");
  return order;
}

const readDeclared = { access: staffHolding("orders"), input: z.object({ orderId: identifier() }) };

/** An order's staff notes and tags. */
export const orderNotesAndTags = defineOperation(readDeclared, async function orderNotesAndTags(ctx, { orderId }) {
  return (await notesAndTagsOf(ctx.db, [orderId]))(orderId);
});

const noteDeclared = {
  access: staffHolding("orders"),
  input: z.object({ orderId: identifier(), note: requiredText(2000) }),
};

/** Adds a staff note to an order, signed by its author and recorded in the audit log. */
export const addOrderNote = defineOperation(noteDeclared, async function addOrderNote(ctx, input, actor) {
  const at = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, input.orderId);
    const id = randomUUID();
    await tx
      .insert(orderNotes)
      .values({ id, orderId: order.id, body: input.note, authorId: actor.staffId, authorEmail: actor.email, createdAt: at });
    await recordAudit(tx, {
      actor,
      action: "order.note",
      target: order.invoiceId,
      before: null,
      after: { note: input.note },
      at,
    });
    return { id };
  });
});

const tagDeclared = { access: staffHolding("orders"), input: z.object({ orderId: identifier(), tag: tagText() }) };

/** Puts a tag on an order (once: tagging it again changes nothing), up to MAX_TAGS_PER_ORDER. */
export const tagOrder = defineOperation(tagDeclared, async function tagOrder(ctx, input, actor) {
  const at = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, input.orderId);
    const [held] = await tx.select({ n: count() }).from(orderTags).where(eq(orderTags.orderId, order.id));
    const added = await tx
      .insert(orderTags)
      .values({ orderId: order.id, tag: input.tag, createdAt: at })
      .onConflictDoNothing()
      .returning({ tag: orderTags.tag });
    if (added.length === 0) return { added: false };
    if ((held?.n ?? 0) >= MAX_TAGS_PER_ORDER) {
      throw new AppError("CONFLICT", `An order can carry at most ${MAX_TAGS_PER_ORDER} tags; remove one first.`);
    }
    await recordAudit(tx, { actor, action: "order.tag", target: order.invoiceId, before: null, after: { tag: input.tag }, at });
    return { added: true };
  });
});

/** Takes a tag off an order; taking off one it does not carry changes nothing. */
export const untagOrder = defineOperation(tagDeclared, async function untagOrder(ctx, input, actor) {
  const at = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const order = await lockedOrder(tx, input.orderId);
    const removed = await tx
      .delete(orderTags)
      .where(and(eq(orderTags.orderId, order.id), eq(orderTags.tag, input.tag)))
      .returning({ tag: orderTags.tag });
    if (removed.length === 0) return { removed: false };
    await recordAudit(tx, { actor, action: "order.untag", target: order.invoiceId, before: { tag: input.tag }, after: null, at });
    return { removed: true };
  });
});
