import { useState } from "react";
import { Link, useActionData } from "react-router";
import { findProductForStaff } from "../../../domain/catalog/staff/find-product-for-staff.ts";
import { optionStamp, productStamp } from "../../../domain/catalog/staff/form-stamps.ts";
import { listFlavoursForStaff } from "../../../domain/catalog/staff/list-flavours-for-staff.ts";
import { CreateOptionInput, createOption, UpdateOptionInput, updateOption } from "../../../domain/catalog/staff/save-option.ts";
import { UpdateProductInput, updateProduct } from "../../../domain/catalog/staff/save-product.ts";
import { formatMoney } from "../../../kernel/money.ts";
import { ActionMessage, AdminForm, type Answer, SubmitButton } from "../../components/admin/admin-form.tsx";
import { LINK, PageHeading, Section } from "../../components/admin/admin-parts.tsx";
import { ProductFields } from "../../components/admin/catalogue/catalogue-fields.tsx";
import { NewOptionIdFields } from "../../components/admin/catalogue/new-option-id-fields.tsx";
import { OptionFields, SkuList } from "../../components/admin/catalogue/option-fields.tsx";
import { SERIES_CHOICES } from "../../components/admin/catalogue/series-choices.ts";
import { StatusBadge } from "../../components/admin/status-badge.tsx";
import { type ActionResult, failureResult, formText, unreadableRequest } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { flavourNamesOf, skuChoicesOf } from "../../lib/catalogue-choices.server.ts";
import { CATALOGUE_FIELD_LABELS, optionFormValues } from "../../lib/catalogue-form.server.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { dollarsText } from "../../lib/money-input.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-catalogue-product";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.loaderData?.product.name ?? "Product"),
  { name: "robots", content: "noindex" },
];

export { rereadAfterStaleEdit as shouldRevalidate } from "../../lib/reread-after-stale-edit.ts";

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const [product, skus] = await refusedAsPage(
    Promise.all([findProductForStaff(operations, { productId: args.params.productId }), listFlavoursForStaff(operations, {})]),
  );
  return {
    product: {
      id: product.id,
      name: product.name,
      summary: product.summary,
      description: product.description,
      seriesCode: product.series.code,
      kind: product.kind,
      active: product.active,
      path: product.path,
      stamp: productStamp(product),
    },
    options: product.options.map((option) => ({
      id: option.optionId,
      label: option.flavourName ? `${option.optionName}, ${option.flavourName}` : option.optionName,
      priceLabel: formatMoney(option.optionPriceCents),
      stamp: optionStamp(option),
      values: {
        optionName: option.optionName,
        price: dollarsText(option.optionPriceCents),
        flavourName: option.flavourName ?? "",
        isUpsellOption: option.isUpsellOption,
        active: option.active,
        skus: option.skus.map(({ skuId, qty }) => ({ skuId, qty })),
      },
    })),
    skuChoices: skuChoicesOf(skus),
    flavours: flavourNamesOf(skus),
    // Just made on the new-product page, which sends staff here to add its first option.
    created: new URL(args.request.url).searchParams.has("created"),
  };
}

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  const { productId } = args.params;
  try {
    switch (formText(form, "intent")) {
      case "product": {
        const saved = await updateProduct(operations, formInput(UpdateProductInput, form, { productId }));
        return { ok: true, message: `Saved ${saved.name}; the shop shows it now.` } satisfies ActionResult;
      }
      case "option-create": {
        const created = await createOption(
          operations,
          formInput(CreateOptionInput, form, { productId, ...optionFormValues(form) }),
        );
        return { ok: true, message: `Added the option ${created.optionId}.` } satisfies ActionResult;
      }
      case "option-update": {
        const saved = await updateOption(operations, formInput(UpdateOptionInput, form, optionFormValues(form)));
        return {
          ok: true,
          message: `Saved ${saved.optionName} (${saved.optionId}); the shop shows it now.`,
        } satisfies ActionResult;
      }
      default:
        return unreadableRequest();
    }
  } catch (error) {
    return failureResult(error, { labels: CATALOGUE_FIELD_LABELS });
  }
}

const CARD = "rounded-lg border border-slate-200 bg-white p-4";

export default function AdminCatalogueProduct({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  // The form last sent shows the answer and marks its fields; the others stay as they are.
  const [sent, setSent] = useState<string | null>(null);
  const answerFor = (form: string): Answer => (sent === form ? result : undefined);
  const messageIn = (form: string) => sent === form && <ActionMessage result={result} />;
  const { product, options } = loaderData;
  return (
    <>
      <PageHeading
        title={product.name}
        back={{ to: "/admin/catalogue", label: "All products" }}
        aside={
          <p className="flex flex-wrap gap-x-4">
            <Link to={`/admin/catalogue/products/${product.id}/photos`} className={LINK}>
              Photos
            </Link>
            <Link to={product.path} className={LINK}>
              See it in the shop
            </Link>
          </p>
        }
      >
        Product id {product.id}. A change shows in the shop at once; orders already made keep their prices.
      </PageHeading>
      {sent === null && <ActionMessage result={result} />}
      <SkuList choices={loaderData.skuChoices} />
      <Section id="product" title="Product">
        <AdminForm
          intent="product"
          hiddenFields={[["seen", product.stamp]]}
          answer={answerFor("product")}
          onSubmit={() => setSent("product")}
          className={`${CARD} space-y-3`}
        >
          <ProductFields product={product} series={SERIES_CHOICES} />
          {messageIn("product")}
          <SubmitButton>Save product</SubmitButton>
        </AdminForm>
      </Section>
      <Section id="options" title="Purchase options">
        {options.length === 0 && <p>No options yet: the product is not sold until it has one.</p>}
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {options.map((option) => (
            <li key={option.id} className="px-4 py-1">
              <details open={sent === option.id}>
                <summary className="min-h-11 cursor-pointer py-2">
                  <span className="font-semibold text-brand-900">{option.label}</span>{" "}
                  <span className="whitespace-nowrap text-muted">· {option.priceLabel}</span>{" "}
                  {!option.values.active && <StatusBadge tone="off">Switched off</StatusBadge>}
                  <span className="block text-sm text-muted">{option.id}</span>
                </summary>
                <AdminForm
                  intent="option-update"
                  hiddenFields={[
                    ["optionId", option.id],
                    ["seen", option.stamp],
                  ]}
                  answer={answerFor(option.id)}
                  onSubmit={() => setSent(option.id)}
                  className="mt-2 mb-3 space-y-3"
                >
                  <OptionFields idPrefix={option.id} option={option.values} flavours={loaderData.flavours} />
                  {messageIn(option.id)}
                  <SubmitButton>Save option</SubmitButton>
                </AdminForm>
              </details>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="new-option" title="New purchase option">
        <AdminForm
          intent="option-create"
          answer={answerFor("new-option")}
          resetAfter={sent === "new-option" ? result : undefined}
          onSubmit={() => setSent("new-option")}
          className={`${CARD} space-y-3`}
        >
          {sent === null && loaderData.created && (
            <ActionMessage result={{ ok: true, message: `${product.name} is created. Add a purchase option here to sell it.` }} />
          )}
          <NewOptionIdFields productId={product.id} />
          <OptionFields idPrefix="new-option" flavours={loaderData.flavours} />
          {messageIn("new-option")}
          <SubmitButton>Add option</SubmitButton>
        </AdminForm>
      </Section>
    </>
  );
}
