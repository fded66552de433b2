import { data, useActionData } from "react-router";
import { AddStaffInput, addStaff } from "../../../domain/staff/add-staff.ts";
import { ChangeStaffRoleInput, changeStaffRole } from "../../../domain/staff/change-staff-role.ts";
import { listStaff } from "../../../domain/staff/list-staff.ts";
import { RemoveStaffInput, removeStaff } from "../../../domain/staff/remove-staff.ts";
import { GRANTABLE_PERMISSIONS } from "../../../kernel/staff-permissions.ts";
import { ActionMessage, AdminForm, Field, SubmitButton } from "../../components/admin/admin-form.tsx";
import { PageHeading } from "../../components/admin/admin-parts.tsx";
import { type ActionResult, failureResult, formText } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { PERMISSION_LABELS } from "../../lib/back-office-sections.ts";
import { formInput } from "../../lib/form-input.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { Route } from "./+types/admin-staff";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Staff"), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const { operations } = requireStaffPage(args);
  return { staff: await refusedAsPage(listStaff(operations, {})) };
}

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  const intent = formText(form, "intent");
  const role = formText(form, "role");
  if (intent !== "remove" && role !== "owner" && role !== "staff") {
    return data<ActionResult>({ ok: false, message: "Choose a role: owner, or staff with permissions." }, { status: 400 });
  }
  try {
    switch (intent) {
      case "add": {
        const { email } = await addStaff(operations, formInput(AddStaffInput, form));
        return { ok: true, message: `${email} was added.` } satisfies ActionResult;
      }
      case "change": {
        const { email } = await changeStaffRole(operations, formInput(ChangeStaffRoleInput, form));
        return { ok: true, message: `${email} was changed.` } satisfies ActionResult;
      }
      case "remove": {
        const { email } = await removeStaff(operations, formInput(RemoveStaffInput, form));
        return { ok: true, message: `${email} was removed.` } satisfies ActionResult;
      }
      default:
        return data<ActionResult>({ ok: false, message: "Choose add, change or remove." }, { status: 400 });
    }
  } catch (error) {
    return failureResult(error);
  }
}

export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  return (
    <>
      <PageHeading title="Staff" />
      <ActionMessage result={result} />
      <section aria-labelledby="add-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="add-heading" className="text-xl font-bold text-brand-900">
          Add someone
        </h2>
        <AdminForm intent="add" resetAfter={result} className="mt-3 space-y-3">
          <Field
            id="add-email"
            label="Email"
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            width="w-full max-w-md"
          />
          <RoleFields idPrefix="add" current="staff" permissions={[]} />
          <SubmitButton>Add</SubmitButton>
        </AdminForm>
      </section>
      <section aria-labelledby="list-heading" className="mt-8">
        <h2 id="list-heading" className="text-xl font-bold text-brand-900">
          Who can enter the back office
        </h2>
        <ul className="mt-3 space-y-3">
          {loaderData.staff.map((person, index) => (
            <li key={person.email} className="rounded-lg border border-slate-200 bg-white p-4">
              <p className="font-semibold break-all">{person.email}</p>
              {person.fromSetting ? (
                <p className="text-muted">Owner (from the OWNER_EMAILS setting; change it there)</p>
              ) : (
                <div className="mt-2 flex flex-wrap items-end gap-4">
                  <AdminForm intent="change" hiddenFields={[["email", person.email]]} className="space-y-2">
                    <RoleFields idPrefix={`staff-${index}`} current={person.role} permissions={person.permissions} />
                    <SubmitButton look="secondary">Save {person.email}</SubmitButton>
                  </AdminForm>
                  <AdminForm intent="remove" hiddenFields={[["email", person.email]]}>
                    <SubmitButton look="danger">Remove {person.email}</SubmitButton>
                  </AdminForm>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function RoleFields({ idPrefix, current, permissions }: { idPrefix: string; current: string; permissions: string[] }) {
  return (
    <fieldset className="rounded-lg border border-slate-300 p-3">
      <legend className="px-1 font-semibold">Role</legend>
      <div className="flex flex-wrap gap-4">
        {(["owner", "staff"] as const).map((value) => (
          <label key={value} className="inline-flex min-h-11 items-center gap-2">
            <input type="radio" name="role" value={value} defaultChecked={current === value} />
            {value === "owner" ? "Owner (everything)" : "Staff with these permissions:"}
          </label>
        ))}
      </div>
      <div className="mt-1 flex flex-wrap gap-x-4">
        {GRANTABLE_PERMISSIONS.map((permission) => (
          <label key={permission} htmlFor={`${idPrefix}-${permission}`} className="inline-flex min-h-11 items-center gap-2">
            <input
              id={`${idPrefix}-${permission}`}
              type="checkbox"
              name="permissions"
              value={permission}
              defaultChecked={permissions.includes(permission)}
            />
            {PERMISSION_LABELS[permission]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
