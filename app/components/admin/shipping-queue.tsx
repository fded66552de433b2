import { Link } from "react-router";
import { packingSlipsHref, trackingField } from "../../lib/shipping-desk-links.ts";
import { LINK } from "./admin-parts.tsx";
import { StatusBadge } from "./status-badge.tsx";

type Item = { description: string; quantity: number };
export type QueueOrder = {
  id: string;
  invoiceId: string;
  paidAt: string;
  deliverBy: string;
  /** The delivery option chosen and the window promised (none on orders from before the choice). */
  delivery: string;
  name: string;
  address: string;
  postalCode: string;
  items: Item[];
  rewards: Item[];
  tags: string[];
  notes: { id: string; body: string; by: string; at: string }[];
};

const shipBox = (invoiceId: string) => `ship-${invoiceId}`;

function Items({ label, items }: { label: string; items: Item[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <p className="text-sm font-semibold text-muted">{label}</p>
      <ul className="mb-2">
        {items.map((item) => (
          <li key={item.description}>
            <strong>{item.quantity} ×</strong> {item.description}
          </li>
        ))}
      </ul>
    </>
  );
}

/** One order waiting to ship: tick it, type its tracking number (which ticks it too), see what goes in the parcel. */
function QueueRow({ order }: { order: QueueOrder }) {
  const orderPath = `/admin/orders/${encodeURIComponent(order.id)}`;
  return (
    <li className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 lg:grid-cols-[13rem_minmax(0,1fr)_minmax(0,1.3fr)_13rem]">
      <div>
        <label className="flex min-h-11 items-center gap-3 font-bold">
          <input type="checkbox" id={shipBox(order.invoiceId)} name="order" value={order.invoiceId} className="size-6" />
          Ship {order.invoiceId}
        </label>
        <p className="text-sm">Paid {order.paidAt}</p>
        <p className="text-sm">Deliver by {order.deliverBy}</p>
        <p className="text-sm" data-testid="queue-delivery">
          Promised {order.delivery}
        </p>
        <p className="mt-1 flex flex-wrap gap-x-3 text-sm">
          <Link to={orderPath} className={LINK} aria-label={`Order ${order.invoiceId}`}>
            Order page
          </Link>
          <a href={packingSlipsHref([order.id])} className={LINK} aria-label={`Packing slip for ${order.invoiceId} (PDF)`}>
            Packing slip
          </a>
        </p>
      </div>
      <address className="not-italic">
        <span className="font-semibold">{order.name}</span>
        <span className="block wrap-anywhere">{order.address}</span>
        <span className="block">Singapore {order.postalCode}</span>
      </address>
      <div>
        <Items label="Items" items={order.items} />
        <Items label="Rewards in this parcel" items={order.rewards} />
        {order.tags.length > 0 && (
          <ul aria-label={`Tags of ${order.invoiceId}`} className="flex flex-wrap gap-1">
            {order.tags.map((tag) => (
              <li key={tag}>
                <StatusBadge tone="active">{tag}</StatusBadge>
              </li>
            ))}
          </ul>
        )}
        {order.notes.map((note) => (
          <p key={note.id} className="mt-1 text-sm">
            <span className="wrap-anywhere">“{note.body}”</span>{" "}
            <span className="text-muted">
              — {note.by}, {note.at}
            </span>
          </p>
        ))}
      </div>
      <div>
        <label htmlFor={trackingField(order.invoiceId)} className="block font-semibold">
          Tracking number <span className="sr-only">for {order.invoiceId}</span>
        </label>
        <input
          id={trackingField(order.invoiceId)}
          name={trackingField(order.invoiceId)}
          maxLength={40}
          autoComplete="off"
          className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2"
          onChange={(event) => {
            const box = document.getElementById(shipBox(order.invoiceId));
            if (box instanceof HTMLInputElement && event.currentTarget.value.trim()) box.checked = true;
          }}
        />
      </div>
    </li>
  );
}

export function ShippingQueue({ orders }: { orders: QueueOrder[] }) {
  return (
    <ul aria-label="Orders waiting to ship" className="mt-4 space-y-3">
      {orders.map((order) => (
        <QueueRow key={order.id} order={order} />
      ))}
    </ul>
  );
}

/** Ticks every order on the page (once the page's script runs). */
export function TickAll() {
  return (
    <button
      type="button"
      className="min-h-11 rounded-full border border-slate-400 px-5 py-2 font-semibold hover:bg-slate-50"
      onClick={(event) => {
        for (const box of event.currentTarget.form?.querySelectorAll<HTMLInputElement>('input[name="order"]') ?? []) {
          box.checked = true;
        }
      }}
    >
      Tick all on this page
    </button>
  );
}
