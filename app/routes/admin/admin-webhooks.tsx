import { useActionData } from "react-router";
import { SHOP_EVENT_LABELS, SHOP_EVENT_TYPES, type ShopEventType } from "../../../domain/events/shop-event-types.ts";
import { createWebhookEndpoint } from "../../../domain/webhooks/create-webhook-endpoint.ts";
import { listWebhooks } from "../../../domain/webhooks/list-webhooks.ts";
import { redeliverWebhookDelivery } from "../../../domain/webhooks/redeliver-webhook-delivery.ts";
import { updateWebhookEndpoint } from "../../../domain/webhooks/update-webhook-endpoint.ts";
import {
  CreateWebhookEndpointInput,
  UpdateWebhookEndpointInput,
  WebhookDeliveryRefInput,
} from "../../../domain/webhooks/webhook-endpoint-input.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { ActionMessage, AdminForm, Field, SubmitButton } from "../../components/admin/admin-form.tsx";
import { PageHeading, Section } from "../../components/admin/admin-parts.tsx";
import { DataTable } from "../../components/admin/data-table.tsx";
import { StatusBadge } from "../../components/admin/status-badge.tsx";
import { WebhookDeliveries, type WebhookDeliveryRow } from "../../components/admin/webhook-deliveries.tsx";
import { type ActionResult, failureResult, formText } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-webhooks";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Webhooks"), { name: "robots", content: "noindex" }];

const eventLabel = (type: string) => SHOP_EVENT_LABELS[type as ShopEventType] ?? type;

/** An attempt's answer in a line: the status code (or that there was none), how long it took. */
function answerLine(attempt: { statusCode: number | null; durationMs: number }): string {
  const code = attempt.statusCode === null ? "No answer" : `HTTP ${attempt.statusCode}`;
  return `${code} in ${attempt.durationMs} ms`;
}

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const { endpoints, deliveries } = await refusedAsPage(listWebhooks(operations, {}));
  return {
    endpoints: endpoints.map((endpoint) => ({
      id: endpoint.id,
      url: endpoint.url,
      description: endpoint.description,
      events: endpoint.events,
      active: endpoint.active,
      secretHint: endpoint.secretHint,
      since: formatTimestamp(endpoint.createdAt),
    })),
    deliveries: deliveries.map(
      (delivery): WebhookDeliveryRow => ({
        id: delivery.id,
        event: eventLabel(delivery.eventType),
        eventId: delivery.eventId,
        happened: formatTimestamp(delivery.eventAt),
        order: delivery.subject.order,
        member: delivery.subject.member,
        url: delivery.url,
        status: delivery.status,
        attempts: delivery.attemptList.map((attempt, index) => ({
          key: `${delivery.id}-${index}`,
          at: formatTimestamp(attempt.at),
          answer: answerLine(attempt),
          response: attempt.response,
          redelivery: attempt.redelivery,
        })),
      }),
    ),
  };
}

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  const intent = formText(form, "intent");
  try {
    if (intent === "update") {
      const updated = await updateWebhookEndpoint(operations, formInput(UpdateWebhookEndpointInput, form));
      return { ok: true, message: `Saved ${updated.url}; it is ${updated.active ? "on" : "off"}.` } satisfies ActionResult;
    }
    if (intent === "redeliver") {
      const sent = await redeliverWebhookDelivery(operations, formInput(WebhookDeliveryRefInput, form));
      return { ok: true, message: `Event ${sent.eventId} is on its way to ${sent.url} again.` } satisfies ActionResult;
    }
    const created = await createWebhookEndpoint(operations, formInput(CreateWebhookEndpointInput, form));
    return {
      ok: true,
      message: `Registered ${created.url}. Copy its signing secret now: it is not shown again.`,
      secret: created.secret,
    } satisfies ActionResult & { secret: string };
  } catch (error) {
    return failureResult(error, { labels: { url: "The URL", events: "Events" } });
  }
}

