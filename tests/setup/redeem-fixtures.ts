import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { pointTransactions } from "../../db/schema/points.ts";
import { recordPointEntry } from "../../domain/loyalty/points/point-ledger.ts";
import { memberOfIdentity } from "../../domain/members/joining/member-of-identity.ts";
import type { OperationContext } from "../../domain/shared/context.ts";
import { memberViewer, noJobQueue, testContext } from "./operation-context.ts";
import { queryRows } from "./test-database.ts";

/** A member and the context of their own session (`as`), optionally at another time. */
export type TestMember = { id: string; email: string; as: (now?: Date) => OperationContext };

/** A new member (50 sign-up points) plus a keyed bonus credit, so the balance is 50 + bonus. */
export async function memberWithPoints(db: Database, bonus: number): Promise<TestMember> {
  const email = `r-${randomUUID().slice(0, 12)}@example.com`;
  const subject = `sub-${randomUUID()}`;
  const { member } = await memberOfIdentity(testContext(db), {
    subject,
    provider: "google",
    email,
    emailVerified: true,
    name: "Tan Mei Ling",
    picture: null,
  });
  if (bonus > 0) await givePoints(db, { id: member.id, email }, bonus);
  const as = (now?: Date) => testContext(db, { viewer: memberViewer(member.id, subject), now: now && (() => now) });
  return { id: member.id, email, as };
}

export async function givePoints(db: Database, member: { id: string; email: string }, points: number): Promise<void> {
  await db.transaction((tx) =>
    recordPointEntry(tx, noJobQueue, {
      memberId: member.id,
      email: member.email,
      kind: "bonus",
      transactionType: "credit",
      programmeVersion: 1,
      points,
      idempotencyKey: `test-bonus:${randomUUID()}`,
      at: new Date(),
    }),
  );
}

export async function balanceOf(db: Database, memberId: string): Promise<number> {
  const [row] = await queryRows<{ points: number }>(db, sql`select points from members where id = ${memberId}`);
  return row?.points ?? Number.NaN;
}

/** A redeem's `redeem` ledger entries, oldest first, as signed points (debits negative). */
export async function redeemEntries(db: Database, memberId: string, redeemId: string) {
  const rows = await db
    .select({ type: pointTransactions.transactionType, points: pointTransactions.points, meta: pointTransactions.meta })
    .from(pointTransactions)
    .where(
      and(
        eq(pointTransactions.memberId, memberId),
        eq(pointTransactions.activityType, "redeem"),
        sql`${pointTransactions.meta}->>'redeemId' = ${redeemId}`,
      ),
    )
    .orderBy(pointTransactions.createdAt, pointTransactions.idempotencyKey);
  return rows.map((row) => ({ signed: row.type === "credit" ? row.points : -row.points, reason: row.meta.reason }));
}
