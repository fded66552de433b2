import { and, desc, eq, inArray, isNull, or } from "drizzle-orm";
import { z } from "zod";
import { orders } from "../../db/schema/orders.ts";
import { AppError } from "../../kernel/app-error.ts";
import { byMemberId, loadMemberSummary } from "../members/load-member.ts";
import { LINKED_ORDER_COLUMNS, loadMemberLists } from "../members/member-lists.ts";
import type { DummyOrderView, LinkedOrderView } from "../members/member-view.ts";
import { debugTool, viewerMember } from "../shared/access.ts";
import { defineOperation } from "../shared/operation.ts";
import { RECENT_ORDERS_LIMIT } from "./recent-orders-limit.ts";

export const ListMemberOrdersInput = z.object({});

export type MemberOrders = {
  memberId: string;
  /** Every address the member is known by: their email and their identities' emails. */
  emails: string[];
  /** Linked to the member, or placed with one of their emails and linked to nobody; newest paid first. */
  orders: LinkedOrderView[];
  dummyOrders: DummyOrderView[];
};

const declared = { access: debugTool(viewerMember), input: ListMemberOrdersInput };

/**
 * listMemberOrders (debug tool): the viewer's own recent orders, linked or still to be linked, and
 * their dummy orders. An order placed with their email but linked to another member is not theirs
 * and is left out.
 */
export const listMemberOrders = defineOperation(
  declared,
  async function listMemberOrders(ctx, _input, memberId): Promise<MemberOrders> {
    const member = await loadMemberSummary(ctx, byMemberId(memberId));
    if (!member) throw new AppError("NOT_FOUND", "This member does not exist.");
    const emails = [
      ...new Set(
        [member.email, member.googleEmail, member.facebookEmail, ...member.identities.map((identity) => identity.email)]
          .filter((email): email is string => !!email)
          .map((email) => email.toLowerCase()),
      ),
    ];
    const [recent, lists] = await Promise.all([
      ctx.db
        .select(LINKED_ORDER_COLUMNS)
        .from(orders)
        .where(or(eq(orders.memberId, memberId), and(isNull(orders.memberId), inArray(orders.email, emails))))
        .orderBy(desc(orders.paidAt), desc(orders.id))
        .limit(RECENT_ORDERS_LIMIT),
      loadMemberLists(ctx, memberId, ["dummyOrders"]),
    ]);
    return { memberId, emails, orders: recent, dummyOrders: lists.dummyOrders };
  },
);
