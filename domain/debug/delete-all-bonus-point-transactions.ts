import { defineOperation } from "../shared/operation.ts";
import { deleteGroupOfMember, deletePointsDeclared } from "./delete-point-kinds.ts";

/** Debug tool (SPEC.md §7): deletes the member's `bonus` entries (delete-point-kinds.ts). */
export const deleteAllBonusPointTransactions = defineOperation(
  deletePointsDeclared,
  async function deleteAllBonusPointTransactions(ctx, { memberId }) {
    return deleteGroupOfMember(ctx, memberId, "bonus");
  },
);
