import { defineOperation } from "../shared/operation.ts";
import { deleteGroupOfMember, deletePointsDeclared } from "./delete-point-kinds.ts";

/** Debug tool (SPEC.md §7): deletes the member's earn-action entries, sign-up excepted (delete-point-kinds.ts). */
export const deleteAllEarnedPointTransactions = defineOperation(
  deletePointsDeclared,
  async function deleteAllEarnedPointTransactions(ctx, { memberId }) {
    return deleteGroupOfMember(ctx, memberId, "earned");
  },
);