/** The event types as checkboxes, ticked as given. */
function EventChoices({ idPrefix, chosen }: { idPrefix: string; chosen: readonly string[] }) {
  return (
    <fieldset className="mt-1">
      <legend className="font-semibold">Events</legend>
      <div className="grid gap-x-4 sm:grid-cols-2">
        {SHOP_EVENT_TYPES.map((type) => (
          <label key={type} htmlFor={`${idPrefix}-${type}`} className="flex min-h-11 items-center gap-2">
            <input id={`${idPrefix}-${type}`} type="checkbox" name="events" value={type} defaultChecked={chosen.includes(type)} />
            {SHOP_EVENT_LABELS[type]} <code className="text-sm text-muted">{type}</code>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export default function AdminWebhooks({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const secret = result && "secret" in result ? result.secret : null;
  return (
    <>
      <PageHeading title="Webhooks">
        The shop sends each event you choose to your endpoint as a signed POST, from the job queue: a slow or failing endpoint
        never holds up a checkout. Failed deliveries are retried for about a day.
      </PageHeading>
      <ActionMessage result={result} />
      {secret && (
        <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
          <p className="font-semibold">Signing secret</p>
          <p className="mt-1 break-all font-mono" data-testid="webhook-secret">
            {secret}
          </p>
          <p className="mt-1 text-sm">Keep it where your endpoint can read it; it verifies the Webhook-Signature header.</p>
        </div>
      )}
      <Section id="create" title="New endpoint">
        <AdminForm
          intent="create"
          answer={result}
          resetAfter={result}
          className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
        >
          <Field id="webhook-url" label="URL (https)" name="url" type="url" required maxLength={2000} width="w-full" />
          <Field id="webhook-description" label="Description (optional)" name="description" maxLength={200} width="w-full" />
          <EventChoices idPrefix="new" chosen={["order.paid"]} />
          <SubmitButton>Register endpoint</SubmitButton>
        </AdminForm>
      </Section>
      <Section id="endpoints" title="Endpoints">
        <DataTable
          caption="Webhook endpoints"
          rows={loaderData.endpoints}
          rowKey={(endpoint) => endpoint.id}
          empty="No endpoints yet."
          minWidth="wide"
          columns={[
            {
              heading: "URL",
              rowHeader: true,
              cell: (endpoint) => (
                <>
                  <span className="break-all font-mono text-sm">{endpoint.url}</span>
                  {endpoint.description && <span className="block text-muted">{endpoint.description}</span>}
                </>
              ),
            },
            { heading: "Events", cell: (endpoint) => endpoint.events.map(eventLabel).join(", ") },
            { heading: "Secret", cell: (endpoint) => endpoint.secretHint, className: "font-mono text-sm whitespace-nowrap" },
            {
              heading: "State",
              cell: (endpoint) =>
                endpoint.active ? (
                  <StatusBadge tone="active">On</StatusBadge>
                ) : (
                  <StatusBadge tone="off">Switched off</StatusBadge>
                ),
            },
            {
              heading: "Change",
              cell: (endpoint) => (
                <details>
                  <summary
                    aria-label={`Change ${endpoint.url}`}
                    className="min-h-11 cursor-pointer py-2 font-semibold text-brand-700"
                  >
                    Change
                  </summary>
                  <AdminForm intent="update" hiddenFields={[["id", endpoint.id]]} className="mt-2 space-y-2">
                    <label htmlFor={`active-${endpoint.id}`} className="flex min-h-11 items-center gap-2">
                      <input id={`active-${endpoint.id}`} type="checkbox" name="active" defaultChecked={endpoint.active} /> On
                    </label>
                    <EventChoices idPrefix={endpoint.id} chosen={endpoint.events} />
                    <SubmitButton>Save</SubmitButton>
                  </AdminForm>
                </details>
              ),
            },
          ]}
        />
      </Section>
      <Section id="deliveries" title="Recent deliveries">
        <WebhookDeliveries deliveries={loaderData.deliveries} />
      </Section>
    </>
  );
}
