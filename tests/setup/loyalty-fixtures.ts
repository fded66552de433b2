import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { checkoutSessions } from "../../db/schema/checkout.ts";
import { members } from "../../db/schema/members.ts";
import { customers, orderLines, orders } from "../../db/schema/orders.ts";
import { memberOfIdentity } from "../../domain/members/joining/member-of-identity.ts";
import type { OperationContext } from "../../domain/shared/context.ts";
import { permissionsOf } from "../../kernel/staff-permissions.ts";
import { memberViewer, testContext } from "./operation-context.ts";
import { recordingJobs } from "./recording-jobs.ts";
import { queryRows } from "./test-database.ts";

export type OrderRow = typeof orders.$inferSelect;

let people = 0;

/** Member deps for the use cases; a malformed value read fails the test. */
export function memberDeps(db: Database, now?: () => Date) {
  return testContext(db, { now });
}

/** The context of the member's own browser session; debug mode on when asked. */
export function asMember(db: Database, memberId: string, options: { debug?: boolean; now?: () => Date } = {}) {
  return testContext(db, { viewer: memberViewer(memberId), ...options });
}

/** The context of a shop owner (every staff permission), as the back office and the scheduled jobs act. */
export function asOwner(db: Database, now?: () => Date): OperationContext {
  return testContext(db, {
    now,
    viewer: {
      kind: "staff",
      staffId: "owner-test",
      email: "owner@example.com",
      role: "owner",
      permissions: permissionsOf("owner", []),
    },
  });
}

/** The context a background job runs with: the shop itself. */
export function asJob(db: Database, now?: () => Date): OperationContext {
  // The maintenance queues programme emails (gold years ending soon); these tests only record them.
  return testContext(db, { now, viewer: { kind: "system", job: "loyalty-maintenance" }, ports: { jobs: recordingJobs().jobs } });
}

/** A new member as sign-in makes one (green, 50 sign-up points), optionally joined at `joinedAt`. */
export async function createMember(db: Database, joinedAt?: Date): Promise<{ id: string; email: string }> {
  people += 1;
  const email = `loyal-${people}-${randomUUID().slice(0, 8)}@example.com`;
  const identity = {
    subject: `sub-${randomUUID()}`,
    provider: "google" as const,
    email,
    emailVerified: true,
    name: "Tan Mei Ling",
    picture: null,
  };
  const { member } = await memberOfIdentity(memberDeps(db, joinedAt ? () => joinedAt : undefined), identity);
  return { id: member.id, email };
}

/** A paid order row of one line with the amounts given; a guest's unless memberId is given. */
export async function insertPaidOrder(
  db: Database,
  input: {
    subtotalCents: number;
    discountCents?: number;
    shippingCents?: number;
    memberId?: string;
    paidAt?: Date;
    /** The line's purchase option; one that is not in the catalogue unless given. */
    optionId?: string;
  },
): Promise<OrderRow> {
  const email = `buyer-${randomUUID().slice(0, 8)}@example.com`;
  const discountCents = input.discountCents ?? 0;
  const shippingCents = input.shippingCents ?? 0;
  const priceCents = input.subtotalCents - discountCents + shippingCents;
  const contact = { email, mobile: "+6591234567", address: "1 Orchard Road", postalCode: "238801" };
  const customerId = randomUUID();
  await db.insert(customers).values({ id: customerId, name: "Tan Mei Ling", ...contact });
  const checkoutSessionId = `cs_${randomUUID()}`;
  await db.insert(checkoutSessions).values({
    id: checkoutSessionId,
    provider: "test",
    status: "complete",
    bagId: randomUUID(),
    shipping: { name: "Tan Mei Ling", ...contact, newsletter: false },
    lines: [],
    subtotalCents: input.subtotalCents,
    discountCents,
    shippingCents,
    totalCents: priceCents,
  });
  const [order] = await db
    .insert(orders)
    .values({
      id: randomUUID(),
      orderId: `ord_${randomUUID().replaceAll("-", "")}`,
      invoiceId: `Y${randomUUID().replaceAll("-", "").slice(0, 7).toUpperCase()}`,
      idempotencyKey: `checkout:${checkoutSessionId}`,
      checkoutSessionId,
      customerId,
      memberId: input.memberId ?? null,
      status: "paid",
      email,
      mobile: contact.mobile,
      env: "test",
      subtotalCents: input.subtotalCents,
      discountCents,
      shippingCents,
      priceCents,
      paidAt: input.paidAt ?? new Date(),
      deliveryStart: "2026-01-05",
      deliveryEnd: "2026-01-07",
    })
    .returning();
  if (!order) throw new Error("order insert returned nothing");
  // One line for the whole subtotal, so the order's documents add up to what was charged.
  await db.insert(orderLines).values({
    orderId: order.id,
    position: 0,
    optionId: input.optionId ?? "op-fixture",
    productName: "Luna Collagen nectar",
    optionName: "8-serving box",
    quantity: 1,
    unitPriceCents: input.subtotalCents,
    discountCents,
    lineTotalCents: input.subtotalCents - discountCents,
  });
  return order;
}

export type MemberState = {
  points: number;
  membershipStatus: "green" | "gold";
  totalSpentCents: number;
  purchaseCount: number;
  goldStartAt: Date | null;
  activities: string[];
};

export async function memberState(db: Database, memberId: string): Promise<MemberState> {
  const [row] = await db
    .select({
      points: members.points,
      membershipStatus: members.membershipStatus,
      totalSpentCents: members.totalSpentCents,
      purchaseCount: members.purchaseCount,
      goldStartAt: members.goldStartAt,
      activities: members.activities,
    })
    .from(members)
    .where(eq(members.id, memberId));
  if (!row) throw new Error(`no member ${memberId}`);
  return row;
}

export type LedgerRow = {
  activityType: string;
  transactionType: string;
  points: number;
  spentCents: number;
  meta: Record<string, unknown>;
};

/** The member's entries, oldest first. */
export async function entriesOf(db: Database, memberId: string, kind?: string): Promise<LedgerRow[]> {
  return queryRows<LedgerRow>(
    db,
    sql`select activity_type as "activityType", transaction_type as "transactionType", points, spent_cents as "spentCents", meta
        from point_transactions where member_id = ${memberId} ${kind ? sql`and activity_type = ${kind}` : sql``}
        order by transaction_at, created_at, id`,
  );
}
