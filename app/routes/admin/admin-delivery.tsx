import { useActionData } from "react-router";
import {
  CreateDeliveryOptionInput,
  createDeliveryOption,
  listDeliveryOptions,
  SwitchDeliveryOptionInput,
  switchDeliveryOption,
  UpdateDeliveryOptionInput,
  updateDeliveryOption,
} from "../../../domain/delivery/manage-delivery-options.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { ActionMessage, AdminForm, SubmitButton } from "../../components/admin/admin-form.tsx";
import { PageHeading, Section } from "../../components/admin/admin-parts.tsx";
import { DataTable } from "../../components/admin/data-table.tsx";
import {
  DeliveryTermsFields,
  type DeliveryTermsValues,
  NEW_OPTION_VALUES,
  weekdaysText,
} from "../../components/admin/delivery-option-fields.tsx";
import { StatusBadge } from "../../components/admin/status-badge.tsx";
import { type ActionResult, failureResult, formText, unreadableRequest } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { centsFromDollars, dollarsText } from "../../lib/money-input.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-delivery";

export { rereadAfterStaleEdit as shouldRevalidate } from "../../lib/reread-after-stale-edit.ts";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Delivery options"), { name: "robots", content: "noindex" }];

/** Blank stays blank (never free); anything else is read as dollars. */
const optionalCents = (text: string) => (text.trim() === "" ? "" : centsFromDollars(text));
const timeText = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The form's labels, for messages about its fields. */
const LABELS = {
  name: "Name",
  priceCents: "Price",
  freeFromCents: "Free from",
  minDays: "Working days, fewest",
  maxDays: "Working days, most",
  weekdays: "Runs on",
  cutoff: "Daily cut-off",
};

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const options = await refusedAsPage(listDeliveryOptions(operations, {}));
  return {
    options: options.map((option) => ({
      id: option.id,
      active: option.active,
      stamp: option.stamp,
      values: {
        name: option.name,
        price: dollarsText(option.priceCents),
        freeFrom: option.freeFromCents === null ? "" : dollarsText(option.freeFromCents),
        minDays: option.minDays,
        maxDays: option.maxDays,
        weekdays: option.weekdays,
        cutoff: option.cutoffMinutes === null ? "" : timeText(option.cutoffMinutes),
      } satisfies DeliveryTermsValues,
      charge:
        `${formatMoney(option.priceCents)}` +
        (option.freeFromCents === null ? ", never free" : `, free from ${formatMoney(option.freeFromCents)}`),
      takes:
        option.minDays === option.maxDays
          ? `${option.minDays} working day${option.minDays === 1 ? "" : "s"}`
          : `${option.minDays} to ${option.maxDays} working days`,
      runs: `${weekdaysText(option.weekdays)}; ${option.cutoffMinutes === null ? "no cut-off" : `cut-off ${timeText(option.cutoffMinutes)}`}`,
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  // What the form says in dollars, the operations take in cents.
  const money = {
    priceCents: centsFromDollars(formText(form, "price")),
    freeFromCents: optionalCents(formText(form, "freeFrom")),
  };
  const intent = formText(form, "intent");
  try {
    if (intent === "create") {
      const created = await createDeliveryOption(operations, formInput(CreateDeliveryOptionInput, form, money));
      return { ok: true, message: `${created.name} delivery added; shoppers can choose it now.` } satisfies ActionResult;
    }
    if (intent === "update") {
      const saved = await updateDeliveryOption(operations, formInput(UpdateDeliveryOptionInput, form, money));
      return {
        ok: true,
        message: `${saved.name} delivery saved. Orders already placed, and checkouts at the payment page, keep what they were shown.`,
      } satisfies ActionResult;
    }
    if (intent === "switch") {
      const switched = await switchDeliveryOption(operations, formInput(SwitchDeliveryOptionInput, form));
      return {
        ok: true,
        message: `${switched.name} delivery is ${switched.active ? "on offer" : "switched off"}.`,
      } satisfies ActionResult;
    }
    return unreadableRequest();
  } catch (error) {
    return failureResult(error, { labels: LABELS });
  }
}

type ShownOption = Route.ComponentProps["loaderData"]["options"][number];

export default function AdminDelivery({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  return (
    <>
      <PageHeading title="Delivery options">
        What shoppers choose from in the bag and at checkout, and what the product page promises. Working days skip weekends and
        Singapore public holidays. With a cut-off, an order after it, or on a day the option does not run, counts from its next
        running day; without one, an order counts from its own day, a Saturday order one working day later and a Sunday order
        three. A change applies to orders from now on.
      </PageHeading>
      <ActionMessage result={result} />
      <Section id="options" title="Options">
        <DataTable
          caption="Delivery options"
          rows={loaderData.options}
          rowKey={(option) => option.id}
          empty="No delivery options."
          columns={[
            { heading: "Option", cell: (option) => option.values.name, className: "font-semibold" },
            { heading: "Charge", cell: (option) => option.charge },
            { heading: "Takes", cell: (option) => option.takes },
            { heading: "Runs", cell: (option) => option.runs },
            {
              heading: "State",
              cell: (option) =>
                option.active ? <StatusBadge tone="active">On</StatusBadge> : <StatusBadge tone="off">Switched off</StatusBadge>,
            },
            { heading: "Change", cell: (option) => <ChangeOption option={option} /> },
          ]}
        />
      </Section>
      <Section id="new" title="New delivery option">
        <AdminForm
          intent="create"
          resetAfter={result}
          className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3"
        >
          <DeliveryTermsFields idPrefix="new" values={NEW_OPTION_VALUES} />
          <div className="flex items-end">
            <SubmitButton>Add option</SubmitButton>
          </div>
        </AdminForm>
      </Section>
    </>
  );
}

/** An option's terms to change, and its switch. */
function ChangeOption({ option }: { option: ShownOption }) {
  const hidden: [string, string][] = [
    ["id", option.id],
    ["seen", option.stamp],
  ];
  return (
    <details>
      <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-700">Change {option.values.name}</summary>
      <AdminForm intent="update" hiddenFields={hidden} className="mt-2 grid gap-2">
        <DeliveryTermsFields idPrefix={`option-${option.id}`} values={option.values} />
        <SubmitButton>Save {option.values.name}</SubmitButton>
      </AdminForm>
      <AdminForm intent="switch" hiddenFields={[...hidden, ["active", option.active ? "false" : "true"]]} className="mt-3">
        <SubmitButton>{option.active ? `Switch ${option.values.name} off` : `Switch ${option.values.name} on`}</SubmitButton>
      </AdminForm>
    </details>
  );
}
