import { deleteAllPointTransactionsOf } from "./delete-point-kinds.ts";

/** Debug tool (SPEC.md §7): deletes the member's `bonus` entries (delete-point-kinds.ts). */
export const deleteAllBonusPointTransactions = deleteAllPointTransactionsOf("bonus");
