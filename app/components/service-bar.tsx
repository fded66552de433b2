import type { DeliveryTerms } from "../../domain/delivery/delivery-option.ts";
import { formatMoney } from "../../kernel/money.ts";
import { CONTACT_LINK, HELP_LINK, TRACK_ORDER_LINK } from "../lib/site-links.ts";
import { LinkList } from "./link-list.tsx";

const SERVICE_LINKS = [TRACK_ORDER_LINK, { ...HELP_LINK, title: "Help" }, CONTACT_LINK];

/**
 * The thin bar above the header: the delivery offer, and where to track an order, get help or reach
 * the shop. A landmark of its own, so the offer is not text outside every landmark.
 */
export function ServiceBar({ delivery }: { delivery: DeliveryTerms | undefined }) {
  return (
    <aside aria-label="Delivery and service" className="bg-brand-900 text-sm text-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-1.5">
        <p className="hidden sm:block">
          {delivery?.freeFromCents != null
            ? `Free delivery in Singapore from ${formatMoney(delivery.freeFromCents)}`
            : "Delivery across Singapore"}
        </p>
        <nav aria-label="Service" className="w-full sm:w-auto">
          <LinkList
            links={SERVICE_LINKS}
            className="flex justify-between gap-4 sm:justify-end"
            linkClassName="underline-offset-2 hover:underline"
          />
        </nav>
      </div>
    </aside>
  );
}
