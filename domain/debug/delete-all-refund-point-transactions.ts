import { defineOperation } from "../shared/operation.ts";
import { deleteGroupOfMember, deletePointsDeclared } from "./delete-point-kinds.ts";

/** Debug tool (SPEC.md §7): deletes the member's `refund` entries (delete-point-kinds.ts). */
export const deleteAllRefundPointTransactions = defineOperation(
  deletePointsDeclared,
  async function deleteAllRefundPointTransactions(ctx, { memberId }) {
    return deleteGroupOfMember(ctx, memberId, "refund");
  },
);
