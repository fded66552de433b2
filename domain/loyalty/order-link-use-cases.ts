import type { MemberViewer } from "../members/member-access.ts";
import type { MemberDeps } from "../members/member-deps.ts";
import { createDummyOrder } from "./create-dummy-order.ts";
import { deleteDummyOrder } from "./delete-dummy-order.ts";
import { type LinkOrderInput, linkOrderToMember } from "./link-order.ts";
import { createOrUpdateLoyalCustomer } from "./loyal-customer.ts";
import { removeMemberIdFromCustomerByEmail } from "./unlink-customer-by-email.ts";
import { removeMemberIdFromOrderByEmail } from "./unlink-order-by-email.ts";
import { viewerMemberId } from "./viewer-member.ts";

/**
 * Claiming past orders, and the debug tools around linked orders, customer records and dummy orders,
 * bound to the database. Callers check that memberId is the viewer's own and, for the debug tools,
 * that debug mode is on; the by-email tools act on the viewer's own member only.
 */
export function orderLinkUseCases(deps: MemberDeps) {
  return {
    link: (input: LinkOrderInput) => linkOrderToMember(deps, input),
    createDummyOrder: (memberId: string, meta: unknown) => createDummyOrder(deps, memberId, meta),
    deleteDummyOrder: (memberId: string, dummyOrderId: string) => deleteDummyOrder(deps, memberId, dummyOrderId),
    removeMemberIdFromOrderByEmail: async (viewer: MemberViewer, email: unknown) =>
      removeMemberIdFromOrderByEmail(deps, await viewerMemberId(deps.db, viewer), email),
    removeMemberIdFromCustomerByEmail: async (viewer: MemberViewer, email: unknown) =>
      removeMemberIdFromCustomerByEmail(deps, await viewerMemberId(deps.db, viewer), email),
    createOrUpdateLoyalCustomer: async (viewer: MemberViewer, meta: unknown) =>
      createOrUpdateLoyalCustomer(deps, await viewerMemberId(deps.db, viewer), meta),
  };
}

export type OrderLinkUseCases = ReturnType<typeof orderLinkUseCases>;
