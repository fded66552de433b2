import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { orders } from "../../db/schema/orders.ts";
import { pointTransactions } from "../../db/schema/points.ts";
import { linkOrderToMember } from "../../domain/loyalty/order-points/link-order.ts";
import { memberOfIdentity } from "../../domain/members/joining/member-of-identity.ts";
import { byMemberId, loadMemberSummary } from "../../domain/members/load-member.ts";
import { loadMemberLists, type MemberListName } from "../../domain/members/member-lists.ts";
import type { Viewer } from "../../domain/shared/context.ts";
import { isAppError } from "../../kernel/app-error.ts";
import { memberViewer, testContext } from "./operation-context.ts";
import { placePastOrder } from "./past-orders.ts";

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

/** A bearer token's viewer: the account's subject, its member found through the identities. */
export const accountViewer = (subject: string): Viewer => ({
  kind: "member",
  memberId: null,
  subject,
  bagToken: null,
  session: null,
  identity: null,
});

/** Members, real past orders and the order-link operations over one test database. */
export function orderLinkFixture(db: () => Database) {
  /** The member's own session; the debug tools need debug mode on. */
  const as = (memberId: string, debug = false) => testContext(db(), { viewer: memberViewer(memberId), debug });
  const asViewer = (viewer: Viewer) => testContext(db(), { viewer, debug: true });

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
    const { member } = await memberOfIdentity(testContext(db(), { now: () => joinedAt }), identity);
    return member;
  }

  const newEmail = () => `buyer-${randomUUID().slice(0, 12)}@example.com`;
  const order = (paidAt: Date, email = newEmail()) => placePastOrder(db(), { email, mobile: "9123 4567", paidAt });
  const link = async (input: { memberId: string; invoiceId: string; mobile: string; clientAddress: string }) =>
    (await linkOrderToMember(as(input.memberId), input)).claim;
  const claim = (memberId: string, invoiceId: string, mobile = MOBILE) =>
    link({ memberId, invoiceId, mobile, clientAddress: `client-${randomUUID()}` });
  const summary = async (memberId: string) => {
    const member = await loadMemberSummary(testContext(db()), byMemberId(memberId));
    if (!member) throw new Error(`member ${memberId} is gone`);
    return member;
  };
  const lists = <K extends MemberListName>(memberId: string, names: K[]) => loadMemberLists(testContext(db()), memberId, names);
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

  return { as, asViewer, link, lists, newMember, newEmail, order, claim, summary, orderRow, entries };
}
