import { useState } from "react";
import { useActionData } from "react-router";
import { ADJUSTMENT_REASONS, AdjustStockInput, adjustStock } from "../../../domain/stock/adjust-stock.ts";
import { listStock } from "../../../domain/stock/list-stock.ts";
import { SetStockThresholdInput, setStockThreshold } from "../../../domain/stock/set-stock-threshold.ts";
import { formatTimestamp } from "../../../kernel/format-timestamp.ts";
import { ActionMessage, AdminForm, Field, SelectField, SubmitButton } from "../../components/admin/admin-form.tsx";
import { PageHeading, Section } from "../../components/admin/admin-parts.tsx";
import { DataTable } from "../../components/admin/data-table.tsx";
import { StatusBadge } from "../../components/admin/status-badge.tsx";
import { type ActionResult, failureResult, formText } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-stock";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Stock"), { name: "robots", content: "noindex" }];

/** The forms' labels, for messages about their fields. */
const FIELD_LABELS: Record<string, string> = {
  skuId: "The SKU",
  reason: "The reason",
  change: "The change",
  note: "The note",
  lowStockThreshold: "The threshold",
};

/** Each ledger reason as staff read it. */
const MOVEMENT_LABELS: Record<string, string> = {
  received: "Received",
  counted: "Count correction",
  damaged: "Damaged or lost",
  held: "Held by a checkout",
  released: "Checkout ended unpaid",
  sold: "Sold",
  returned: "Returned",
};

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const stock = await refusedAsPage(listStock(operations, {}));
  return {
    skus: stock.skus.map((sku) => ({
      ...sku,
      low: sku.lowStockThreshold !== null && sku.available <= sku.lowStockThreshold,
    })),
    movements: stock.movements.map((movement) => ({
      id: String(movement.id),
      skuId: movement.skuId,
      what: MOVEMENT_LABELS[movement.reason] ?? movement.reason,
      onHand: movement.onHandChange === 0 ? "" : signed(movement.onHandChange),
      held: movement.heldChange === 0 ? "" : signed(movement.heldChange),
      by: [movement.staffEmail, movement.note].filter(Boolean).join(": "),
      at: formatTimestamp(movement.createdAt),
    })),
    reasons: Object.entries(ADJUSTMENT_REASONS).map(([value, label]) => ({ value, label })),
  };
}

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  try {
    if (formText(form, "intent") === "threshold") {
      const set = await setStockThreshold(operations, formInput(SetStockThresholdInput, form));
      return {
        ok: true,
        message: `${set.flavourName} (${set.skuId}): staff are emailed once at ${set.lowStockThreshold} left.`,
      } satisfies ActionResult;
    }
    const adjusted = await adjustStock(operations, formInput(AdjustStockInput, form));
    return {
      ok: true,
      message: `${adjusted.flavourName} (${adjusted.skuId}): ${signed(adjusted.change)}, now ${adjusted.onHand} on hand.`,
    } satisfies ActionResult;
  } catch (error) {
    return failureResult(error, { labels: FIELD_LABELS });
  }
}

export default function AdminStock({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  // Each form shows its own answer, beside what was typed; without scripts the answer tops the page.
  const [sent, setSent] = useState<"adjust" | "threshold" | null>(null);
  const answerFor = (form: "adjust" | "threshold") => (sent === form ? result : undefined);
  const { skus, movements, reasons } = loaderData;
  const skuChoices = skus.map((sku) => ({ value: sku.skuId, label: `${sku.skuId} · ${sku.flavourName} (${sku.format})` }));
  return (
    <>
      <PageHeading title="Stock">
        What each SKU has on hand, what open checkouts hold, and what is left to sell. An option is sold out once one of its SKUs
        has too few left.
      </PageHeading>
      {sent === null && <ActionMessage result={result} />}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Section id="adjust" title="Adjust stock">
          <AdminForm
            intent="adjust"
            answer={answerFor("adjust")}
            resetAfter={answerFor("adjust")}
            onSubmit={() => setSent("adjust")}
            className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
          >
            <SelectField id="adjust-sku" label="SKU" name="skuId" options={skuChoices} />
            <SelectField id="adjust-reason" label="Reason" name="reason" options={reasons} />
            <Field id="adjust-change" label="Change in boxes (− takes off)" name="change" type="number" required width="w-40" />
            <Field id="adjust-note" label="Note (optional)" name="note" maxLength={200} />
            <ActionMessage result={answerFor("adjust")} />
            <SubmitButton>Adjust</SubmitButton>
          </AdminForm>
        </Section>
        <Section id="threshold" title="Low-stock threshold">
          <AdminForm
            intent="threshold"
            answer={answerFor("threshold")}
            onSubmit={() => setSent("threshold")}
            className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
          >
            <p className="text-muted">Staff are emailed once when what is left to sell falls to this.</p>
            <SelectField id="threshold-sku" label="SKU" name="skuId" options={skuChoices} />
            <Field id="threshold-value" label="Threshold" name="lowStockThreshold" type="number" min={0} required width="w-40" />
            <ActionMessage result={answerFor("threshold")} />
            <SubmitButton>Set threshold</SubmitButton>
          </AdminForm>
        </Section>
      </div>
      <Section id="levels" title="Stock by SKU">
        <DataTable
          caption="Stock by SKU"
          minWidth="phone"
          rows={skus}
          rowKey={(sku) => sku.skuId}
          empty="No SKUs yet."
          columns={[
            {
              heading: "SKU",
              rowHeader: true,
              cell: (sku) => (
                <>
                  {sku.skuId}
                  <span className="block text-sm font-normal text-muted">
                    {sku.flavourName} ({sku.format})
                  </span>
                </>
              ),
            },
            { heading: "On hand", numeric: true, cell: (sku) => sku.onHand },
            { heading: "Held", numeric: true, cell: (sku) => sku.held },
            {
              heading: "Available",
              numeric: true,
              cell: (sku) => (
                <>
                  {sku.available} {sku.low && <StatusBadge tone="waiting">Low</StatusBadge>}
                </>
              ),
            },
            { heading: "Threshold", numeric: true, cell: (sku) => sku.lowStockThreshold ?? "—" },
          ]}
        />
      </Section>
      <Section id="movements" title="Latest movements">
        <DataTable
          caption="Latest stock movements"
          minWidth="wide"
          dense
          rows={movements}
          rowKey={(movement) => movement.id}
          empty="No movements yet."
          columns={[
            // What moved and by how much come first, so a phone shows them before the table scrolls.
            { heading: "SKU", rowHeader: true, cell: (movement) => movement.skuId },
            { heading: "What", cell: (movement) => movement.what },
            { heading: "On hand", numeric: true, cell: (movement) => movement.onHand },
            { heading: "Held", numeric: true, cell: (movement) => movement.held },
            { heading: "When", cell: (movement) => movement.at, className: "whitespace-nowrap" },
            { heading: "By, note", cell: (movement) => movement.by },
          ]}
        />
      </Section>
    </>
  );
}
