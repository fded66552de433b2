import { defineOperation } from "../shared/operation.ts";
import { deleteGroupOfMember, deletePointsDeclared } from "./delete-point-kinds.ts";

/** Debug tool (SPEC.md §7): deletes the member's `dummy-order` entries (delete-point-kinds.ts). */
export const deleteAllDummyOrderPointTransactions = defineOperation(
  deletePointsDeclared,
  async function deleteAllDummyOrderPointTransactions(ctx, { memberId }) {
    return deleteGroupOfMember(ctx, memberId, "dummy-order");
  },
);
