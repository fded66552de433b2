import { deleteAllPointTransactionsOf } from "./delete-point-kinds.ts";

/** Debug tool (SPEC.md §7): deletes the member's `dummy-order` entries (delete-point-kinds.ts). */
export const deleteAllDummyOrderPointTransactions = deleteAllPointTransactionsOf("dummy-order");
