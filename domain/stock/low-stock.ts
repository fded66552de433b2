import { randomUUID } from "node:crypto";
import { and, eq, gt, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { skus } from "../../db/schema/catalog.ts";
import { emailOutbox } from "../../db/schema/email-outbox.ts";
import { stockLevels } from "../../db/schema/stock.ts";
import type { OutgoingEmail } from "../../integrations/email/mailer.ts";
import type { OperationContext } from "../shared/context.ts";

export type LowStockContext = Pick<OperationContext, "jobs" | "settings" | "now">;

const available = sql<number>`${stockLevels.onHand} - ${stockLevels.held}`;

/** What a low-stock email tells, as it was when the SKU ran low. */
type LowStockData = { skuId: string; flavourName: string; available: number; threshold: number };

/**
 * After stock went down: each SKU that can now sell no more than its threshold and has not been
 * reported since it last stood above it is marked, and the admin (ADMIN_EMAIL) is emailed about it
 * through the outbox, in the same transaction — once per fall below the threshold, not per order.
 */
export async function alertLowStock(ctx: LowStockContext, tx: Tx, skuIds: string[]): Promise<void> {
  if (skuIds.length === 0) return;
  const at = ctx.now();
  const low = await tx
    .update(stockLevels)
    .set({ lowStockAlertedAt: at })
    .where(
      and(
        inArray(stockLevels.skuId, skuIds),
        isNull(stockLevels.lowStockAlertedAt),
        lte(available, stockLevels.lowStockThreshold),
      ),
    )
    .returning({
      skuId: stockLevels.skuId,
      available: sql<number>`(${available})::int`,
      threshold: stockLevels.lowStockThreshold,
    });
  if (!ctx.settings.adminEmail) return;
  for (const row of low) {
    const [sku] = await tx.select({ flavourName: skus.flavourName }).from(skus).where(eq(skus.skuId, row.skuId));
    const data: LowStockData = { ...row, available: Number(row.available), flavourName: sku?.flavourName ?? row.skuId };
    const id = randomUUID();
    await tx.insert(emailOutbox).values({ id, kind: "low-stock", subjectKey: `${row.skuId}:${at.toISOString()}`, data });
    await ctx.jobs.send("send-email", { outboxId: id }, { tx });
  }
}

/**
 * After stock came back (received, counted up, returned): SKUs above their threshold again may be
 * reported the next time they run low. A checkout's hold given back does not count, so a hold that
 * comes and goes around the threshold sends one email, not one per checkout.
 */
export async function rearmLowStock(tx: Tx, skuIds: string[]): Promise<void> {
  if (skuIds.length === 0) return;
  await tx
    .update(stockLevels)
    .set({ lowStockAlertedAt: null })
    .where(
      and(
        inArray(stockLevels.skuId, skuIds),
        isNotNull(stockLevels.lowStockAlertedAt),
        gt(available, stockLevels.lowStockThreshold),
      ),
    );
}

/** The admin's low-stock email (plain text). */
export async function lowStockEmail(
  ctx: Pick<OperationContext, "settings">,
  data: Record<string, unknown> | null,
): Promise<Omit<OutgoingEmail, "key" | "date"> | null> {
  const to = ctx.settings.adminEmail;
  if (!to || !data) return null;
  const { skuId, flavourName, available: left, threshold } = data as LowStockData;
  const { brandName, publicUrl } = ctx.settings;
  const text = [
    `${flavourName} (${skuId}) is running low: ${left} can still be sold (the threshold is ${threshold}).`,
    "",
    `Record what arrives, or change the threshold: ${publicUrl}/admin/stock`,
    "",
    `You hear again only once it has been above ${threshold} and falls back.`,
    `— ${brandName}`,
  ].join("\n");
  return { to, subject: `[${brandName}] Low stock: ${flavourName} (${skuId}), ${left} left`, text };
}
