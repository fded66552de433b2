import { and, count, eq, isNotNull, lt } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import type { orders } from "../../../db/schema/orders.ts";
import { subscriptionRenewals } from "../../../db/schema/subscriptions.ts";
import type { PointKind } from "../../../kernel/point-kinds.ts";
import type { JobQueue } from "../../shared/job-queue.ts";
import { orderCreditsOfKind } from "../points/order-credits.ts";
import { renewalEarnings } from "../points/order-earn.ts";
import { recordPointEntry } from "../points/point-ledger.ts";
import { renewalBonusName, renewalExtraName } from "../programme/programme-copy.ts";
import type { ProgrammeRules } from "../programme/programme-rules.ts";

/** The ledger kind of what a renewal earns beyond its order's points; meta.renewalPart says which part. */
export const RENEWAL_ENTRY_KIND = "subscription-renewal" satisfies PointKind;

/** The renewal an order is: the subscription it renews and the date that renewal was due. */
export type RenewalOf = { subscriptionId: string; dueOn: string };

/** The multiplier's extra, and the bonus of a bonus renewal: each credited and taken back on its own. */
type RenewalPart = "extra" | "bonus";

const renewalEntryKey = (part: RenewalPart, orderId: string) => `renewal-${part}:order:${orderId}`;

/** Which renewal of its subscription a date's is: 1 and the renewals that placed an order for earlier dates. */
async function renewalNumberOf(tx: Tx, renewal: RenewalOf): Promise<number> {
  const [row] = await tx
    .select({ placed: count() })
    .from(subscriptionRenewals)
    .where(
      and(
        eq(subscriptionRenewals.subscriptionId, renewal.subscriptionId),
        lt(subscriptionRenewals.dueOn, renewal.dueOn),
        isNotNull(subscriptionRenewals.orderId),
      ),
    );
  return Number(row?.placed ?? 0) + 1;
}

/**
 * Inside the transaction that credits a renewal order's points: the renewal multiplier's extra on
 * them and, on the first and every Nth renewal, the renewal bonus, each its own entry under the same
 * programme version as the order's, once per order. Returns what was credited now, named for the
 * member's points email.
 */
export async function creditRenewalEarnings(
  tx: Tx,
  jobs: JobQueue,
  input: {
    member: { id: string; email: string };
    order: Pick<typeof orders.$inferSelect, "id" | "invoiceId">;
    renewal: RenewalOf;
    rules: ProgrammeRules;
    programmeVersion: number;
    orderPoints: number;
    at: Date;
  },
): Promise<{ name: string; points: number }[]> {
  const { member, order, renewal, rules } = input;
  const renewalNumber = await renewalNumberOf(tx, renewal);
  const earned = renewalEarnings(rules, input.orderPoints, renewalNumber);
  const parts: { part: RenewalPart; points: number; name: string }[] = [
    { part: "extra", points: earned.extra, name: renewalExtraName(rules.subscriptions.renewalMultiplier) },
    { part: "bonus", points: earned.bonus, name: renewalBonusName(renewalNumber) },
  ];
  const credited: { name: string; points: number }[] = [];
  for (const { part, points, name } of parts) {
    if (points === 0) continue;
    const recorded = await recordPointEntry(tx, jobs, {
      memberId: member.id,
      email: member.email,
      kind: RENEWAL_ENTRY_KIND,
      transactionType: "credit",
      points,
      meta: { orderId: order.id, invoiceId: order.invoiceId, ...renewal, renewalNumber, renewalPart: part },
      idempotencyKey: renewalEntryKey(part, order.id),
      programmeVersion: input.programmeVersion,
      at: input.at,
    });
    if (recorded) credited.push({ name, points });
  }
  return credited;
}

/** What a renewal order was credited beyond its own points, part by part, to reverse with it. */
export async function renewalCreditsOf(tx: Tx, memberId: string, orderId: string) {
  const rows = await orderCreditsOfKind(tx, { memberId, orderId, kind: RENEWAL_ENTRY_KIND });
  return rows.map((row) => ({
    points: row.points,
    programmeVersion: row.programmeVersion,
    part: row.meta.renewalPart as RenewalPart,
  }));
}

/**
 * How much of a renewal part the refunds so far take back: the extra in proportion to the spend
 * refunded, as the order's own points go; the bonus once none of the order's spend is kept.
 */
export function renewalRefunded(
  credit: { part: RenewalPart; points: number },
  refund: { fully: boolean; spentCents: number; refundedSpendCents: number },
): number {
  const { fully, spentCents, refundedSpendCents } = refund;
  if (fully || refundedSpendCents >= spentCents) return credit.points;
  if (credit.part === "bonus") return 0;
  return Math.floor((credit.points * refundedSpendCents) / spentCents);
}
