import { Link } from "react-router";
import { AdminForm, SubmitButton } from "./admin-form.tsx";
import { LINK } from "./admin-parts.tsx";
import { DataTable } from "./data-table.tsx";
import { StatusBadge, type Tone } from "./status-badge.tsx";

type Attempt = { key: string; at: string; answer: string; response: string; redelivery: boolean };

/** A delivery as the back office lists it: what its event is about, where it went, and each attempt, latest first. */
export type WebhookDeliveryRow = {
  id: string;
  /** The event type in words. */
  event: string;
  eventId: string;
  /** When the event happened. */
  happened: string;
  order: { id: string; invoiceId: string } | null;
  /** The member's name when the staff may open member screens; else only the id the payload carries. */
  member: { id: string; name: string | null } | null;
  url: string;
  status: string;
  attempts: Attempt[];
};

const DELIVERY_STATES: Record<string, { tone: Tone; label: string }> = {
  pending: { tone: "waiting", label: "Waiting" },
  succeeded: { tone: "done", label: "Delivered" },
  failing: { tone: "off", label: "Failing" },
};

/** The latest deliveries, each with a button to send it again. */
export function WebhookDeliveries({ deliveries }: { deliveries: WebhookDeliveryRow[] }) {
  return (
    <DataTable
      caption="Recent webhook deliveries, the latest first"
      rows={deliveries}
      rowKey={(delivery) => delivery.id}
      empty="Nothing sent yet."
      minWidth="widest"
      columns={[
        { heading: "Event", rowHeader: true, cell: (delivery) => <DeliveryEvent {...delivery} /> },
        { heading: "Endpoint", cell: (delivery) => delivery.url, className: "break-all font-mono text-sm" },
        {
          heading: "State",
          cell: (delivery) => {
            const state = DELIVERY_STATES[delivery.status] ?? { tone: "off", label: delivery.status };
            return <StatusBadge tone={state.tone}>{state.label}</StatusBadge>;
          },
        },
        { heading: "Attempts", cell: (delivery) => <Attempts attempts={delivery.attempts} /> },
        {
          heading: "",
          cell: (delivery) => (
            <AdminForm intent="redeliver" hiddenFields={[["deliveryId", delivery.id]]}>
              <SubmitButton look="secondary" aria-label={`Redeliver ${delivery.event} to ${delivery.url}`}>
                Redeliver
              </SubmitButton>
            </AdminForm>
          ),
        },
      ]}
    />
  );
}

/** What the event is about: its type, its order and member (linked to their pages where staff may see them), when, and its id. */
function DeliveryEvent({ event, eventId, happened, order, member }: WebhookDeliveryRow) {
  return (
    <>
      {event}
      {order && (
        <span className="block text-sm">
          Order{" "}
          <Link to={`/admin/orders/${encodeURIComponent(order.id)}`} className={LINK}>
            {order.invoiceId}
          </Link>
        </span>
      )}
      {member && (
        <span className="block text-sm">
          Member{" "}
          {member.name ? (
            <Link to={`/admin/members/${encodeURIComponent(member.id)}`} className={LINK}>
              {member.name}
            </Link>
          ) : (
            <span className="break-all font-mono text-xs">{member.id}</span>
          )}
        </span>
      )}
      <span className="block text-sm text-muted">{happened}</span>
      <span className="block break-all font-mono text-xs text-muted">{eventId}</span>
    </>
  );
}

/** The latest attempt's answer, and every attempt with the start of what came back, folded away. */
function Attempts({ attempts }: { attempts: Attempt[] }) {
  const [latest] = attempts;
  if (!latest) return <span className="text-muted">Not tried yet</span>;
  return (
    <details>
      <summary className="min-h-11 cursor-pointer py-2">
        {latest.answer}
        <span className="text-muted">{` · ${attempts.length} ${attempts.length === 1 ? "attempt" : "attempts"}`}</span>
      </summary>
      <ol className="space-y-2">
        {attempts.map((attempt) => (
          <li key={attempt.key} className="text-sm">
            <span className="font-semibold">{attempt.at}</span>
            {attempt.redelivery && " (redelivery)"}: {attempt.answer}
            {attempt.response && (
              <pre className="mt-1 whitespace-pre-wrap break-all rounded bg-slate-100 p-2 text-xs">{attempt.response}</pre>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}
