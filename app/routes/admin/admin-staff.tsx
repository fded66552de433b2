import { data, Form, useActionData } from "react-router";
import { addStaff } from "../../../domain/staff/add-staff.ts";
import { changeStaffRole } from "../../../domain/staff/change-staff-role.ts";
import { listStaff } from "../../../domain/staff/list-staff.ts";
import { removeStaff } from "../../../domain/staff/remove-staff.ts";
import { GRANTABLE_PERMISSIONS, type STAFF_PERMISSIONS } from "../../../kernel/staff-permissions.ts";
import { ActionMessage } from "../../components/admin/admin-parts.tsx";
import { type ActionResult, failureResult, formText } from "../../lib/action-result.server.ts";
import { refusedAsPage, requireStaffForm, requireStaffPage } from "../../lib/back-office.server.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { useResetAfterSuccess } from "../../lib/reset-after-success.ts";
import type { Route } from "./+types/admin-staff";

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "Staff"), { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  const { operations, staff } = requireStaffPage(args);
  return { staff: await refusedAsPage(listStaff(operations, {})), csrfToken: staff.session.csrfToken };
}

const LABELS: Record<(typeof STAFF_PERMISSIONS)[number], string> = {
  orders: "Orders",
  refunds: "Refunds",
  points: "Points",
  catalog: "Catalogue",
  promotions: "Promotions",
  staff: "Staff",
};

export async function action(args: Route.ActionArgs) {
  const { operations, form } = await requireStaffForm(args);
  const email = formText(form, "email");
  const role = formText(form, "role");
  const intent = formText(form, "intent");
  if (intent !== "remove" && role !== "owner" && role !== "staff") {
    return data<ActionResult>({ ok: false, message: "Choose a role: owner, or staff with permissions." }, { status: 400 });
  }
  const permissions = form.getAll("permissions").map(String);
  const choice = role === "owner" ? { role: "owner" as const } : { role: "staff" as const, permissions };
  try {
    switch (intent) {
      case "add":
        await addStaff(operations, { email, ...choice });
        return { ok: true, message: `${email.trim()} was added.` } satisfies ActionResult;
      case "change":
        await changeStaffRole(operations, { email, ...choice });
        return { ok: true, message: `${email} was changed.` } satisfies ActionResult;
      case "remove":
        await removeStaff(operations, { email });
        return { ok: true, message: `${email} was removed.` } satisfies ActionResult;
      default:
        return data<ActionResult>({ ok: false, message: "Choose add, change or remove." }, { status: 400 });
    }
  } catch (error) {
    return failureResult(error);
  }
}

export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const addForm = useResetAfterSuccess(result);
  const { csrfToken } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">Staff</h1>
      <ActionMessage result={result} />
      <section aria-labelledby="add-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="add-heading" className="text-xl font-bold text-brand-900">
          Add someone
        </h2>
        <Form ref={addForm} method="post" className="mt-3 space-y-3">
          <input type="hidden" name="csrf" value={csrfToken} />
          <input type="hidden" name="intent" value="add" />
          <div>
            <label htmlFor="add-email" className="block font-semibold">
              Email
            </label>
            <input
              id="add-email"
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="off"
              className="mt-1 w-full max-w-md rounded-lg border border-slate-400 px-3 py-2"
            />
          </div>
          <RoleFields idPrefix="add" current="staff" permissions={[]} />
          <button type="submit" className="rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-900">
            Add
          </button>
        </Form>
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
                  <Form method="post" className="space-y-2">
                    <input type="hidden" name="csrf" value={csrfToken} />
                    <input type="hidden" name="intent" value="change" />
                    <input type="hidden" name="email" value={person.email} />
                    <RoleFields idPrefix={`staff-${index}`} current={person.role} permissions={person.permissions} />
                    <button
                      type="submit"
                      className="rounded-full border border-slate-400 px-4 py-2 font-semibold hover:bg-slate-50"
                    >
                      Save {person.email}
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="csrf" value={csrfToken} />
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="email" value={person.email} />
                    <button
                      type="submit"
                      className="rounded-full border border-red-300 px-4 py-2 font-semibold text-sale hover:bg-red-50"
                    >
                      Remove {person.email}
                    </button>
                  </Form>
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
            {LABELS[permission]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
