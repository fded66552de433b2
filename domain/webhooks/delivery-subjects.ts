import { inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { members } from "../../db/schema/members.ts";
import { orders } from "../../db/schema/orders.ts";
import { memberScreens } from "../loyalty/account/member-admin-access.ts";
import type { StaffViewer } from "../shared/context.ts";

/**
 * What an event is about, for staff reading deliveries: its order (by invoice id) and its member. The
 * member is named only to staff who may open member screens; others see the id the payload carries.
 */
export type DeliverySubject = {
  order: { id: string; invoiceId: string } | null;
  member: { id: string; name: string | null } | null;
};

const idIn = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

/** The order and member ids in an event's payload; a referral is about the referrer it credits. */
function subjectIds(type: string, data: Record<string, unknown>) {
  return { orderId: idIn(data.orderId), memberId: idIn(type === "referral.completed" ? data.referrerMemberId : data.memberId) };
}

/** Each delivery with its event's subject, looked up in two queries whatever the number of deliveries. */
export async function withSubjects<Delivery extends { eventType: string; eventData: Record<string, unknown> }>(
  db: Database,
  staff: StaffViewer,
  deliveries: Delivery[],
): Promise<(Delivery & { subject: DeliverySubject })[]> {
  const ids = deliveries.map((delivery) => ({ delivery, ...subjectIds(delivery.eventType, delivery.eventData) }));
  const orderIds = [...new Set(ids.flatMap(({ orderId }) => (orderId ? [orderId] : [])))];
  const memberIds = [...new Set(ids.flatMap(({ memberId }) => (memberId ? [memberId] : [])))];
  const seesMembers = memberScreens.kind === "staff" && memberScreens.permissions.some((held) => staff.permissions.has(held));
  const [orderRows, memberRows] = await Promise.all([
    orderIds.length === 0
      ? []
      : db.select({ id: orders.id, invoiceId: orders.invoiceId }).from(orders).where(inArray(orders.id, orderIds)),
    memberIds.length === 0 || !seesMembers
      ? []
      : db
          .select({ id: members.id, name: members.name, email: members.email })
          .from(members)
          .where(inArray(members.id, memberIds)),
  ]);
  const invoiceOf = new Map(orderRows.map((order) => [order.id, order.invoiceId]));
  const nameOf = new Map(memberRows.map((member) => [member.id, member.name || member.email]));
  return ids.map(({ delivery, orderId, memberId }) => {
    const invoiceId = orderId ? invoiceOf.get(orderId) : undefined;
    const subject: DeliverySubject = {
      order: orderId && invoiceId ? { id: orderId, invoiceId } : null,
      member: memberId ? { id: memberId, name: nameOf.get(memberId) ?? null } : null,
    };
    return { ...delivery, subject };
  });
}
