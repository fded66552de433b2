import type { Supplier } from "../shared/context.ts";
import { gstIncluded } from "../shared/gst.ts";

/**
 * The GST in a GST-inclusive amount as the shop's invoices state it: only when the supplier is
 * GST-registered (else there is none to account for), at the rate of the Singapore day of the supply.
 */
export function chargedGstCents(supplier: Supplier, inclusiveCents: number, at: Date): number | null {
  return supplier.gstRegistrationNumber ? gstIncluded(inclusiveCents, at).cents : null;
}
