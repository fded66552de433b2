import { dummyOrderTimestamp } from "../../../domain/debug/dummy-order-timestamp.ts";
import type { DeletableGroup } from "../../../domain/loyalty/points/point-groups.ts";
import { callGraphQL } from "./debug-api.ts";
import { type DebugMember, MEMBER_FIELDS, type MemberReply, memberOfReply } from "./debug-member.ts";
import type { ActionResult } from "./use-debug-tools.ts";

/** A mutation on the member that answers the whole member, as the panel shows it. */
async function memberMutation(field: string, params: Record<string, string>, variables: Record<string, unknown>) {
  const declared = Object.entries(params)
    .map(([name, type]) => `$${name}: ${type}`)
    .join(", ");
  const passed = Object.keys(params)
    .map((name) => `${name}: $${name}`)
    .join(", ");
  const data = await callGraphQL<Record<string, MemberReply>>(
    `mutation (${declared}) { ${field}(${passed}) { ${MEMBER_FIELDS} } }`,
    variables,
  );
  return { member: memberOfReply(data[field]) };
}

const onMember = (field: string) => (member: DebugMember) => memberMutation(field, { memberId: "ID!" }, { memberId: member.id });

export const resetMembership = onMember("resetMembership");

export const setGoldStartDate = (member: DebugMember, goldStartDate: string) =>
  memberMutation("setGoldStartDate", { memberId: "ID!", goldStartDate: "String!" }, { memberId: member.id, goldStartDate });

export async function deleteMember(member: DebugMember): Promise<ActionResult> {
  const data = await callGraphQL<{ deleteMember: { email: string } }>(
    "mutation ($memberId: ID!) { deleteMember(memberId: $memberId) { email } }",
    { memberId: member.id },
  );
  return { member: null, said: `deleted ${data.deleteMember.email}` };
}

/** Unlinks the member's orders and customer record with this email; each may have none to unlink. */
export async function unlinkByEmail(email: string): Promise<ActionResult> {
  const unlink = async (field: string, label: string) => {
    try {
      await callGraphQL(`mutation ($email: String!) { ${field}(email: $email) { id } }`, { email });
      return `${label} unlinked`;
    } catch (error) {
      return `${label}: ${error instanceof Error ? error.message : "not unlinked"}`;
    }
  };
  const orders = await unlink("removeMemberIdFromOrderByEmail", "orders");
  const customer = await unlink("removeMemberIdFromCustomerByEmail", "customer record");
  return { said: `${orders}; ${customer}` };
}

/** SPEC.md §5: a meta payload goes as JSON text. */
const withMeta =
  (field: string, metaType = "String") =>
  (member: DebugMember, meta: Record<string, unknown>) =>
    memberMutation(field, { memberId: "ID!", meta: metaType }, { memberId: member.id, meta: JSON.stringify(meta) });

export const addBonusPoints = (member: DebugMember, points: number) =>
  withMeta("createEarnPointTransaction")(member, { activityType: "bonus", points });
export const addRefund = (member: DebugMember, points: number) => withMeta("refundPointTransaction")(member, { points });

/** The four groups of points the debug tools delete, with the mutation that deletes each. */
export const POINT_DELETIONS = [
  { label: "Delete earned points", group: "earned", remove: onMember("deleteAllEarnedPointTransactions") },
  { label: "Delete refund points", group: "refund", remove: onMember("deleteAllRefundPointTransactions") },
  { label: "Delete bonus points", group: "bonus", remove: onMember("deleteAllBonusPointTransactions") },
  { label: "Delete dummy-order points", group: "dummy-order", remove: onMember("deleteAllDummyOrderPointTransactions") },
] as const satisfies readonly { label: string; group: DeletableGroup; remove: unknown }[];

/** SPEC.md §7's meta, its timestamp placed by SPEC.md §5's old/new rule from the member's creation. */
export function createDummyOrder(member: DebugMember, when: "old" | "new", order: { price: number; mobile: string }) {
  const base = Date.parse(member.createdAt) / 1000;
  const meta = {
    price: order.price,
    invoiceId: "",
    email: member.email,
    mobile: order.mobile,
    timestamp: dummyOrderTimestamp(when, base),
  };
  return withMeta("createDummyOrder", "String!")(member, meta);
}

export const deleteDummyOrder = (member: DebugMember, orderId: string) =>
  memberMutation("deleteDummyOrder", { memberId: "ID!", orderId: "ID!" }, { memberId: member.id, orderId });
