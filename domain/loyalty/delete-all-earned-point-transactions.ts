import { deleteAllPointTransactionsOf } from "./delete-point-kinds.ts";

/** Debug tool (SPEC.md §7): deletes the member's earn-action entries, sign-up excepted (delete-point-kinds.ts). */
export const deleteAllEarnedPointTransactions = deleteAllPointTransactionsOf("earned");
