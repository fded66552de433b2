import { redirect, useActionData } from "react-router";
import { listCatalogueForStaff } from "../../../domain/catalog/staff/list-catalogue-for-staff.ts";
import { CreateProductInput, createProduct } from "../../../domain/catalog/staff/save-product.ts";
import { ActionMessage, AdminForm, Field, SubmitButton } from "../../components/admin/admin-form.tsx";
import { PageHeading } from "../../components/admin/admin-parts.tsx";
import { ProductFields } from "../../components/admin/catalogue/catalogue-fields.tsx";
import { SERIES_CHOICES } from "../../components/admin/catalogue/series-choices.ts";
import { failureResult } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { CATALOGUE_FIELD_LABELS } from "../../lib/catalogue-form.server.ts";
import { formInput, typedValues } from "../../lib/form-input.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-catalogue-new-product";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "New product"), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  const groups = await refusedAsPage(listCatalogueForStaff(operations, {}));
  return { takenIds: groups.flatMap((group) => group.products.map((product) => product.id)) };
}

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  try {
    const created = await createProduct(operations, formInput(CreateProductInput, form));
    return redirect(`/admin/catalogue/products/${created.id}?created=1#new-option-heading`);
  } catch (error) {
    // A form posted before the page's scripts run comes back as typed, not empty.
    return failureResult(error, { labels: CATALOGUE_FIELD_LABELS, values: typedValues(CreateProductInput, form) });
  }
}

export default function AdminCatalogueNewProduct({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const typed = result?.values;
  return (
    <>
      <PageHeading title="New product" back={{ to: "/admin/catalogue", label: "All products" }}>
        A product is sold once it is on sale and has a purchase option; you add options on the next page.
      </PageHeading>
      <AdminForm answer={result} className="mt-6 space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <Field
          id="product-id"
          label="Product id (lower-case letters and digits, part of its address)"
          name="productId"
          required
          maxLength={32}
          pattern="[a-z0-9]+"
          autoCapitalize="none"
          aria-describedby="taken-ids"
          defaultValue={typed?.productId}
        />
        <details id="taken-ids" className="text-sm text-muted">
          <summary className="min-h-11 cursor-pointer py-2">Ids already in use</summary>
          <p className="break-words">{loaderData.takenIds.join(", ")}</p>
        </details>
        <ProductFields
          series={SERIES_CHOICES}
          product={
            typed && {
              name: typed.name ?? "",
              summary: typed.summary ?? "",
              description: typed.description ?? "",
              seriesCode: typed.seriesCode ?? "",
              kind: typed.kind ?? "",
              active: typed.active === "on",
            }
          }
        />
        <ActionMessage result={result} />
        <SubmitButton>Create product</SubmitButton>
      </AdminForm>
    </>
  );
}
