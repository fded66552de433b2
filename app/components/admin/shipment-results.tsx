import type { ReactNode } from "react";
import { packingSlipsHref } from "../../lib/shipping-desk-links.ts";
import { LINK } from "./admin-parts.tsx";
import { DataTable } from "./data-table.tsx";
import { StatusBadge } from "./status-badge.tsx";

export type ShipmentOutcome = { line?: number; order: string; orderId: string | null; ok: boolean; message: string };

/** The results' heading, which takes the focus when they come, from whichever form sent the batch. */
export const SHIPMENT_RESULTS_HEADING = "shipped-heading";

/** What shipping a batch did (`children`: the batch's answer), row by row, and the packing slips of the orders it shipped. */
export function ShipmentResults({ results, children }: { results: ShipmentOutcome[]; children: ReactNode }) {
  const shipped = results.flatMap((result) => (result.ok && result.orderId ? [result.orderId] : []));
  const fromFile = results.some((result) => result.line !== undefined);
  return (
    <section aria-labelledby={SHIPMENT_RESULTS_HEADING} className="mt-4">
      <h2 id={SHIPMENT_RESULTS_HEADING} tabIndex={-1} className="text-xl font-bold text-brand-900">
        Shipping results
      </h2>
      {children}
      {shipped.length > 0 && (
        <p className="mt-2">
          <a href={packingSlipsHref(shipped)} className={LINK}>
            Packing slips for the {shipped.length === 1 ? "order" : `${shipped.length} orders`} shipped (PDF)
          </a>
        </p>
      )}
      <DataTable
        caption="Each order's outcome"
        className="mt-3"
        minWidth="phone"
        rows={results}
        rowKey={(result) => `${result.line ?? ""}-${result.order}-${results.indexOf(result)}`}
        empty="Nothing was sent."
        columns={[
          ...(fromFile ? [{ heading: "Line", cell: (result: ShipmentOutcome) => result.line }] : []),
          { heading: "Order", cell: (result) => result.order || "—", rowHeader: true },
          {
            heading: "Outcome",
            cell: (result) => (
              <>
                <StatusBadge tone={result.ok ? "done" : "waiting"}>{result.ok ? "Shipped" : "Not shipped"}</StatusBadge>
                <span className="block">{result.message}</span>
              </>
            ),
          },
        ]}
      />
    </section>
  );
}
