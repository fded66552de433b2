import { deleteAllPointTransactionsOf } from "./delete-point-kinds.ts";

/** Debug tool (SPEC.md §7): deletes the member's `refund` entries (delete-point-kinds.ts). */
export const deleteAllRefundPointTransactions = deleteAllPointTransactionsOf("refund");
