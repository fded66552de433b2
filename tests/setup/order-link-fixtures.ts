import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { pointTransactions } from "../../db/schema/members.ts";
import { orders } from "../../db/schema/orders.ts";
import { orderLinkUseCases } from "../../domain/loyalty/order-link-use-cases.ts";
import type { MalformedMemberData } from "../../domain/members/member-deps.ts";
import { memberUseCases } from "../../domain/members/member-use-cases.ts";
import { isAppError } from "../../domain/shared/app-error.ts";
import { placePastOrder } from "./past-orders.ts";

export const DAY_MS = 24 * 60 * 60 * 1000;
export const MOBILE = "+6591234567";

/** The code and message an expected failure carries, to compare outcomes. */
export async function failureOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isAppError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected the call to fail");
}

/** Members, real past orders and the order-link use cases over one test database. */
export function orderLinkFixture(db: () => Database) {
  const malformed: MalformedMemberData[] = [];
  const deps = () => ({ db: db(), onMalformed: (detail: MalformedMemberData) => malformed.push(detail) });
  const links = () => orderLinkUseCases(deps());
  const membersOf = (now?: () => Date) => memberUseCases({ ...deps(), now });

  async function newMember(joinedAt = new Date()) {
    const email = `member-${randomUUID().slice(0, 12)}@example.com`;
    const identity = {
      subject: `sub-${randomUUID()}`,
      provider: "google" as const,
      email,
      emailVerified: true,
      name: "Tan Mei Ling",
      picture: null,
    };
    const { member } = await membersOf(() => joinedAt).getOrCreate(identity);
    return member;
  }

  const newEmail = () => `buyer-${randomUUID().slice(0, 12)}@example.com`;
  const order = (paidAt: Date, email = newEmail()) => placePastOrder(db(), { email, mobile: "9123 4567", paidAt });
  const claim = (memberId: string, invoiceId: string, mobile = MOBILE) =>
    links().link({ memberId, invoiceId, mobile, clientAddress: `client-${randomUUID()}` });
  const summary = async (memberId: string) => {
    const member = await membersOf().summary(memberId);
    if (!member) throw new Error(`member ${memberId} is gone`);
    return member;
  };
  const orderRow = async (invoiceId: string) => {
    const [row] = await db().select().from(orders).where(eq(orders.invoiceId, invoiceId));
    if (!row) throw new Error(`no order ${invoiceId}`);
    return row;
  };
  const entries = (memberId: string, kind: string) =>
    db()
      .select()
      .from(pointTransactions)
      .where(sql`${pointTransactions.memberId} = ${memberId} and ${pointTransactions.activityType} = ${kind}`);

  return { links, membersOf, newMember, newEmail, order, claim, summary, orderRow, entries };
}
