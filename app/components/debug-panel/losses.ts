import { DELETABLE_GROUPS, type DeletableGroup } from "../../../domain/loyalty/points/point-groups.ts";
import { formatMoney, toCents } from "../../../kernel/money.ts";
import { pointKindLabel } from "../../../kernel/point-kinds.ts";
import type { DebugMember, DummyOrder } from "./debug-member.ts";

/**
 * What each debug action that cannot be undone takes away, in words, for the question it asks first.
 * Amounts come from the member as the server last answered it (SPEC.md §7 sends money in dollars).
 */

export const resetLoss = (member: DebugMember) =>
  `${member.name} goes back to a green membership starting today: the ${member.points} points are taken off, ` +
  `the total spent (${formatMoney(toCents(member.totalSpent))}) goes back to nothing and any gold date is cleared.`;

export const deleteMemberLoss = (member: DebugMember) =>
  `${member.name} (${member.email}) is deleted with their ${member.points} points, point history, rewards in the bag, ` +
  "dummy orders and sign-in accounts. Real orders stay with the shop, unlinked.";

export const pointsLoss = (member: DebugMember, group: DeletableGroup) =>
  `Every ${DELETABLE_GROUPS[group].map(pointKindLabel).join(", ")} entry of ${member.name} is deleted, ` +
  `and its points leave the balance (now ${member.points} points).`;

export const dummyOrderLoss = (order: DummyOrder) =>
  `Dummy order ${order.invoiceId} (${formatMoney(toCents(order.price))}) is deleted with the purchase it counted, ` +
  "and the points it brought are taken back.";
