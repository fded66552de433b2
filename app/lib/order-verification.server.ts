import { normalizeInvoiceId } from "../../kernel/order-code.ts";

/** An order's pages: its invoice, its details, the invoice PDF and a credit note. */
const ORDER_PAGE = /^\/order(?:-details)?\/([0-9A-Za-z]+)(?:\/invoice\.pdf|\/credit-note\/[0-9a-f-]{36})?$/;

/** The order lookup form with the invoice filled in, going on to `returnTo` once the mobile number is proved. */
export function orderVerificationPath(invoiceId: string, returnTo: string): string {
  return `/order?${new URLSearchParams({ invoice: normalizeInvoiceId(invoiceId), next: returnTo })}`;
}

/** `path` when it is one of an order's pages, else null: the only places the lookup form goes on to. */
export function orderPageOrNull(path: string | null): string | null {
  return path && ORDER_PAGE.test(path) ? path : null;
}

/** Where a shopper goes once `invoiceId` is proved: `next` when it is a page of that very order, else its invoice. */
export function orderReturnPath(invoiceId: string, next: string | null): string {
  const page = next ? ORDER_PAGE.exec(next) : null;
  return next && page?.[1] && normalizeInvoiceId(page[1]) === invoiceId ? next : `/order/${invoiceId}`;
}
